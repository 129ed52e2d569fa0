/**
 * What the table runtime hands its store while a hand runs, against a store in memory: the hand's
 * state when it begins, then each action as the next step, numbered without gaps and in order even
 * when a background write fails, so that replaying the steps gives the table's state.
 */
import { seedCommitment, type PlayerMove, type TableState } from '@svara/core';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { createLogger } from '../logger.js';
import type { HandRow, HandStep, HandStore } from './hand-store.js';
import { EscrowNotEmptyError, replaySteps } from './hand-store.js';
import type { MoneyPlan } from './ledger-plan.js';
import { resolveOptions } from './options.js';
import type { PendingSeed } from './pending-seed.js';
import { TableRuntime } from './table-runtime.js';
import { HAND_RUNNING, type TableChange } from './table-types.js';
import { dealtScores, findSeed } from './test-support/seeds.js';

class MemoryStore implements HandStore {
  readonly written: HandRow[] = [];
  readonly stats = { parts: 0, batches: 0, fallbacks: 0, statements: 0 };
  /** Refuses the next write made of steps alone (a background write) once. */
  failNextBackgroundWrite = false;
  /** Refuses every write that settles a hand, as when its escrow no longer holds the pot. */
  failSettling = false;
  /** Writes refused for that. */
  settlingRefused = 0;

  async commit(_roomId: string, plan: MoneyPlan, rows: HandRow[]): Promise<void> {
    await Promise.resolve();
    if (this.failSettling && plan.settledEscrows.length > 0) {
      this.settlingRefused += 1;
      throw new EscrowNotEmptyError(plan.settledEscrows[0]!, -300);
    }
    const background = plan.transfers.length === 0 && rows.every((row) => row.step);
    if (background && this.failNextBackgroundWrite) {
      this.failNextBackgroundWrite = false;
      throw new Error('the database went away');
    }
    this.written.push(...rows);
  }
  async lastHandNumber(): Promise<number> {
    return 0;
  }
  async runningHands() {
    return [];
  }
  async voidHand() {
    return [];
  }

  /** The hand's first state and its steps, as written. */
  hand(handNumber: number): { state: TableState; steps: HandStep[] } {
    const rows = this.written.filter((row) => row.handNumber === handNumber);
    const first = rows.find((row) => row.isNew);
    if (!first?.state) throw new Error(`hand ${handNumber} has no first state`);
    return { state: first.state, steps: rows.flatMap((row) => (row.step ? [row.step] : [])) };
  }
}

const rooms = {
  get: async (id: string) => ({
    id,
    ownerId: null,
    stakeCents: 100,
    type: 'public' as const,
    status: 'open' as const,
    createdAt: new Date(),
    closedAt: null,
  }),
  hasAccess: async () => true,
  close: async () => undefined,
};

async function seatedTable() {
  const store = new MemoryStore();
  const roomId = randomUUID();
  const runtime = new TableRuntime({
    store,
    ledger: { walletBalance: async () => 100_000, escrowOf: async () => 0, balance: async () => 0 },
    rooms,
    // The first deal waits a moment, so that all three are dealt in.
    // Three different scores: the hand cannot end in a svara.
    options: resolveOptions({
      seedSource: ({ state }) => findSeed(state, (dealt) => new Set(dealtScores(dealt)).size === 3).seed,
      startDelayMs: 200,
      timings: { turnMs: 60_000, svaraMs: 60_000, resultMs: 60_000 },
    }),
    logger: createLogger({ level: 'silent', pretty: false }),
  });
  for (const id of ['7101', '7102', '7103']) {
    expect(await runtime.sit(roomId, { id, username: null, avatar: null })).toEqual({ ok: true });
  }
  const state = () => runtime.peek(roomId)!;
  await vi.waitFor(() => expect(state().hand?.players).toHaveLength(3));
  const onTurn = () => state().hand!.players[state().hand!.turn]!.playerId;
  const act = async (type: 'blind_bet' | 'look' | 'call' | 'fold') => {
    const action: PlayerMove = { type, playerId: onTurn() };
    expect(await runtime.act(roomId, action)).toEqual({ ok: true });
  };
  return { store, runtime, state, act };
}

/** The hand's steps are `types`, numbered from 1, and replayed onto its first state they give `state`. */
function expectSteps(store: MemoryStore, state: TableState, types: string[]): void {
  const { state: first, steps } = store.hand(state.handNumber);
  expect(steps.map((s) => [s.step, s.action.type])).toEqual(types.map((type, i) => [i + 1, type]));
  expect(replaySteps(first, steps)).toEqual(state);
}

describe('TableRuntime writes', () => {
  it('writes a running hand as its first state, then its actions as steps that replay to it', async () => {
    const { store, runtime, state, act } = await seatedTable();
    expect(state().status).toBe('blind_betting');
    await act('blind_bet');
    await act('look');
    await act('call');
    await runtime.shutdown();
    expect(state().status).toBe('betting');
    expectSteps(store, state(), ['blind_bet', 'look', 'call']);
  });

  it('writes the state whole when the hand ends', async () => {
    const { store, runtime, state, act } = await seatedTable();
    await act('blind_bet');
    await act('look');
    await act('call');
    await act('fold'); // the last one who had not acted: the hand is over
    await runtime.shutdown();
    expect(state().status).toBe('finished');
    expect(store.written.at(-1)).toEqual({
      handNumber: state().handNumber,
      state: state(),
      status: 'finished',
      isNew: false,
    });
  });

  it('keeps a step whose background write failed, and writes it first with the next money move', async () => {
    const { store, runtime, state, act } = await seatedTable();
    await act('blind_bet');
    store.failNextBackgroundWrite = true;
    await act('look'); // no money: written in the background, which fails
    await act('call'); // money: written before it is published, with the look before it
    await runtime.shutdown();
    expectSteps(store, state(), ['blind_bet', 'look', 'call']);
  });
});

