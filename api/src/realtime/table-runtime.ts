/**
 * The authoritative tables. Each table has one writer: a serial queue that applies actions one at a
 * time, in arrival order, through the core reducer. For every applied action the runtime
 *   1. plans the ledger transfers of its events and commits them together with the hand's state
 *      (one database transaction: hand-store.ts),
 *   2. only then adopts the new state and tells the listener (which sends frames, sounds, balances),
 *   3. deals when the reducer says a hand is due, and re-arms the table's single timer at the next
 *      deadline (turn, svara window, result display).
 * Nothing waits for a client: time-outs, deals and svara windows run from the server clock.
 */
import { createHistogram } from 'node:perf_hooks';
import {
  applyAction,
  gameDeadline,
  isHousePlayerId,
  legalMoves,
  needsDeal,
  nextDeadline,
  type RoomCurrency,
  type StoodUpCode,
  type TableAction,
  type TableEvent,
  type TableState,
} from '@svara/core';
import { InsufficientBalanceError } from '../ledger/ledger.js';
import type { TableDirectory, TableSnapshot } from '../rooms/table-directory.js';
import { DeadlineTimer } from './deadline-timer.js';
import type { HandRow } from './hand-store.js';
import { handRows } from './hand-rows.js';
import {
  escrowReference,
  planMoney,
  seatBalance,
  walletBalancesAfter,
  type MoneyPlan,
} from './ledger-plan.js';
import { SeatConflictError, seatWrites } from './seat-store.js';
import { SerialQueue } from './serial-queue.js';
import { FailureStreak } from './step-failures.js';
import { recordSince } from './stats.js';
import { flagStandUps, takeStandUps } from './stand-ups.js';
import { newTable } from './table-resume.js';
import { TableSeeds } from './table-seeds.js';
import { EmptyRoomTimers } from './empty-room-timers.js';
import {
  HAND_RUNNING,
  refuse,
  type ActResult,
  type SeatUser,
  type Table,
  type TableListener,
  type TableRuntimeDeps,
} from './table-types.js';

/** What the table plays for: play chips at a practice table (RULES §8), dollars otherwise. */
const currencyOf = (table: Table): RoomCurrency => table.state.currency ?? 'usd';

export class TableRuntime implements TableDirectory {
  private readonly tables = new Map<string, Table>();
  private readonly opening = new Map<string, Promise<Table | null>>();
  /** userId → roomId of the one table the player sits at (their whole wallet is mirrored there). */
  private readonly seatedAt = new Map<string, string>();
  private listener: TableListener | null = null;
  private closing = false;
  readonly stats = { actions: 0, refused: 0, commits: 0, deals: 0, ticks: 0, failures: 0 };
  /** Microseconds a step waited for its money and hand state to be committed. */
  readonly commitTimes = createHistogram();

  private readonly seeds: TableSeeds;
  private readonly closers: EmptyRoomTimers;

  constructor(private readonly deps: TableRuntimeDeps) {
    this.seeds = new TableSeeds(deps);
    this.closers = new EmptyRoomTimers(
      deps.options.emptyRoomCloseMs,
      (roomId) => void this.closeIfIdle(roomId),
    );
  }

  setListener(listener: TableListener): void {
    this.listener = listener;
  }

  private get clock(): () => number {
    return this.deps.options.clock;
  }

  // --- reading

  /** The table's state, or null when the room has no table in memory. */
  peek(roomId: string): TableState | null {
    return this.tables.get(roomId)?.state ?? null;
  }

  /** Every player seated at a table of this node. */
  seatedPlayers(): string[] {
    return [...this.seatedAt.keys()];
  }

  /** The room the player sits in, if any. */
  seatOf(userId: string): string | undefined {
    return this.seatedAt.get(userId);
  }

  summary(roomId: string): TableSnapshot {
    const s = this.tables.get(roomId)?.state;
    if (!s) return { players: [], handRunning: false, status: 'waiting' };
    return {
      players: s.seats.map((seat) => ({ id: seat.playerId })),
      handRunning: HAND_RUNNING.has(s.status),
      status: s.status,
    };
  }

  holds(roomId: string): boolean {
    return this.tables.has(roomId);
  }

