/**
 * A table's seeds (RULES §7, FAIRNESS.md). The server seed of each hand is drawn as soon as that
 * hand is foreseeable (the table waits for it, or the hand before it is over) and its hash is shown
 * until the deal, which must use it. It is stored (pending-seed.ts) before it is first shown, so a
 * restart or a takeover finds it and shows the same; as a hand is dealt, the seed of the hand after
 * it is drawn and stored in the background (with other tables' seeds drawn ahead: pending-seed.ts),
 * so the step that ends the hand waits for no write.
 *
 * The client seed of a deal mixes the players' contributions to that hand: each is taken only while
 * the table shows that hand's commitment (so it was made after the server seed was fixed: the
 * server cannot choose its seed knowing them), kept in the database (seed-contributions.ts), and
 * mixed if its player is seated at the deal. The deal waits for no one: what arrived by then counts.
 */
import {
  awaitsNextSeed,
  combineClientSeeds,
  commitNextSeed,
  seedCommitment,
  type PlayerSeed,
  type TableState,
} from '@svara/core';
import type { Logger } from '../logger.js';
import type { RealtimeOptions } from './options.js';
import type { PendingSeedStore } from './pending-seed.js';
import type { SeedContributionStore } from './seed-contributions.js';
import { refuse, type ActResult, type Table } from './table-types.js';

type SeedDeps = {
  options: Pick<RealtimeOptions, 'seedSource' | 'drawSeed'>;
  pendingSeeds?: PendingSeedStore;
  contributions?: SeedContributionStore;
  logger: Logger;
};

export class TableSeeds {
  constructor(private readonly deps: SeedDeps) {}

  /** start_hand's seeds: the server seed committed for this hand, the seated players' client seeds. */
  forDeal(table: Table): { serverSeed: string; clientSeed: string; playerSeeds: PlayerSeed[] } {
    return { serverSeed: this.serverSeed(table), ...this.clientSeeds(table) };
  }

  /**
   * A player's contribution to the next hand's client seed, validated by the caller. Taken only
   * while the table shows that hand's commitment and, when the app names one, only for that very
   * commitment (a contribution made for a hand already dealt is refused, not moved to the next).
   * A table dealing test seeds commits nothing ahead: there it is taken while no hand is in play.
   * Stored before it is acknowledged; a later one of the same player to the same hand replaces it.
   * Runs as a step of the table's queue, so it is ordered with the deal.
   */
  async contribute(table: Table, userId: string, seed: string, commitment?: string): Promise<ActResult> {
    const state = table.state;
    const shown = state.nextCommitment ?? null;
    if (shown === null) {
      const between = state.hand === null || state.hand.phase === 'over';
      if (!this.deps.options.seedSource || !between || commitment !== undefined)
        return refuse('action_not_allowed', 'no commitment is shown now: a hand is in play');
    } else if (commitment !== undefined && commitment !== shown) {
      return refuse('action_not_allowed', 'not the commitment shown now');
    }
    const handNumber = state.handNumber + 1;
    await this.deps.contributions?.add(table.roomId, {
      handNumber,
      userId,
      seed,
      commitment: commitment ?? null,
    });
    this.contributionsTo(table, handNumber).set(userId, seed);
    return { ok: true };
  }

  /** A table brought back from the database: the contributions to its next hand come back too. */
  async restoreContributions(table: Table): Promise<void> {
    const store = this.deps.contributions;
    if (!store) return;
    const handNumber = table.state.handNumber + 1;
    const kept = await store.forHand(table.roomId, handNumber);
    const seeds = this.contributionsTo(table, handNumber);
    // One that named a commitment counts only for that commitment (the one shown: it never changes).
    const shown = table.state.nextCommitment ?? null;
    for (const c of kept) {
      if (c.commitment === null || c.commitment === shown) seeds.set(c.userId, c.seed);
    }
  }

  /** The contributions to hand `handNumber` (those to an earlier hand are dropped). */
  private contributionsTo(table: Table, handNumber: number): Map<string, string> {
    if (table.contributions.handNumber !== handNumber) {
      table.contributions = { handNumber, seeds: new Map() };
    }
    return table.contributions.seeds;
  }

  /** `state` showing the next hand's commitment when one is due now (else `state` as it is). */
  async commitIfDue(table: Table, state: TableState): Promise<TableState> {
    if (this.deps.options.seedSource || !awaitsNextSeed(state)) return state;
    const handNumber = state.handNumber + 1;
    if (table.nextSeedWrite) {
      // Drawn ahead and maybe still waiting for other tables' seeds: it is needed now.
      this.deps.pendingSeeds?.flush?.();
      await table.nextSeedWrite;
    }
    let next = table.nextSeed?.handNumber === handNumber ? table.nextSeed : null;
    if (!next) {
      const drawn = { handNumber, seed: this.deps.options.drawSeed() };
      next = this.deps.pendingSeeds ? await this.deps.pendingSeeds.keep(table.roomId, drawn) : drawn;
      // Another node's seed for a later hand: this node's table is behind (it lost the room).
      if (next.handNumber !== handNumber)
        throw new Error(`the room's pending seed is for hand ${next.handNumber}`);
      table.nextSeed = next;
    }
    return commitNextSeed(state, seedCommitment(next.seed));
  }

  /**
   * Hand `handNumber - 1` was just dealt: hand `handNumber`'s seed is drawn and stored in the
   * background, not shown until it is due. A failed write is drawn again then.
   */
  prefetch(table: Table, handNumber: number): void {
    const store = this.deps.pendingSeeds;
    if (!store || this.deps.options.seedSource) return;
    const drawn = { handNumber, seed: this.deps.options.drawSeed() };
    const write = store.keep(table.roomId, drawn, { background: true }).then(
      (kept) => {
        if (kept.handNumber === handNumber) table.nextSeed = kept;
      },
      (error: unknown) =>
        this.deps.logger.warn({ roomId: table.roomId, err: error }, 'storing the next seed failed'),
    );
    table.nextSeedWrite = write;
    void write.finally(() => {
      if (table.nextSeedWrite === write) table.nextSeedWrite = null;
    });
  }

  /** The deal's server seed: the one committed for this hand (start_hand refuses any other). */
  private serverSeed(table: Table): string {
    const source = this.deps.options.seedSource;
    if (source) return source({ roomId: table.roomId, state: table.state });
    const next = table.nextSeed;
    if (next?.handNumber !== table.state.handNumber + 1)
      throw new Error('no seed committed for the next hand');
    return next.seed;
  }

  /**
   * The contributions to the hand about to be dealt of the players seated now, in seat order (the
   * mix sorts them anyway): with none, the default client seed.
   */
  private clientSeeds(table: Table): { clientSeed: string; playerSeeds: PlayerSeed[] } {
    const seeds = this.contributionsTo(table, table.state.handNumber + 1);
    const playerSeeds = [...table.state.seats]
      .sort((a, b) => a.position - b.position)
      .flatMap((seat) => {
        const seed = seeds.get(seat.playerId);
        return seed === undefined ? [] : [{ playerId: seat.playerId, seed }];
      });
    return { clientSeed: combineClientSeeds(playerSeeds.map((p) => p.seed)), playerSeeds };
  }
}