describe('TableRuntime seeds (RULES §7)', () => {
  it('stores the next hand’s seed before its hash is first published, and deals that hand with it', async () => {
    const kept: PendingSeed[] = [];
    const changes: TableChange[] = [];
    /** Hashes published before their seed was kept (checked as each change is published): none. */
    const unkept: string[] = [];
    const roomId = randomUUID();
    const runtime = new TableRuntime({
      store: new MemoryStore(),
      ledger: { walletBalance: async () => 100_000, escrowOf: async () => 0, balance: async () => 0 },
      rooms,
      options: resolveOptions({ startDelayMs: 200, timings: { turnMs: 60_000, resultMs: 60_000 } }),
      logger: createLogger({ level: 'silent', pretty: false }),
      pendingSeeds: {
        keep: async (_roomId, drawn) => {
          await Promise.resolve();
          kept.push(drawn);
          return drawn;
        },
      },
    });
    runtime.setListener({
      changed: (change) => {
        changes.push(change);
        const shown = change.state.nextCommitment;
        if (shown !== null && !kept.some((k) => seedCommitment(k.seed) === shown)) unkept.push(shown);
      },
      closed: () => undefined,
    });
    for (const id of ['7201', '7202'])
      expect(await runtime.sit(roomId, { id, username: null, avatar: null })).toEqual({ ok: true });
    const shown = changes[0]!.state.nextCommitment;
    expect(kept).toEqual([{ handNumber: 1, seed: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(shown).toBe(seedCommitment(kept[0]!.seed));

    const state = () => runtime.peek(roomId)!;
    await vi.waitFor(() => expect(state().status).toBe('blind_betting'));
    expect(state().hand!.serverSeed).toBe(kept[0]!.seed);
    expect(state().nextCommitment).toBeNull();
    // Hand 2's seed is drawn and stored during hand 1 (the hand's end waits for no write), unshown.
    await vi.waitFor(() => expect(kept.map((k) => k.handNumber)).toEqual([1, 2]));
    expect(changes.every((c) => c.state.nextCommitment !== seedCommitment(kept[1]!.seed))).toBe(true);
    const onTurn = state().hand!.players[state().hand!.turn]!.playerId;
    expect(await runtime.act(roomId, { type: 'look', playerId: onTurn })).toEqual({ ok: true });
    expect(await runtime.act(roomId, { type: 'fold', playerId: onTurn })).toEqual({ ok: true });
    // The change that ends the hand reveals its seed and already shows the next one's hash.
    const end = changes.at(-1)!;
    expect(end.state.fairness!.revealedSeed).toBe(kept[0]!.seed);
    expect(kept.map((k) => k.handNumber)).toEqual([1, 2]);
    expect(end.state.nextCommitment).toBe(seedCommitment(kept[1]!.seed));
    expect(unkept).toEqual([]);
    await runtime.shutdown();
  });
});

describe('TableRuntime when a step keeps failing', () => {
  it('retries the step on a growing delay and logs the failures once in a while, not at the speed of the database', async () => {
    const store = new MemoryStore();
    const roomId = randomUUID();
    const logged: string[] = [];
    const runtime = new TableRuntime({
      store,
      ledger: { walletBalance: async () => 100_000, escrowOf: async () => 0, balance: async () => 0 },
      rooms,
      // Short turns: the players never act, so the time-outs end the hand (a settling step).
      options: resolveOptions({
        seedSource: ({ state }) => findSeed(state, (dealt) => new Set(dealtScores(dealt)).size === 2).seed,
        startDelayMs: 100,
        retryMs: 100,
        timings: { turnMs: 100, svaraMs: 60_000, resultMs: 60_000 },
      }),
      logger: pino({ level: 'error' }, { write: (line: string) => void logged.push(line) }),
    });
    store.failSettling = true;
    for (const id of ['7301', '7302']) {
      expect(await runtime.sit(roomId, { id, username: null, avatar: null })).toEqual({ ok: true });
    }
    const state = () => runtime.peek(roomId)!;
    await vi.waitFor(() => expect(store.settlingRefused).toBeGreaterThan(0), { timeout: 5_000 });
    const firstFailure = Date.now();
    await new Promise((r) => setTimeout(r, 2_000));
    // Retried after 0.1, 0.2, 0.4, 0.8 s…: a handful of tries in two seconds, one line in the log.
    expect(store.settlingRefused).toBeGreaterThanOrEqual(3);
    expect(store.settlingRefused).toBeLessThanOrEqual(6);
    const failures = logged.filter((line) => line.includes('table step failed'));
    expect(failures).toHaveLength(1);
    expect(JSON.parse(failures[0]!)).toMatchObject({ roomId, inARow: 1, unlogged: 0 });
    expect(HAND_RUNNING.has(state().status)).toBe(true);

    // The cause goes away: the next retry goes through, the hand ends and the streak with it.
    store.failSettling = false;
    await vi.waitFor(() => expect(HAND_RUNNING.has(state().status)).toBe(false), { timeout: 5_000 });
    expect(Date.now() - firstFailure).toBeLessThan(6_000);
    await runtime.shutdown();
  });
});