  get tableCount(): number {
    return this.tables.size;
  }

  // --- opening tables

  /** The room's table, created on first use; null when the room does not exist or is closed. */
  open(roomId: string): Promise<Table | null> {
    const existing = this.tables.get(roomId);
    if (existing) return Promise.resolve(existing);
    let pending = this.opening.get(roomId);
    if (!pending) {
      pending = this.load(roomId).finally(() => this.opening.delete(roomId));
      this.opening.set(roomId, pending);
    }
    return pending;
  }

  private async load(roomId: string): Promise<Table | null> {
    if (this.closing) return null;
    const room = await this.deps.rooms.get(roomId);
    if (!room || room.status !== 'open') return null;
    if (this.deps.lease && !(await this.deps.lease.acquire(roomId))) return null;
    // What the database holds of the room's table: its running hand and its seats (table-resume.ts).
    const restored = this.deps.resume
      ? await this.deps.resume.restore(room)
      : await newTable(room, this.deps.store, this.deps.options.timings, this.deps.tournaments);
    const table: Table = {
      roomId,
      type: room.type,
      kept: room.houseKept === true,
      state: restored.state,
      queue: new SerialQueue(),
      timer: new DeadlineTimer(() => this.onDeadline(table), this.clock),
      rowStatus: restored.rowStatus,
      viewers: 0,
      dealAt: null,
      steps: restored.steps,
      writing: Promise.resolve(),
      unwritten: [],
      flushing: false,
      suspended: new Set(),
      blocked: new Map(),
      markedAway: new Set(restored.markedAway),
      contributions: { handNumber: restored.state.handNumber + 1, seeds: new Map() },
      nextSeed: null,
      nextSeedWrite: null,
      failures: new FailureStreak(),
    };
    // A table that waits for its next hand shows that hand's seed hash from its first frame on, and
    // the contributions to that hand made before a restart still count.
    table.state = await this.seeds.commitIfDue(table, table.state);
    await this.seeds.restoreContributions(table);
    this.tables.set(roomId, table);
    for (const seat of table.state.seats) {
      this.seatedAt.set(seat.playerId, roomId);
      // A seat brought back by a restart: its play session goes on (or starts, if none is open).
      this.deps.protection?.seatChanged(seat.playerId, roomId, true, true);
    }
    this.scheduleCloseIfIdle(table);
    // A rebuilt hand's clock runs again (and a due deal is made).
    if (table.state.seats.length > 0) void table.queue.run(() => this.advance(table));
    return table;
  }

  // --- player intents

  /** Sits the player down with their whole wallet (at least 10 stakes; private rooms need access). */
  async sit(roomId: string, user: SeatUser, position?: number): Promise<ActResult> {
    if (await this.deps.suspension?.isSuspended(user.id)) return refuse('account_suspended');
    const table = await this.open(roomId);
    if (!table) return refuse('game_not_found');
    if (table.type === 'private' && !(await this.deps.rooms.hasAccess(roomId, user.id))) {
      return refuse('forbidden', 'no access to this private room');
    }
    const elsewhere = this.seatedAt.get(user.id);
    if (elsewhere !== undefined && elsewhere !== roomId) return refuse('seated_elsewhere');
    // A Sit & Go's entrant keeps their one seat for it (RULES §9).
    if (!table.state.tournament && (await this.deps.tournaments?.isEntered(user.id))) {
      return refuse('tournament_elsewhere');
    }
    // Reserved now, synchronously, so two sit-downs at two tables cannot both pass the check.
    if (elsewhere === undefined) this.seatedAt.set(user.id, roomId);
    const result = await this.run(table, async () => {
      // A Sit & Go's seats are taken by its organiser only (seatTournament).
      if (table.state.tournament) return refuse('forbidden', 'a Sit & Go seats its own players');
      const balance = await this.deps.ledger.walletBalance(user.id, currencyOf(table));
      return this.step(table, {
        type: 'sit',
        playerId: user.id,
        ...(position === undefined ? {} : { position }),
        balance,
        username: user.username,
        avatar: user.avatar,
        ...(isHousePlayerId(user.id) ? { house: true } : {}),
      });
    });
    if (!result.ok && elsewhere === undefined && !this.isSeated(table, user.id)) {
      if (this.seatedAt.get(user.id) === roomId) this.seatedAt.delete(user.id);
    }
    return result;
  }

