/**
 * The fast path shuffles exactly as shuffleDeck does, and the shuffle is uniform: chi-square tests
 * over 1,000,000 decks of the first card and of every (position, card) pair (RULES §7).
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANONICAL_DECK } from '../cards.js';
import { combineClientSeeds, DEFAULT_CLIENT_SEED, shuffleDeck } from '../shuffle.js';
import { chiSquareUniform, chiSquareUpperTail } from './chi-square.js';
import { createDeckShuffler } from './fast-shuffle.js';

const seedFor = (i: number | string) => createHash('sha256').update(`fast seed ${i}`).digest('hex');
const DECKS = 1_000_000;
/** A p-value below this fails the test: a correct shuffle fails it once in 10^6 runs. */
const P_FLOOR = 1e-6;

describe('createDeckShuffler', () => {
  it('gives the same deck as shuffleDeck, for short and 64-character client seeds', () => {
    const out = new Uint8Array(32);
    for (const clientSeed of [DEFAULT_CLIENT_SEED, combineClientSeeds(['a', 'b'])]) {
      const shuffle = createDeckShuffler(seedFor(clientSeed), clientSeed);
      for (const hand of [0, 1, 9, 10, 99, 12345, 2 ** 40]) {
        shuffle(hand, out);
        expect(Array.from(out, (k) => CANONICAL_DECK[k])).toEqual(
          shuffleDeck(seedFor(clientSeed), clientSeed, hand),
        );
      }
    }
  });

  it('refuses what shuffleDeck refuses', () => {
    expect(() => createDeckShuffler('00', 'x')).toThrow(RangeError);
    expect(() => createDeckShuffler(seedFor(1), 'a:b')).toThrow(RangeError);
    expect(() => createDeckShuffler(seedFor(1), 'x')(-1, new Uint8Array(32))).toThrow(RangeError);
  });
});

describe('the shuffle is uniform (1,000,000 decks)', () => {
  // One pass fills both tables: firstCard[c] and positions[p * 32 + c] = how often card c lay at p.
  const firstCard = new Float64Array(32);
  const positions = new Float64Array(32 * 32);
  beforeAll(() => {
    const out = new Uint8Array(32);
    const shuffle = createDeckShuffler(seedFor('uniformity'), DEFAULT_CLIENT_SEED);
    for (let hand = 0; hand < DECKS; hand++) {
      shuffle(hand, out);
      firstCard[out[0]!]! += 1;
      for (let p = 0; p < 32; p++) positions[p * 32 + out[p]!]! += 1;
    }
  }, 60_000);

  it('deals every card first equally often (chi-square, 31 degrees of freedom)', () => {
    const statistic = chiSquareUniform(firstCard, DECKS / 32);
    expect(chiSquareUpperTail(statistic, 31)).toBeGreaterThan(P_FLOOR);
  });

  it('puts every card at every position equally often (each position, and all 1024 pairs)', () => {
    for (let p = 0; p < 32; p++) {
      const row = positions.subarray(p * 32, p * 32 + 32);
      expect(chiSquareUpperTail(chiSquareUniform(row, DECKS / 32), 31)).toBeGreaterThan(P_FLOOR);
    }
    // Rows and columns each sum to DECKS: (32 − 1)² degrees of freedom for the whole table.
    expect(chiSquareUpperTail(chiSquareUniform(positions, DECKS / 32), 31 * 31)).toBeGreaterThan(P_FLOOR);
  });

  it('would catch a biased shuffle: the classic "swap with any position" mistake fails', () => {
    // Sanity check of the test itself: i ↔ j with j over the whole deck (not 0..i) is biased.
    const biased = new Float64Array(32 * 32);
    const deck = new Uint8Array(32);
    let x = 12345;
    const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), x);
    for (let n = 0; n < 200_000; n++) {
      for (let k = 0; k < 32; k++) deck[k] = k;
      for (let i = 31; i > 0; i--) {
        const j = next() % 32;
        [deck[i], deck[j]] = [deck[j]!, deck[i]!];
      }
      for (let p = 0; p < 32; p++) biased[p * 32 + deck[p]!]! += 1;
    }
    expect(chiSquareUpperTail(chiSquareUniform(biased, 200_000 / 32), 31 * 31)).toBeLessThan(P_FLOOR);
  });
});

describe('chiSquareUpperTail', () => {
  it('matches published critical values', () => {
    // χ² tables: df 31 → 44.985 at p = 0.05, 52.191 at p = 0.01; df 961 → 1034.6 at p ≈ 0.05.
    expect(chiSquareUpperTail(44.985, 31)).toBeCloseTo(0.05, 3);
    expect(chiSquareUpperTail(52.191, 31)).toBeCloseTo(0.01, 3);
    expect(chiSquareUpperTail(31, 31)).toBeGreaterThan(0.4);
    expect(chiSquareUpperTail(0, 31)).toBe(1);
  });
});
