/**
 * Server seeds for tests. The deck is a pure function of the seed (shuffleDeck), so a test that
 * needs particular cards searches seeds until the reducer deals what it needs, then hands that seed
 * to the runtime through its `seedSource` option.
 */
import { applyAction, type TableState } from '@svara/core';

/** The i-th test seed: 64 hex characters. */
export function testSeed(i: number): string {
  return i.toString(16).padStart(8, '0').repeat(8);
}

/**
 * The first test seed (from `from`) whose deal on `state` satisfies `wanted`, or throws after
 * `limit` tries. `state` must be ready for start_hand.
 */
export function findSeed(
  state: TableState,
  wanted: (dealt: TableState) => boolean,
  options: { clientSeed?: string; from?: number; limit?: number; now?: number } = {},
): { seed: string; dealt: TableState } {
  const { clientSeed = 'svara', from = 1, limit = 20_000, now = 0 } = options;
  for (let i = from; i < from + limit; i++) {
    const seed = testSeed(i);
    const r = applyAction(state, { type: 'start_hand', serverSeed: seed, clientSeed }, now);
    if (!r.ok) throw new Error(`start_hand refused: ${r.error.code}`);
    if (wanted(r.state)) return { seed, dealt: r.state };
  }
  throw new Error(`no seed in ${limit} tries deals what the test needs`);
}

/** Scores of the players dealt in, in turn order. */
export function dealtScores(state: TableState): number[] {
  return state.hand?.players.map((p) => p.score) ?? [];
}