  /**
   * Seats a Sit & Go's players at its table (RULES §9), each with their tournament chips at the seat
   * drawn for them. A player already seated there keeps the seat (a repeated call after a restart).
   */
  async seatTournament(
    roomId: string,
    players: readonly (SeatUser & { position: number })[],
  ): Promise<ActResult> {
    const table = await this.open(roomId);
    if (!table) return refuse('game_not_found');
    if (!table.state.tournament) return refuse('forbidden', 'not a Sit & Go table');
    return this.run(table, async () => {
      for (const p of players) {
        if (this.isSeated(table, p.id)) continue;
        const balance = await seatBalance(this.deps.ledger, table.state, p.id);
        const r = await this.step(table, {
          type: 'sit',
          playerId: p.id,
          position: p.position,
          balance,
          username: p.username,
          avatar: p.avatar,
          ...(isHousePlayerId(p.id) ? { house: true } : {}),
        });
        if (!r.ok) return r;
      }
      return { ok: true };
    });
  }

  /**
   * An operator cancels a running Sit & Go: a hand in play is voided (its pot back to the players'
   * tournament chips), the seats are freed and the table leaves memory; the room closes.
   */
  async retireTournament(roomId: string): Promise<boolean> {
    const table = await this.open(roomId);
    // Another node runs the table (its lease): it is that node's to stop.
    if (!table) return false;
    await table.queue.run(async () => {
      table.timer.clear();
      await table.writing;
      const s = table.state;
      if (table.rowStatus === 'running' && s.hand) {
        await this.deps.store.voidHand({ roomId, handNumber: s.handNumber, state: s });
      }
      await this.deps.seats?.replaceRoom(roomId, []);
      for (const seat of s.seats) {
        if (this.seatedAt.get(seat.playerId) === roomId) this.seatedAt.delete(seat.playerId);
        this.deps.protection?.seatChanged(seat.playerId, roomId, false);
      }
      // Whatever is still queued for this table finds nobody seated and nothing in play.
      table.state = { ...s, seats: [], hand: null, svara: null, result: null, pot: 0, status: 'waiting' };
      this.tables.delete(roomId);
      this.closers.cancel(roomId);
    });
    await this.deps.rooms.close(roomId);
    this.listener?.closed(roomId);
    return true;
  }

  /** A player's move at the table: blind_bet, look, call, raise, fold, join_svara, skip_svara, back. */
  async act(
    roomId: string,
    action: Exclude<TableAction, { type: 'sit' | 'start_hand' | 'tick' | 'set_balance' }>,
  ) {
    const table = this.tables.get(roomId);
    if (!table) return refuse('not_seated');
    return this.run(table, () => this.step(table, action));
  }

  /**
   * The client's turn timer ran out. Honoured only on the player's own turn: once the deadline has
   * passed it is the server's time-out; before that, a fold if folding is legal now.
   */
  async autoFold(roomId: string, userId: string): Promise<ActResult> {
    const table = this.tables.get(roomId);
    if (!table) return refuse('not_seated');
    return this.run(table, () => {
      const s = table.state;
      const h = s.hand;
      if (!this.isSeated(table, userId)) return refuse('not_seated');
      const onTurn = h && (s.status === 'blind_betting' || s.status === 'betting') && h.turn >= 0;
      if (!onTurn || h.players[h.turn]!.playerId !== userId) return refuse('not_your_turn');
      const deadline = gameDeadline(s);
      if (deadline && this.clock() >= deadline.at) return this.step(table, { type: 'tick' });
      if (!legalMoves(s, userId).fold) return refuse('action_not_allowed', 'the turn has time left');
      return this.step(table, { type: 'fold', playerId: userId });
    });
  }

  async leave(roomId: string, userId: string): Promise<ActResult> {
    const table = this.tables.get(roomId);
    if (!table) return refuse('not_seated');
    return this.run(table, () => this.step(table, { type: 'leave', playerId: userId }));
  }

