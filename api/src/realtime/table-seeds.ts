/**
 * A table's seeds (RULES §7). The server seed of each hand is drawn as soon as that hand is
 * foreseeable (the table waits for it, or the hand before it is over), before the players' client
 * seeds of that hand are known, and its hash is shown until the deal, which must use it. It is
 * stored (pending-seed.ts) before it is first shown, so a restart or a takeover finds it and shows
 * the same; as a hand is dealt, the seed of the hand after it is drawn and stored in the background,
 * so the step that ends the hand waits for no write. The client seed of a deal mixes the seeds the
 * seated players chose.
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
import type { Table } from './table-types.js';

type SeedDeps = {
  options: Pick<RealtimeOptions, 'seedSource' | 'drawSeed'>;
  pendingSeeds?: PendingSeedStore;
  logger: Logger;
};

export class TableSeeds {
  constructor(private readonly deps: SeedDeps) {}

  /** start_hand's seeds: the server seed committed for this hand, the seated players' client seeds. */
  forDeal(table: Table): { serverSeed: string; clientSeed: string; playerSeeds: PlayerSeed[] } {
    return { serverSeed: this.serverSeed(table), ...this.clientSeeds(table) };
  }

  /**
   * A player at the table (seated, or about to sit: the app sends it before sit_down, so it is in
   * before the deal that follows) chose their client seed, validated by the caller. It goes into the
   * hands dealt while they sit.
   */
  setClientSeed(table: Table, userId: string, seed: string): void {
    table.clientSeeds.set(userId, seed);
  }

  /** `state` showing the next hand's commitment when one is due now (else `state` as it is). */
  async commitIfDue(table: Table, state: TableState): Promise<TableState> {
    if (this.deps.options.seedSource || !awaitsNextSeed(state)) return state;
    const handNumber = state.handNumber + 1;
    if (table.nextSeedWrite) await table.nextSeedWrite;
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
    const write = store.keep(table.roomId, drawn).then(
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
   * The seated players' client seeds mixed into the hand's client seed. The apps choose a random
   * seed for a player by default; a player whose app sent none adds nothing (with none at all, the
   * default seed). Seeds of players no longer seated are dropped.
   */
  private clientSeeds(table: Table): { clientSeed: string; playerSeeds: PlayerSeed[] } {
    const seated = new Set(table.state.seats.map((seat) => seat.playerId));
    for (const id of table.clientSeeds.keys()) if (!seated.has(id)) table.clientSeeds.delete(id);
    const playerSeeds = [...table.clientSeeds].map(([playerId, seed]) => ({ playerId, seed }));
    return { clientSeed: combineClientSeeds(playerSeeds.map((p) => p.seed)), playerSeeds };
  }
}
