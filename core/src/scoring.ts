/**
 * Hand scoring, RULES.md §1.
 *
 * A hand scores the highest of the readings in the rules table. Every score is computed once,
 * when this module loads, into a table over ordered triples of CANONICAL_DECK indices, so that
 * scoring a hand at run time is three index look-ups and one array read, with no allocation.
 */
import { CANONICAL_DECK, RANKS, SUITS, type Card, type Rank, type Suit } from './cards.js';

/** The lowest and highest scores a hand can have. */
export const MIN_HAND_SCORE = 8;
export const MAX_HAND_SCORE = 34;

const JOKER_VALUE = 11;
const RANK_VALUES: Readonly<Record<Rank, number>> = Object.freeze({
  A: 11,
  K: 10,
  Q: 10,
  J: 10,
  '10': 10,
  '9': 9,
  '8': 8,
  '7': 7,
});

/** A card's value: A = 11; K, Q, J, 10 = 10; 9, 8, 7 = face value; the joker (7♣) = 11. */
export function cardValue(card: Card): number {
  return isJokerParts(card.rank, card.suit) ? JOKER_VALUE : RANK_VALUES[card.rank];
}

const DECK_SIZE = RANKS.length * SUITS.length;

/**
 * The card's index in CANONICAL_DECK (suit by suit, ranks high to low), or -1 when the value is
 * not a valid card.
 */
export function cardIndex(card: Card): number {
  if (typeof card !== 'object' || card === null) return -1;
  const r = rankIndex(card.rank);
  const s = suitIndex(card.suit);
  if (r < 0 || s < 0) return -1;
  return s * RANKS.length + r;
}

// Positions in RANKS and SUITS by a switch on the name: the deal scores every hand it deals, and a
// look-up in a map with a null prototype (a dictionary to V8) cost more than the rest of scoring.
// Only the names themselves match ("toString" is no rank); scoring.test.ts checks every card.
function rankIndex(rank: string): number {
  switch (rank) {
    case 'A':
      return 0;
    case 'K':
      return 1;
    case 'Q':
      return 2;
    case 'J':
      return 3;
    case '10':
      return 4;
    case '9':
      return 5;
    case '8':
      return 6;
    case '7':
      return 7;
    default:
      return -1;
  }
}

function suitIndex(suit: string): number {
  switch (suit) {
    case 'hearts':
      return 0;
    case 'diamonds':
      return 1;
    case 'clubs':
      return 2;
    case 'spades':
      return 3;
    default:
      return -1;
  }
}

function isJokerParts(rank: Rank, suit: Suit): boolean {
  return rank === '7' && suit === 'clubs';
}

/**
 * Scores three distinct cards straight from the rules' readings. Used to fill the look-up
 * table; `scoreHand` is the public entry point.
 */
function scoreByReadings(a: Card, b: Card, c: Card): number {
  const hand = [a, b, c];
  const values = hand.map(cardValue);
  let best = Math.max(...values); // highest single card

  // Two or three cards of one suit: their sum. The joker is a club here.
  for (const suit of SUITS) {
    let count = 0;
    let sum = 0;
    hand.forEach((card, i) => {
      if (card.suit === suit) {
        count += 1;
        sum += values[i]!;
      }
    });
    if (count >= 2) best = Math.max(best, sum);
  }

  const jokerAt = hand.findIndex((card) => isJokerParts(card.rank, card.suit));
  if (jokerAt >= 0) {
    const others = hand.filter((_, i) => i !== jokerAt);
    const [x, y] = [others[0]!, others[1]!];
    // The joker with any one other card.
    best = Math.max(best, JOKER_VALUE + Math.max(cardValue(x), cardValue(y)));
    // The joker with two cards of one suit, or with a pair.
    if (x.suit === y.suit || x.rank === y.rank) {
      best = Math.max(best, JOKER_VALUE + cardValue(x) + cardValue(y));
    }
  }

  const countRank = (rank: Rank) => hand.filter((card) => card.rank === rank).length;
  if (jokerAt < 0 && countRank('A') >= 2) best = Math.max(best, 22); // two aces
  const sevens = countRank('7'); // the joker is a seven here
  if (sevens >= 2) best = Math.max(best, 23);
  if (sevens === 3) best = Math.max(best, 34);
  if (a.rank === b.rank && b.rank === c.rank && a.rank !== '7') {
    best = Math.max(best, 3 * RANK_VALUES[a.rank]); // three of a kind
  }
  return best;
}

/** Score of each ordered triple (a, b, c) of deck indices at a*1024 + b*32 + c; 0 = not a hand. */
const SCORE_TABLE: Uint8Array = (() => {
  const table = new Uint8Array(DECK_SIZE * DECK_SIZE * DECK_SIZE);
  const deck = CANONICAL_DECK;
  for (let a = 0; a < DECK_SIZE; a++) {
    for (let b = a + 1; b < DECK_SIZE; b++) {
      for (let c = b + 1; c < DECK_SIZE; c++) {
        const score = scoreByReadings(deck[a]!, deck[b]!, deck[c]!);
        for (const [i, j, k] of [
          [a, b, c],
          [a, c, b],
          [b, a, c],
          [b, c, a],
          [c, a, b],
          [c, b, a],
        ] as const) {
          table[(i << 10) | (j << 5) | k] = score;
        }
      }
    }
  }
  return table;
})();

function isDeckIndex(i: number): boolean {
  return (i | 0) === i && i >= 0 && i < DECK_SIZE;
}

/**
 * Score of the hand made of the cards at these CANONICAL_DECK indices (any order).
 * Throws RangeError unless they are three distinct integers in 0..31.
 */
export function scoreCardIndices(a: number, b: number, c: number): number {
  if (!isDeckIndex(a) || !isDeckIndex(b) || !isDeckIndex(c)) {
    throw new RangeError('a card index must be an integer from 0 to 31');
  }
  const score = SCORE_TABLE[(a << 10) | (b << 5) | c]!;
  if (score === 0) throw new RangeError('a hand needs three different cards');
  return score;
}

/**
 * Score of a three-card hand, RULES.md §1: the highest of all readings that apply, 8..34.
 * Throws RangeError unless `cards` holds exactly three distinct valid cards.
 */
export function scoreHand(cards: readonly Card[]): number {
  if (cards.length !== 3) throw new RangeError('a hand has exactly three cards');
  const a = cardIndex(cards[0]!);
  const b = cardIndex(cards[1]!);
  const c = cardIndex(cards[2]!);
  if (a < 0 || b < 0 || c < 0) throw new RangeError('not a card of the Svara deck');
  const score = SCORE_TABLE[(a << 10) | (b << 5) | c]!;
  if (score === 0) throw new RangeError('a hand needs three different cards');
  return score;
}