  /** The player's wallet changed outside the table (deposit, withdrawal): the seat follows it. */
  async walletChanged(userId: string): Promise<void> {
    const roomId = this.seatedAt.get(userId);
    const table = roomId === undefined ? undefined : this.tables.get(roomId);
    if (!table) return;
    await this.run(table, () => this.syncBalance(table, userId));
  }

  /**
   * An operator suspended (or unsuspended) the account. A seated player keeps playing the hand in
   * progress and is stood up when it ends, or at once when no hand is in play.
   */
  async suspensionChanged(userId: string, suspended: boolean): Promise<void> {
    const roomId = this.seatedAt.get(userId);
    const table = roomId === undefined ? undefined : this.tables.get(roomId);
    if (!table) return;
    if (!suspended) {
      table.suspended.delete(userId);
      return;
    }
    table.suspended.add(userId);
    await this.run(table, () => this.standUpFlagged(table));
  }

  /**
   * Player protection stands the player up (a cool-off or self-exclusion just started): the hand in
   * progress is played out, then the seat is freed and the player told `code`.
   */
  async protectionChanged(userId: string, code: StoodUpCode): Promise<void> {
    const roomId = this.seatedAt.get(userId);
    const table = roomId === undefined ? undefined : this.tables.get(roomId);
    if (!table) return;
    table.blocked.set(userId, code);
    await this.run(table, () => this.standUpFlagged(table));
  }

  /** The player's socket is back: a seat a restart made away is in play again. */
  async returned(userId: string): Promise<void> {
    const table = this.tables.get(this.seatedAt.get(userId) ?? '');
    if (!table?.markedAway.delete(userId)) return;
    await this.run(table, () => this.step(table, { type: 'back', playerId: userId }));
  }

  /** A socket started (+1) or stopped (−1) watching the room. */
  watch(roomId: string, delta: 1 | -1): void {
    const table = this.tables.get(roomId);
    if (!table) return;
    table.viewers = Math.max(0, table.viewers + delta);
    if (delta > 0) this.closers.cancel(roomId);
    else this.scheduleCloseIfIdle(table);
  }

  // --- the writer

  /**
   * Runs `task` as the table's next step, then deals if a hand is due and re-arms the timer. A
   * failure to write (the database) refuses the step and leaves the state as it was.
   */
  private run(table: Table, task: () => ActResult | Promise<ActResult>): Promise<ActResult> {
    return table.queue.run(async () => {
      let result: ActResult;
      try {
        result = await task();
      } catch (error) {
        result = await this.failed(table, error);
      }
      if (result.ok) this.stats.actions += 1;
      else this.stats.refused += 1;
      await this.advance(table);
      return result;
    });
  }

  /** Applies one action: commit its money and hand state first, then adopt it and publish it. */
  private async step(table: Table, action: TableAction): Promise<ActResult> {
    const before = table.state;
    const now = this.clock();
    const r = applyAction(before, action, now);
    if (!r.ok) return refuse(r.error.code, r.error.detail);
    // A hand this action ended makes the next one foreseeable: its seed is committed before anyone hears.
    const after = await this.seeds.commitIfDue(table, r.state);
    if (r.events.some((e) => e.type === 'hand_started')) {
      this.seeds.prefetch(table, after.handNumber + 1);
      // The next hand's escrow too, made with other tables' in one statement (ledger.ts).
      this.deps.ledger.prepareEscrow?.(
        escrowReference(table.roomId, after.handNumber + 1),
        currencyOf(table),
      );
    }
    const plan = planMoney(
      table.roomId,
      before.pot,
      before.handNumber,
      r.events,
      currencyOf(table),
      before.tournament?.id,
    );
    const rows = handRows(table, before, after, plan, action, now);
    // Seats are written first: the unique keys refuse a sit-down taken elsewhere (SeatConflictError).
    const seats = this.deps.seats ? seatWrites(after, r.events) : [];
    if (seats.length > 0) await this.deps.seats!.record(table.roomId, seats);
    const moves = plan.transfers.length > 0 || plan.settledEscrows.length > 0;
    if (moves || rows.some((row) => row.isNew)) {
      // Money moves (or a hand begins or ends): written, with the hand, before anyone hears of it.
      // Steps still queued for the background go first, in the same commit, after any that the
      // write under way gives back (it failed).
      const queued = table.unwritten.splice(0);
      await table.writing;
      const earlier = [...table.unwritten.splice(0), ...queued];
      const started = performance.now();
      try {
        await this.deps.store.commit(table.roomId, plan, [...earlier, ...rows]);
      } catch (error) {
        table.unwritten.unshift(...earlier);
        throw error;
      }
      this.stats.commits += 1;
      recordSince(this.commitTimes, started);
    } else if (rows.length > 0) {
      this.persistLater(table, rows);
    }
    table.state = after;
    table.failures.succeeded();
    const own = rows.find((row) => row.handNumber === after.handNumber);
    if (own?.step) table.steps = own.step.step;
    else if (own) {
      table.rowStatus = own.status;
      table.steps = 0;
    } else if (after.handNumber !== before.handNumber) table.rowStatus = null;
    this.publish(table, before, after, r.events, plan, now);
    return { ok: true };
  }

