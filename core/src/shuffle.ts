/**
 * The fair shuffle, RULES.md §7: a provably fair deck order from a secret server seed that is
 * committed to before the deal and revealed after the hand. FAIRNESS.md at the repository's root is
 * its public specification, with test vectors that spec-vectors.test.ts recomputes from this code.
 *
 * How to recompute a deck by hand, given the revealed server seed (64 hex characters), the
 * client seed and the hand number shown for the hand:
 *
 * 1. Commitment. SHA-256 of the 32 bytes the server seed's hex spells (not of the hex text),
 *    written as lowercase hex, must equal the commitment shown before the deal.
 * 2. Number stream. For counter = 0, 1, 2, … compute the block
 *    HMAC-SHA256(key = those 32 seed bytes, message = the UTF-8 text
 *    `${clientSeed}:${handNumber}:${counter}`), with hand number and counter in plain decimal
 *    (e.g. `svara:17:0`). Cut each 32-byte block into eight 4-byte groups and read each as a
 *    big-endian unsigned 32-bit number. Taking the blocks in counter order gives one stream of
 *    numbers u₀, u₁, u₂, …
 * 3. Drawing an index below n. Take the next number u of the stream. If
 *    u ≥ 2³² − (2³² mod n) it is discarded and the next one is taken (so every index is
 *    equally likely); otherwise the index is u mod n.
 * 4. Shuffle. Start from the canonical deck, positions 0..31: hearts A K Q J 10 9 8 7, then
 *    diamonds, clubs and spades in the same rank order (CANONICAL_DECK). For i = 31 down to 1,
 *    draw an index j below i + 1 and swap the cards at positions i and j (Fisher–Yates).
 * 5. The resulting list, position 0 first, is the deck of the hand.
 *
 * Other draws from the same seeds (such as the first dealer) use `fairRandomInt`: the same
 * steps 2 and 3 with the message `${clientSeed}:${handNumber}:${stream}:${counter}`. A client
 * seed never contains ':', so a deck message has two colons and a draw message three: the two
 * never share a block.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { CANONICAL_DECK, type Card } from './cards.js';
import { HmacStream } from './fair-random.js';
import { sha256Of32Bytes, wordsFromHex, wordsToHex } from './hmac-sha256.js';

/** The client seed of a hand for which no seated player chose one. */
export const DEFAULT_CLIENT_SEED = 'svara';

const DECK_SIZE = CANONICAL_DECK.length;

// Scratch space reused by every call: these functions run to completion without calling out, so
// no two calls share it at once, and a hand's draws allocate nothing but the cards they return.
const numbers = new HmacStream();
const order = new Uint8Array(DECK_SIZE);
const seedWords = new Int32Array(8);
const digestWords = new Int32Array(8);
const scratchWords = new Int32Array(16);
// A deal checks its seed, its commitment and keys its draws with it several times (start_hand
// checks the seed and the commitment, shuffles, may draw the dealer, records the commitment): the
// last seed's answers are kept. Each is a function of the seed alone, so nothing else changes;
// a kept seed passed the check, and until one is kept (null) every input is checked.
let wellFormedSeed: string | null = null;
let keyedSeed: string | null = null;
let committedSeed: string | null = null;
let lastCommitment = '';

/** The number stream keyed with the (checked) server seed. */
function keyedWith(serverSeedHex: string): HmacStream {
  if (keyedSeed === null || serverSeedHex !== keyedSeed) {
    checkServerSeed(serverSeedHex);
    numbers.keyHex(serverSeedHex);
    keyedSeed = serverSeedHex;
  }
  return numbers;
}

/** A server seed on the wire: 32 bytes as 64 lowercase hex characters. */
export function isServerSeedHex(s: string): boolean {
  if (wellFormedSeed !== null && s === wellFormedSeed) return true;
  if (typeof s !== 'string' || s.length !== 64) return false;
  // What /^[0-9a-f]{64}$/ accepts, a character at a time: a deal checks a new seed each hand.
  for (let i = 0; i < 64; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  wellFormedSeed = s;
  return true;
}

function checkServerSeed(serverSeedHex: string): void {
  if (!isServerSeedHex(serverSeedHex)) {
    throw new RangeError('the server seed must be 64 lowercase hex characters');
  }
}

function checkClientSeed(clientSeed: string): void {
  if (typeof clientSeed !== 'string' || clientSeed.length === 0 || clientSeed.includes(':')) {
    throw new RangeError('the client seed must be a non-empty text without ":"');
  }
}

function checkHandNumber(handNumber: number): void {
  if (!Number.isSafeInteger(handNumber) || handNumber < 0) {
    throw new RangeError('the hand number must be a non-negative integer');
  }
}

/** The commitment shown before the deal: SHA-256 of the seed's 32 bytes, lowercase hex. */
export function seedCommitment(serverSeedHex: string): string {
  if (committedSeed === null || serverSeedHex !== committedSeed) {
    checkServerSeed(serverSeedHex);
    wordsFromHex(serverSeedHex, seedWords);
    sha256Of32Bytes(seedWords, digestWords, scratchWords);
    lastCommitment = wordsToHex(digestWords);
    committedSeed = serverSeedHex;
  }
  return lastCommitment;
}

/**
 * One client seed from the seeds the seated players chose, the same whatever their order:
 * SHA-256 of the UTF-8 JSON array of the seeds sorted by UTF-16 code units (JavaScript's default
 * sort), e.g. `["abc","xyz"]`, as lowercase hex. With no seeds, DEFAULT_CLIENT_SEED.
 */
export function combineClientSeeds(playerSeeds: readonly string[]): string {
  if (playerSeeds.length === 0) return DEFAULT_CLIENT_SEED;
  const sorted = [...playerSeeds].sort();
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(sorted))));
}

