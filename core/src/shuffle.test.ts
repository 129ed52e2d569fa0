import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { referenceUint32Stream } from './test-support/reference-stream.js';
import { CANONICAL_DECK, cardLabel, type Card } from './cards.js';
import { hmacUint32Stream, uniformBelow } from './fair-random.js';
import {
  DEFAULT_CLIENT_SEED,
  combineClientSeeds,
  fairRandomInt,
  isServerSeedHex,
  seedCommitment,
  shuffleDeck,
  verifyDeck,
} from './shuffle.js';

/** A fixed, reproducible server seed for test number i. */
const seedFor = (i: number | string) => createHash('sha256').update(`test seed ${i}`).digest('hex');

const SEED_A = seedFor('a');
const SEED_B = seedFor('b');

function drawBelow(n: number, next: () => number): number {
  for (;;) {
    const u = next();
    if (u < 2 ** 32 - (2 ** 32 % n)) return u % n;
  }
}

/** Steps 2–5 of the doc comment in shuffle.ts, followed literally. */
function deckByHand(serverSeed: string, clientSeed: string, handNumber: number): Card[] {
  const next = referenceUint32Stream(serverSeed, (counter) => `${clientSeed}:${handNumber}:${counter}`);
  const deck = [...CANONICAL_DECK];
  for (let i = 31; i >= 1; i--) {
    const j = drawBelow(i + 1, next);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

const labels = (deck: readonly Card[]) => deck.map(cardLabel).join(' ');
const canonicalLabels = labels(CANONICAL_DECK);

describe('server seeds and the commitment', () => {
  it('accepts only 64 lowercase hex characters as a server seed', () => {
    expect(isServerSeedHex('0'.repeat(64))).toBe(true);
    expect(isServerSeedHex(SEED_A)).toBe(true);
    expect(isServerSeedHex(SEED_A.toUpperCase())).toBe(false);
    expect(isServerSeedHex('0'.repeat(63))).toBe(false);
    expect(isServerSeedHex('0'.repeat(65))).toBe(false);
    expect(isServerSeedHex(`${'0'.repeat(63)}g`)).toBe(false);
    expect(isServerSeedHex(`${'0'.repeat(64)}\n`)).toBe(false);
  });

  it('commits to SHA-256 of the seed bytes, not of its hex text', () => {
    // SHA-256 of 32 zero bytes, a published constant.
    expect(seedCommitment('0'.repeat(64))).toBe(
      '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
    );
    expect(seedCommitment(SEED_A)).toBe(
      createHash('sha256').update(Buffer.from(SEED_A, 'hex')).digest('hex'),
    );
    expect(seedCommitment(SEED_A)).not.toBe(seedCommitment(SEED_B));
  });

  it('is SHA-256 of the seed bytes for any seed (compared with node:crypto)', () => {
    for (let i = 0; i < 500; i++) {
      const seed = seedFor(`commitment ${i}`);
      expect(seedCommitment(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
    }
  });

  it('refuses a malformed seed', () => {
    expect(() => seedCommitment('abc')).toThrow(RangeError);
    expect(() => seedCommitment(SEED_A.toUpperCase())).toThrow(RangeError);
  });
});

describe('client seeds', () => {
  it('fall back to the default when no player chose one', () => {
    expect(combineClientSeeds([])).toBe(DEFAULT_CLIENT_SEED);
    expect(DEFAULT_CLIENT_SEED).not.toContain(':');
  });

  it('mix into SHA-256 of the sorted JSON list, whatever the order', () => {
    const mixed = combineClientSeeds(['zebra', 'apple', 'mango']);
    expect(mixed).toBe(createHash('sha256').update('["apple","mango","zebra"]').digest('hex'));
    expect(combineClientSeeds(['mango', 'zebra', 'apple'])).toBe(mixed);
    expect(mixed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differ whenever the chosen seeds differ', () => {
    const variants = [['a'], ['a', 'a'], ['ab', 'c'], ['a', 'bc'], ['abc'], [''], ['a:b'], ['a', 'b:c']];
    const mixed = variants.map(combineClientSeeds);
    expect(new Set(mixed).size).toBe(variants.length);
  });
});

describe('shuffleDeck', () => {
  it('follows the documented algorithm step by step (recomputed with node:crypto)', () => {
    for (let i = 0; i < 20; i++) {
      const clientSeed = i % 2 ? DEFAULT_CLIENT_SEED : combineClientSeeds([`player ${i}`]);
      expect(shuffleDeck(seedFor(i), clientSeed, i)).toEqual(deckByHand(seedFor(i), clientSeed, i));
    }
  });

  it('gives this exact deck for a published example', () => {
    // A fixed vector so that any change to the algorithm is caught: players' verifiers depend on it.
    const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
    const deck = shuffleDeck(seed, DEFAULT_CLIENT_SEED, 1);
    expect(labels(deck)).toBe(
      'A♠ 10♣ K♠ 9♣ Q♦ 10♠ 10♦ A♥ K♥ J♠ A♣ K♦ 8♥ Q♥ 9♦ J♥ Q♠ K♣ 7♦ 7♠ 8♠ 10♥ J♣ 7♣ A♦ J♦ 9♠ 9♥ 8♦ 8♣ 7♥ Q♣',
    );
    expect(deck).toEqual(deckByHand(seed, DEFAULT_CLIENT_SEED, 1));
  });

  it('is deterministic', () => {
    expect(shuffleDeck(SEED_A, 'x', 7)).toEqual(shuffleDeck(SEED_A, 'x', 7));
  });

  it('changes with the hand number, the client seed and the server seed', () => {
    const base = labels(shuffleDeck(SEED_A, 'x', 7));
    expect(labels(shuffleDeck(SEED_A, 'x', 8))).not.toBe(base);
    expect(labels(shuffleDeck(SEED_A, 'y', 7))).not.toBe(base);
    expect(labels(shuffleDeck(SEED_B, 'x', 7))).not.toBe(base);
  });

  it('always returns the 32 cards of the deck, each once, as fresh objects', () => {
    for (let i = 0; i < 300; i++) {
      const deck = shuffleDeck(seedFor(i), DEFAULT_CLIENT_SEED, i);
      expect(deck).toHaveLength(32);
      expect(deck.map(cardLabel).sort()).toEqual(CANONICAL_DECK.map(cardLabel).sort());
    }
    const deck = shuffleDeck(SEED_A, 'x', 1);
    deck[0]!.rank = 'A'; // callers own the result; the canonical deck stays as it is
    expect(labels(CANONICAL_DECK)).toBe(canonicalLabels);
  });

  it('refuses malformed inputs', () => {
    expect(() => shuffleDeck('00', 'x', 1)).toThrow(RangeError);
    expect(() => shuffleDeck(SEED_A, '', 1)).toThrow(RangeError);
    expect(() => shuffleDeck(SEED_A, 'a:b', 1)).toThrow(RangeError);
    expect(() => shuffleDeck(SEED_A, 'x', -1)).toThrow(RangeError);
    expect(() => shuffleDeck(SEED_A, 'x', 1.5)).toThrow(RangeError);
    expect(() => shuffleDeck(SEED_A, 'x', Number.NaN)).toThrow(RangeError);
  });
});

describe('shuffleDeck and fairRandomInt against node:crypto, over many random inputs', () => {
  /** mulberry32, seeded: the "random" inputs are the same on every run. */
  function prng(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
  }
  const random = prng(7);
  const below = (n: number) => Math.floor(random() * n);
  // Letters, digits, punctuation and multi-byte characters; never ':'.
  const alphabet = [...'abcdefXYZ0123456789-_. ', 'ж', 'é', '€', '🂡'];
  const clientSeedOf = (length: number) =>
    Array.from({ length }, () => alphabet[below(alphabet.length)]).join('');
  /** Hand numbers of 1 to 16 digits, up to the largest safe integer. */
  const handNumberOf = () =>
    Math.min(Math.floor(10 ** (random() * 16)) - 1 + below(2), Number.MAX_SAFE_INTEGER);
  const seedOf = () => Array.from({ length: 64 }, () => '0123456789abcdef'[below(16)]).join('');

  it('deals the reference deck for 3,000 random seeds, client seeds of 1 to 140 characters and hand numbers', () => {
    // Client seed lengths around 55 and 64 bytes put the counter and padding of the message in a
    // second SHA-256 block, or the whole first block in the client seed.
    for (let i = 0; i < 3000; i++) {
      const serverSeed = seedOf();
      const clientSeed = i % 10 === 0 ? combineClientSeeds([`p${i}`]) : clientSeedOf(1 + (i % 140));
      const handNumber = [0, 9, 10, 99, 100, 999, 1000, Number.MAX_SAFE_INTEGER][i % 16] ?? handNumberOf();
      expect(labels(shuffleDeck(serverSeed, clientSeed, handNumber))).toBe(
        labels(deckByHand(serverSeed, clientSeed, handNumber)),
      );
    }
  });

  it('draws the reference number for 3,000 random seeds, stream names and bounds', () => {
    const bounds = [1, 2, 3, 6, 7, 32, 1000, 2 ** 31 + 1, 2 ** 32 - 1, 2 ** 32];
    for (let i = 0; i < 3000; i++) {
      const serverSeed = seedOf();
      const clientSeed = clientSeedOf(1 + (i % 100));
      const handNumber = handNumberOf();
      const stream = i % 2 ? 'dealer' : clientSeedOf(1 + (i % 70));
      const bound = bounds[i % bounds.length]!;
      const next = referenceUint32Stream(
        serverSeed,
        (counter) => `${clientSeed}:${handNumber}:${stream}:${counter}`,
      );
      expect(fairRandomInt(serverSeed, clientSeed, handNumber, stream, bound)).toBe(drawBelow(bound, next));
    }
  });

  it('gives the same deck whatever was drawn or committed to before (no state carried over)', () => {
    const expected = labels(deckByHand(SEED_A, 'x', 5));
    expect(labels(shuffleDeck(SEED_A, 'x', 5))).toBe(expected);
    fairRandomInt(SEED_B, 'y'.repeat(130), 10 ** 15, 'dealer', 2 ** 31 + 1);
    seedCommitment(SEED_B);
    shuffleDeck(SEED_B, 'z'.repeat(200), 12);
    expect(labels(shuffleDeck(SEED_A, 'x', 5))).toBe(expected);
  });
});

describe('the seed kept from the last call', () => {
  it('never lets a malformed seed through, before or after a good one', async () => {
    vi.resetModules();
    const fresh = await import('./shuffle.js'); // nothing kept yet
    for (const bad of [null, undefined, '', 'nope'] as unknown as string[]) {
      expect(fresh.isServerSeedHex(bad)).toBe(false);
      expect(() => fresh.seedCommitment(bad)).toThrow(RangeError);
      expect(() => fresh.shuffleDeck(bad, 'x', 1)).toThrow(RangeError);
      expect(() => fresh.fairRandomInt(bad, 'x', 1, 'dealer', 6)).toThrow(RangeError);
    }
    expect(fresh.seedCommitment(SEED_A)).toBe(seedCommitment(SEED_A));
    expect(fresh.shuffleDeck(SEED_A, 'x', 1)).toEqual(shuffleDeck(SEED_A, 'x', 1));
    expect(fresh.isServerSeedHex(SEED_A)).toBe(true);
    expect(fresh.isServerSeedHex(SEED_A.toUpperCase())).toBe(false);
    expect(() => fresh.shuffleDeck('nope', 'x', 1)).toThrow(RangeError);
    expect(fresh.seedCommitment(SEED_B)).toBe(seedCommitment(SEED_B));
  });
});

describe('verifyDeck', () => {
  const handNumber = 42;
  const clientSeed = combineClientSeeds(['lucky']);
  const deck = shuffleDeck(SEED_A, clientSeed, handNumber);
  const commitment = seedCommitment(SEED_A);
  const honest = { serverSeed: SEED_A, clientSeed, handNumber, commitment, deck };

  it('accepts the revealed seed with its commitment and deck', () => {
    expect(verifyDeck(honest)).toBe(true);
    expect(verifyDeck({ ...honest, commitment: commitment.toUpperCase() })).toBe(true);
    expect(verifyDeck({ ...honest, deck: deck.map((c) => ({ ...c })) })).toBe(true);
  });

  it('rejects a commitment to another seed', () => {
    expect(verifyDeck({ ...honest, commitment: seedCommitment(SEED_B) })).toBe(false);
    expect(verifyDeck({ ...honest, serverSeed: SEED_B })).toBe(false);
    expect(verifyDeck({ ...honest, commitment: '' })).toBe(false);
  });

  it('rejects a deck with two cards swapped, one card replaced or one missing', () => {
    const swapped = [...deck];
    [swapped[3], swapped[17]] = [swapped[17]!, swapped[3]!];
    expect(verifyDeck({ ...honest, deck: swapped })).toBe(false);
    const replaced = [...deck];
    replaced[31] = deck[0]!;
    expect(verifyDeck({ ...honest, deck: replaced })).toBe(false);
    expect(verifyDeck({ ...honest, deck: deck.slice(0, 31) })).toBe(false);
  });

  it('rejects the deck under another hand number or client seed', () => {
    expect(verifyDeck({ ...honest, handNumber: handNumber + 1 })).toBe(false);
    expect(verifyDeck({ ...honest, clientSeed: DEFAULT_CLIENT_SEED })).toBe(false);
  });

  it('answers false rather than throwing on malformed input', () => {
    expect(verifyDeck({ ...honest, serverSeed: 'nope' })).toBe(false);
    expect(verifyDeck({ ...honest, clientSeed: 'a:b' })).toBe(false);
    expect(verifyDeck({ ...honest, handNumber: -3 })).toBe(false);
  });
});

describe('fairRandomInt', () => {
  it('follows the documented message format', () => {
    for (let i = 0; i < 20; i++) {
      const bound = 2 + i * 3;
      const next = referenceUint32Stream(seedFor(i), (counter) => `svara:${i}:dealer:${counter}`);
      expect(fairRandomInt(seedFor(i), 'svara', i, 'dealer', bound)).toBe(drawBelow(bound, next));
    }
  });

  it('is deterministic, within the bound, and spread evenly', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) {
      const value = fairRandomInt(SEED_A, 'x', i, 'dealer', 6);
      expect(fairRandomInt(SEED_A, 'x', i, 'dealer', 6)).toBe(value);
      counts[value]! += 1;
    }
    // χ² with 5 degrees of freedom; 25 is exceeded with probability ≈ 1e-4, and the inputs are fixed.
    const chi = counts.reduce((s, o) => s + (o - 1000) ** 2 / 1000, 0);
    expect(chi).toBeLessThan(25);
  });

  it('draws different numbers for different streams', () => {
    const a = Array.from({ length: 50 }, (_, i) => fairRandomInt(SEED_A, 'x', i, 'dealer', 2 ** 32));
    const b = Array.from({ length: 50 }, (_, i) => fairRandomInt(SEED_A, 'x', i, 'other', 2 ** 32));
    expect(a.filter((v, i) => v === b[i])).toEqual([]);
  });

  it('refuses malformed streams and bounds', () => {
    expect(() => fairRandomInt(SEED_A, 'x', 1, '', 5)).toThrow(RangeError);
    expect(() => fairRandomInt(SEED_A, 'x', 1, 'a:b', 5)).toThrow(RangeError);
    expect(() => fairRandomInt(SEED_A, 'x', 1, 'dealer', 0)).toThrow(RangeError);
    expect(() => fairRandomInt(SEED_A, 'x:y', 1, 'dealer', 5)).toThrow(RangeError);
  });
});

/** The statistic Σ (observed − expected)² / expected over the 32 × 32 (card, position) cells. */
function positionChiSquare(shuffles: number, shuffle: (i: number) => readonly Card[]): number {
  const index = new Map(CANONICAL_DECK.map((c, i) => [cardLabel(c), i]));
  const counts = new Float64Array(32 * 32);
  for (let i = 0; i < shuffles; i++) {
    shuffle(i).forEach((card, position) => {
      counts[index.get(cardLabel(card))! * 32 + position]! += 1;
    });
  }
  const expected = shuffles / 32;
  return counts.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
}

describe('card positions over 20,000 fixed shuffles', () => {
  // For uniformly random permutations of n = 32 cards, this statistic has mean n(n − 1) = 992
  // and is close to (n / (n − 1)) · χ² with (n − 1)² = 961 degrees of freedom (each row and
  // column of the table sums to the number of shuffles), so its standard deviation is about
  // (32/31) · √(2 · 961) ≈ 45. The bounds below are six standard deviations either side: a fair
  // shuffle lands outside them with probability about 1e-9, and the seeds are fixed, so the
  // outcome is the same on every run.
  const LOW = 992 - 6 * 45;
  const HIGH = 992 + 6 * 45;

  it('puts every card in every position equally often', () => {
    const stat = positionChiSquare(20_000, (i) => shuffleDeck(seedFor(i), DEFAULT_CLIENT_SEED, i));
    expect(stat).toBeGreaterThan(LOW);
    expect(stat).toBeLessThan(HIGH);
  });

  it('would catch the classic mistake of swapping with any position', () => {
    // The same random numbers driving a biased shuffle (j drawn below 32 at every step) must fail.
    const biased = (i: number) => {
      const next = hmacUint32Stream(Buffer.from(seedFor(i), 'hex'), `svara:${i}:`);
      const deck = [...CANONICAL_DECK];
      for (let k = 31; k > 0; k--) {
        const j = uniformBelow(32, next);
        [deck[k], deck[j]] = [deck[j]!, deck[k]!];
      }
      return deck;
    };
    expect(positionChiSquare(5_000, biased)).toBeGreaterThan(HIGH);
  });
});