  /**
   * A move without money (look, fold, a time-out, a svara decision, a seat change) is persisted right
   * after it is published, in the background: every step, in order, as a replay after a crash needs
   * them all. A write that fails keeps its rows first in line for the next one.
   */
  private persistLater(table: Table, rows: HandRow[]): void {
    table.unwritten.push(...rows);
    if (table.flushing) return;
    table.flushing = true;
    table.writing = table.writing.then(async () => {
      try {
        while (table.unwritten.length > 0) {
          const next = table.unwritten.splice(0);
          try {
            await this.deps.store.commit(table.roomId, { transfers: [], settledEscrows: [] }, next);
            this.stats.commits += 1;
          } catch (error) {
            table.unwritten.unshift(...next);
            this.deps.logger.error(
              { roomId: table.roomId, err: error },
              'writing hand steps failed; they go with the next write',
            );
            return;
          }
        }
      } finally {
        table.flushing = false;
      }
    });
  }

  private publish(
    table: Table,
    before: TableState,
    after: TableState,
    events: TableEvent[],
    plan: MoneyPlan,
    now: number,
  ): void {
    let seatsChanged = false;
    for (const e of events) {
      if (e.type === 'seat_changed') {
        seatsChanged = true;
        if (e.seated) this.seatedAt.set(e.playerId, table.roomId);
        else if (this.seatedAt.get(e.playerId) === table.roomId) this.seatedAt.delete(e.playerId);
        this.deps.protection?.seatChanged(e.playerId, table.roomId, e.seated);
      } else if (e.type === 'hand_started') this.stats.deals += 1;
    }
    // A hand that ends, or a svara hand's deal (the tied hand ends with it), is chained (fairness).
    if (events.some((e) => e.type === 'hand_finished' || (e.type === 'hand_started' && e.svara))) {
      this.deps.onHandsEnded?.(table.roomId);
    }
    this.listener?.changed({
      roomId: table.roomId,
      roomType: table.type,
      state: after,
      events,
      // Dollar wallets only: a practice table's chips are in its frames, never a dollar balance.
      balances: currencyOf(table) === 'usd' ? walletBalancesAfter(plan, before, after) : new Map(),
      lobby: seatsChanged || before.status !== after.status,
      now,
    });
    if (seatsChanged) this.scheduleCloseIfIdle(table);
  }

  /** After a step: deal while a hand is due, then arm the timer for the next deadline. */
  private async advance(table: Table): Promise<void> {
    try {
      await this.standUpFlagged(table);
      for (let deals = 0; deals < 3 && needsDeal(table.state) && this.dealDue(table); deals++) {
        // Before every deal the accounts are asked again: a suspension made on another node, or
        // whose signal was lost, still stands the player up before they are dealt in.
        if (!table.state.tournament && (await flagStandUps(table, this.deps))) {
          await this.standUpFlagged(table);
          if (!needsDeal(table.state)) break;
        }
        table.dealAt = null;
        const r = await this.step(table, { type: 'start_hand', ...this.seeds.forDeal(table) });
        if (!r.ok) {
          this.deps.logger.error({ roomId: table.roomId, code: r.code }, 'start_hand refused');
          break;
        }
      }
    } catch (error) {
      await this.failed(table, error);
    }
    this.arm(table);
  }