/**
 * Step 4 of the description at the top of this file on positions rather than cards: fills `out`
 * (32 entries) so that out[position] is the card's index in CANONICAL_DECK, drawing from `stream`
 * (already keyed and started with the deck's message prefix).
 */
export function shuffleDeckOrder(stream: HmacStream, out: Uint8Array): void {
  for (let k = 0; k < DECK_SIZE; k++) out[k] = k;
  for (let i = DECK_SIZE - 1; i > 0; i--) {
    const j = stream.below(i + 1);
    const held = out[i]!;
    out[i] = out[j]!;
    out[j] = held;
  }
}

/**
 * The deck of a hand, position 0 first: the Fisher–Yates shuffle described at the top of this
 * file. Throws RangeError for a malformed server seed, client seed or hand number.
 */
export function shuffleDeck(serverSeedHex: string, clientSeed: string, handNumber: number): Card[] {
  const positions = shuffledOrder(serverSeedHex, clientSeed, handNumber);
  const deck: Card[] = [];
  for (let k = 0; k < DECK_SIZE; k++) {
    const card = CANONICAL_DECK[positions[k]!]!;
    deck.push({ rank: card.rank, suit: card.suit });
  }
  return deck;
}

/**
 * The deck of a hand as shuffleDeck deals it, made of CANONICAL_DECK's own (frozen) cards rather
 * than copies: for the table's deal, which reads the cards and copies none it does not deal.
 */
export function shuffleCanonicalDeck(
  serverSeedHex: string,
  clientSeed: string,
  handNumber: number,
): readonly Card[] {
  const positions = shuffledOrder(serverSeedHex, clientSeed, handNumber);
  const deck: Card[] = [];
  for (let k = 0; k < DECK_SIZE; k++) deck.push(CANONICAL_DECK[positions[k]!]!);
  return deck;
}

/** shuffleDeckOrder for a hand into the reused `order` (read it before the next call). */
function shuffledOrder(serverSeedHex: string, clientSeed: string, handNumber: number): Uint8Array {
  const stream = keyedWith(serverSeedHex);
  checkClientSeed(clientSeed);
  checkHandNumber(handNumber);
  shuffleDeckOrder(stream.start(`${clientSeed}:${handNumber}:`), order);
  return order;
}

/**
 * A uniform integer in [0, bound) drawn from the hand's seeds for a named purpose (`stream`,
 * e.g. "dealer"), independent of the deck: steps 2 and 3 of the description at the top of this
 * file with the message `${clientSeed}:${handNumber}:${stream}:${counter}`.
 * `bound` is an integer from 1 to 2^32; `stream` is non-empty and has no ':'.
 */
export function fairRandomInt(
  serverSeedHex: string,
  clientSeed: string,
  handNumber: number,
  stream: string,
  bound: number,
): number {
  const source = keyedWith(serverSeedHex);
  checkClientSeed(clientSeed);
  checkHandNumber(handNumber);
  if (typeof stream !== 'string' || stream.length === 0 || stream.includes(':')) {
    throw new RangeError('the stream name must be a non-empty text without ":"');
  }
  return source.start(`${clientSeed}:${handNumber}:${stream}:`).below(bound);
}

/**
 * What a player checks after the reveal: the seed matches the commitment shown before the deal
 * (hex compared case-insensitively) and recomputes exactly this deck. Malformed input is false.
 */
export function verifyDeck(args: {
  serverSeed: string;
  clientSeed: string;
  handNumber: number;
  commitment: string;
  deck: readonly Card[];
}): boolean {
  const { serverSeed, clientSeed, handNumber, commitment, deck } = args;
  let expected: Card[];
  try {
    if (typeof commitment !== 'string' || seedCommitment(serverSeed) !== commitment.toLowerCase())
      return false;
    expected = shuffleDeck(serverSeed, clientSeed, handNumber);
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
  return (
    Array.isArray(deck) &&
    deck.length === expected.length &&
    expected.every((card, i) => deck[i]?.rank === card.rank && deck[i]?.suit === card.suit)
  );
}