  /**
   * A hand is due: at once, or for a waiting table once `startDelayMs` has passed. Never on a node
   * shutting down: the hand in play is finished or resumed by the next one (recover()).
   */
  private dealDue(table: Table): boolean {
    if (this.closing) return false;
    const delay = this.deps.options.startDelayMs;
    if (delay <= 0 || table.state.status !== 'waiting') return true;
    if (table.dealAt === null) {
      table.dealAt = this.clock() + delay;
      return false;
    }
    return this.clock() >= table.dealAt;
  }

  private arm(table: Table): void {
    if (this.closing || this.tables.get(table.roomId) !== table) return;
    // After failed steps the timer waits longer each time (a deadline already past would fire at
    // once, and fail again, as fast as the database answers).
    const now = this.clock();
    const earliest = table.failures.retryAt(now, this.deps.options.retryMs);
    if (needsDeal(table.state)) {
      // A delayed first deal, or a deal that failed: try again shortly.
      table.timer.arm(Math.max(table.dealAt ?? now + this.deps.options.retryMs, earliest));
      return;
    }
    table.dealAt = null;
    const due = nextDeadline(table.state)?.at ?? null;
    table.timer.arm(due === null ? null : Math.max(due, earliest));
  }

  private onDeadline(table: Table): void {
    void this.run(table, () => {
      // A due deal is made by run()'s advance step.
      if (needsDeal(table.state)) return { ok: true };
      const deadline = nextDeadline(table.state);
      if (!deadline || this.clock() < deadline.at) return { ok: true };
      this.stats.ticks += 1;
      return this.step(table, { type: 'tick' });
    });
  }

  /**
   * A player's contribution to the next hand's client seed (RULES §7; table-seeds.ts), taken in the
   * table's order of steps: one that arrives before the deal step goes into that deal.
   */
  setClientSeed(roomId: string, userId: string, seed: string, commitment?: string): Promise<ActResult> {
    const table = this.tables.get(roomId);
    if (!table) return Promise.resolve(refuse('game_not_found'));
    return this.run(table, () => this.seeds.contribute(table, userId, seed, commitment));
  }

  private async failed(table: Table, error: unknown): Promise<ActResult> {
    this.stats.failures += 1;
    if (error instanceof SeatConflictError)
      return refuse(error.elsewhere ? 'seated_elsewhere' : 'seat_taken');
    if (error instanceof InsufficientBalanceError) {
      // The wallet holds less than the seat shows (a withdrawal raced the table): mirror it again.
      this.deps.logger.warn({ roomId: table.roomId, err: error }, 'wallet below the seat balance');
      for (const seat of table.state.seats) {
        try {
          await this.syncBalance(table, seat.playerId);
        } catch (syncError) {
          this.deps.logger.error({ roomId: table.roomId, err: syncError }, 'balance sync failed');
        }
      }
      return refuse('insufficientBalance');
    }
    // Logged at the first failure in a row, then once in a while with the count meanwhile.
    const notice = table.failures.failed(this.clock());
    if (notice.log) {
      const { inARow, unlogged } = notice;
      this.deps.logger.error(
        { roomId: table.roomId, err: error, inARow, unlogged },
        'table step failed; state unchanged',
      );
    }
    return refuse('unknown_error');
  }

  private async syncBalance(table: Table, userId: string): Promise<ActResult> {
    const seat = table.state.seats.find((s) => s.playerId === userId);
    if (!seat) return refuse('not_seated');
    const balance = await seatBalance(this.deps.ledger, table.state, userId);
    if (balance === seat.balance) return { ok: true };
    return this.step(table, { type: 'set_balance', playerId: userId, balance });
  }

  /** Stands up the flagged players once no hand is in play (a hand in progress is played out). */
  private async standUpFlagged(table: Table): Promise<ActResult> {
    if (HAND_RUNNING.has(table.state.status)) return { ok: true };
    // A Sit & Go's seat is kept until its player is out (RULES §9): its buy-in was checked at entry.
    if (table.state.tournament) {
      takeStandUps(table);
      return { ok: true };
    }
    for (const { userId, code } of takeStandUps(table)) {
      const result = await this.step(table, { type: 'leave', playerId: userId });
      if (!result.ok) continue;
      this.deps.logger.info({ roomId: table.roomId, userId, code }, 'player stood up');
      this.listener?.stoodUp?.(userId, table.roomId, code);
    }
    return { ok: true };
  }

  private isSeated(table: Table, userId: string): boolean {
    return table.state.seats.some((s) => s.playerId === userId);
  }

  // --- empty rooms

  /** Closes the room after `emptyRoomCloseMs` unless someone sits or watches meanwhile. */
  scheduleClose(roomId: string): void {
    if (!this.closing) this.closers.schedule(roomId);
  }

  private scheduleCloseIfIdle(table: Table): void {
    if (this.idle(table)) this.scheduleClose(table.roomId);
    else this.closers.cancel(table.roomId);
  }

  private idle(table: Table): boolean {
    return table.state.seats.length === 0 && table.viewers === 0 && table.state.pot === 0;
  }

  private async closeIfIdle(roomId: string): Promise<void> {
    const table = this.tables.get(roomId);
    try {
      if (table) {
        const closed = await table.queue.run(async () => {
          if (!this.idle(table) || this.tables.get(roomId) !== table) return false;
          if (!table.kept) await this.deps.rooms.close(roomId);
          table.timer.clear();
          this.tables.delete(roomId);
          return !table.kept;
        });
        if (!closed) return;
      } else {
        if (this.opening.has(roomId)) return;
        // A practice table the house keeps stays open with nobody at it.
        if ((await this.deps.rooms.get(roomId))?.houseKept) return;
        await this.deps.rooms.close(roomId);
      }
      this.listener?.closed(roomId);
    } catch (error) {
      this.deps.logger.error({ roomId, err: error }, 'closing an empty room failed');
    }
  }

  // --- life cycle

  /**
   * After a restart: the tables with a hand left running or players seated are rebuilt and go on
   * (resumeRoom); other open rooms close if nobody comes within `emptyRoomCloseMs`. `openRoomIds`
   * are all the open rooms; `ours` those this node may run (with several nodes, the ones no live
   * node owns): the others are left alone, their hands and seats are their owners'.
   */
  async recover(openRoomIds: string[], ours: readonly string[] = openRoomIds): Promise<{ tables: number }> {
    const mine = new Set(ours);
    const found = (await this.deps.resume?.roomsToResume(openRoomIds)) ?? [];
    const rooms = found.filter((roomId) => mine.has(roomId));
    for (const roomId of rooms) await this.resumeRoom(roomId);
    for (const roomId of mine) if (!this.tables.has(roomId)) this.scheduleClose(roomId);
    return { tables: rooms.length };
  }

  /** Brings the room's table back from the database on this node (open() rebuilds it); false if it failed. */
  resumeRoom(roomId: string): Promise<boolean> {
    return this.open(roomId).then(
      (table) => table !== null,
      (error: unknown) => {
        this.deps.logger.error({ roomId, err: error }, 'resuming the table failed');
        return false;
      },
    );
  }

  /** Another node owns the room now (this one lost its lease): its table leaves memory, unwritten. */
  forget(roomId: string): void {
    const table = this.tables.get(roomId);
    if (!table) return;
    table.timer.clear();
    this.tables.delete(roomId);
    this.closers.cancel(roomId);
    for (const [userId, at] of this.seatedAt) if (at === roomId) this.seatedAt.delete(userId);
  }

  /** Deals no more, stops the timers, lets every queued step finish and writes what is unwritten. */
  async shutdown(): Promise<void> {
    this.closing = true;
    this.closers.clear();
    for (const table of this.tables.values()) table.timer.clear();
    await Promise.all([...this.tables.values()].map((t) => t.queue.drain()));
    for (const table of this.tables.values()) if (table.unwritten.length > 0) this.persistLater(table, []);
    await Promise.all([...this.tables.values()].map((t) => t.writing));
  }
}
