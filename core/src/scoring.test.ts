import { describe, expect, it } from 'vitest';
import { CANONICAL_DECK, SUITS, type Card, type Rank, type Suit } from './cards.js';
import {
  MAX_HAND_SCORE,
  MIN_HAND_SCORE,
  cardIndex,
  cardValue,
  scoreCardIndices,
  scoreHand,
} from './scoring.js';

const SUIT_BY_MARK: Record<string, Suit> = { '♥': 'hearts', '♦': 'diamonds', '♣': 'clubs', '♠': 'spades' };

/** '7♣ K♥ K♦' → three cards. */
function hand(text: string): Card[] {
  return text.split(' ').map((label) => {
    const suit = SUIT_BY_MARK[label.slice(-1)];
    if (!suit) throw new Error(`bad card ${label}`);
    return { rank: label.slice(0, -1) as Rank, suit };
  });
}

/** Every 3-card hand of the deck, C(32,3) = 4960 of them. */
function allHands(): Card[][] {
  const hands: Card[][] = [];
  const d = CANONICAL_DECK;
  for (let a = 0; a < d.length; a++)
    for (let b = a + 1; b < d.length; b++)
      for (let c = b + 1; c < d.length; c++) hands.push([d[a]!, d[b]!, d[c]!]);
  return hands;
}

/**
 * The rules table read literally: look at every group of one, two or three cards of the hand,
 * list each reading that group makes, and take the highest. Written independently of the module
 * so the two can be compared over every hand.
 */
function literalScore(cards: Card[]): number {
  const joker = (c: Card) => c.rank === '7' && c.suit === 'clubs';
  const value = (c: Card) =>
    joker(c) ? 11 : (({ A: 11, '9': 9, '8': 8, '7': 7 } as Record<string, number>)[c.rank] ?? 10);
  const sum = (g: Card[]) => g.reduce((s, c) => s + value(c), 0);
  const oneSuit = (g: Card[]) => g.every((c) => c.suit === g[0]!.suit);
  const oneRank = (g: Card[]) => g.every((c) => c.rank === g[0]!.rank);
  const readings: number[] = [];
  for (let mask = 1; mask < 8; mask++) {
    const group = cards.filter((_, i) => mask & (1 << i));
    const withJoker = group.some(joker);
    const rest = group.filter((c) => !joker(c));
    if (group.length === 1) readings.push(value(group[0]!));
    if (group.length >= 2 && oneSuit(group)) readings.push(sum(group));
    if (withJoker && rest.length === 1) readings.push(11 + value(rest[0]!));
    if (withJoker && rest.length === 2 && (oneSuit(rest) || oneRank(rest))) readings.push(11 + sum(rest));
    if (!withJoker && group.length === 2 && group.every((c) => c.rank === 'A')) readings.push(22);
    if (group.length === 2 && group.every((c) => c.rank === '7')) readings.push(23);
    if (group.length === 3 && oneRank(group) && group[0]!.rank !== '7') readings.push(3 * value(group[0]!));
    if (group.length === 3 && group.every((c) => c.rank === '7')) readings.push(34);
  }
  return Math.max(...readings);
}

describe('card values', () => {
  it('are A = 11; K, Q, J, 10 = 10; 9, 8, 7 face value; the joker 7♣ = 11', () => {
    expect(hand('A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 7♣').map(cardValue)).toEqual([11, 10, 10, 10, 10, 9, 8, 7, 11]);
  });

  it('index a card by its place in the canonical deck', () => {
    CANONICAL_DECK.forEach((card, i) => expect(cardIndex({ ...card })).toBe(i));
    expect(cardIndex({ rank: '6', suit: 'clubs' } as unknown as Card)).toBe(-1);
    expect(cardIndex({ rank: 'A', suit: 'toString' } as unknown as Card)).toBe(-1);
  });
});

describe('scoreHand: the highest reading of RULES §1', () => {
  const named: Array<[string, string, number]> = [
    // Every example printed in RULES §1.
    ['rules: a pair of eights without the joker is nothing', '7♠ 8♣ 8♦', 8],
    ['rules: joker with a pair of eights', '7♣ 8♣ 8♦', 27],
    ['rules: two sevens', '7♠ 7♦ 10♦', 23],
    ['rules: two hearts', 'J♦ Q♥ A♥', 21],
    ['rules: two aces', '9♥ A♣ A♦', 22],
    ['rules: three diamonds', '9♦ 10♦ K♦', 29],
    ['rules: three kings', 'K♠ K♦ K♥', 30],
    ['rules: three sevens with the joker', '7♣ 7♦ 7♥', 34],
    ['rules: joker with two spades', '7♣ 9♠ J♠', 30],
    ['rules: two spades, the queen pair is nothing', '8♠ Q♠ Q♥', 18],
    ['rules: a queen pair is nothing', 'Q♣ Q♥ 9♦', 10],
    ['rules: joker with a pair of kings', '7♣ K♥ K♦', 31],
    ['rules: joker with a pair of aces', '7♣ A♥ A♦', 33],
    ['rules: three jacks', 'J♠ J♥ J♦', 30],
    ['rules: three aces', 'A♠ A♥ A♦', 33],
    ['rules: three nines', '9♠ 9♥ 9♦', 27],
    ['rules: three eights', '8♠ 8♥ 8♦', 24],
    // Highest single card.
    ['lowest unpaired mixed hand', '7♥ 8♦ 9♠', 9],
    ['mixed tens and pictures', '10♥ J♦ K♠', 10],
    ['a lone ace', 'A♠ 8♥ 9♦', 11],
    ['a king pair is nothing', 'K♥ K♦ 9♠', 10],
    ['a nine pair is nothing', '9♥ 9♦ 8♠', 9],
    // Cards of one suit.
    ['lowest two of one suit', '7♥ 8♥ 9♠', 15],
    ['ace and ten of spades', '10♠ A♠ 9♥', 21],
    ['eight pair, but eight and ten of hearts count', '8♥ 8♦ 10♥', 18],
    ['three hearts', 'A♥ K♥ Q♥', 31],
    ['lowest three of one suit', '7♦ 8♦ 9♦', 24],
    ['two clubs without the joker', '8♣ 9♣ A♥', 17],
    ['three clubs with the joker', '7♣ 8♣ 9♣', 28],
    ['joker, ace and king of clubs', '7♣ A♣ K♣', 32],
    // The joker with one other card.
    ['joker with a nine', '7♣ 8♥ 9♦', 20],
    ['joker with an ace', '7♣ A♠ 8♥', 22],
    ['joker with a ten', '7♣ 10♥ 9♦', 21],
    ['joker with a club eight and a nine', '7♣ 8♣ 9♦', 20],
    // The joker with two suited cards or a pair.
    ['joker with ace and king of hearts', '7♣ A♥ K♥', 32],
    ['joker with a pair of nines', '7♣ 9♥ 9♠', 29],
    ['joker with a pair of tens', '7♣ 10♥ 10♠', 31],
    ['joker with a king pair, one a club', '7♣ K♣ K♥', 31],
    // The joker with sevens.
    ['joker and a seven: two sevens (23) beat joker + 9 (20)', '7♣ 7♥ 9♠', 23],
    ['joker and a seven: two sevens (23) beat joker + ace (22)', '7♣ 7♥ A♠', 23],
    // Both readings apply literally and the rules take the highest: joker + the suited 7♦ A♦
    // makes 11 + 7 + 11 = 29, above two sevens (23). The seven counts in both readings.
    ['joker with a suited seven and ace: 29 beats two sevens', '7♣ 7♦ A♦', 29],
    ['joker with a suited seven and eight: 26 beats two sevens', '7♣ 7♥ 8♥', 26],
    ['three sevens with the joker', '7♣ 7♦ 7♠', 34],
    // Aces and sevens without the joker.
    ['two aces beat the highest card', 'A♥ A♦ K♠', 22],
    ['two aces (22) beat ace and king of clubs (21)', 'A♣ A♥ K♣', 22],
    ['two aces (22) beat ace and king of hearts (21)', 'A♥ A♦ K♥', 22],
    ['three aces, one a club', 'A♥ A♦ A♣', 33],
    ['two sevens and an ace', '7♥ 7♦ A♠', 23],
    ['two sevens (23) beat seven and ace of hearts (18)', '7♥ 7♦ A♥', 23],
    ['three sevens without the joker', '7♥ 7♦ 7♠', 34],
    // Three of a kind.
    ['three tens', '10♥ 10♦ 10♠', 30],
    ['three queens, one a club', 'Q♣ Q♥ Q♦', 30],
  ];

  it.each(named)('%s: %s = %i', (_name, text, expected) => {
    expect(scoreHand(hand(text))).toBe(expected);
  });

  it('names at least forty distinct hands', () => {
    const keys = new Set(named.map(([, text]) => text.split(' ').sort().join(' ')));
    expect(keys.size).toBe(named.length);
    expect(named.length).toBeGreaterThanOrEqual(40);
  });
});

describe('scoreHand over all 4960 hands', () => {
  const hands = allHands();

  it('covers C(32,3) hands', () => {
    expect(hands).toHaveLength(4960);
  });

  it('agrees with the rules table read literally, group by group', () => {
    for (const h of hands) expect(scoreHand(h)).toBe(literalScore(h));
  });

  it('stays within 8..34', () => {
    for (const h of hands) {
      const s = scoreHand(h);
      expect(s).toBeGreaterThanOrEqual(MIN_HAND_SCORE);
      expect(s).toBeLessThanOrEqual(MAX_HAND_SCORE);
    }
    expect([MIN_HAND_SCORE, MAX_HAND_SCORE]).toEqual([8, 34]);
  });

  it('does not depend on the order of the cards', () => {
    for (const [a, b, c] of hands) {
      const s = scoreHand([a!, b!, c!]);
      for (const p of [
        [a, c, b],
        [b, a, c],
        [b, c, a],
        [c, a, b],
        [c, b, a],
      ]) {
        expect(scoreHand(p as Card[])).toBe(s);
      }
    }
  });

  it('does not depend on which red or spade suit is which (clubs stay clubs)', () => {
    const others = SUITS.filter((s) => s !== 'clubs');
    const perms = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    for (const perm of perms) {
      const relabel = (suit: Suit): Suit => (suit === 'clubs' ? suit : others[perm[others.indexOf(suit)]!]!);
      for (const h of hands) {
        expect(scoreHand(h.map((c) => ({ rank: c.rank, suit: relabel(c.suit) })))).toBe(scoreHand(h));
      }
    }
  });

  it('reaches exactly 8–11 and 15–34: 12 to 14 cannot occur', () => {
    // Without a suit, pair-of-aces/sevens or joker reading a hand scores its best card (≤ 11);
    // any two cards of one suit already make 7 + 8 = 15, and the joker at least 11 + 7 = 18.
    const seen = new Set(hands.map(scoreHand));
    const expected = [8, 9, 10, 11, ...Array.from({ length: 20 }, (_, i) => 15 + i)];
    expect([...seen].sort((x, y) => x - y)).toEqual(expected);
  });

  it('counts the rarest scores as the rules imply', () => {
    const count = (score: number) => hands.filter((h) => scoreHand(h) === score).length;
    // 34: any three of the four sevens.
    expect(count(34)).toBe(4);
    // 33: three aces (4 hands) or the joker with two aces (6 hands).
    expect(count(33)).toBe(10);
    // 8: a non-club seven with two eights, all three suits different: 3 × 3 hands.
    expect(count(8)).toBe(9);
  });
});

describe('scoring refuses what is not a hand', () => {
  it('throws RangeError for the wrong number of cards', () => {
    expect(() => scoreHand(hand('A♠ K♠'))).toThrow(RangeError);
    expect(() => scoreHand(hand('A♠ K♠ Q♠ J♠'))).toThrow(RangeError);
    expect(() => scoreHand([])).toThrow(RangeError);
  });

  it('throws RangeError for a repeated card', () => {
    expect(() => scoreHand(hand('A♠ A♠ K♠'))).toThrow(RangeError);
    expect(() => scoreHand(hand('7♣ 7♣ 7♣'))).toThrow(RangeError);
  });

  it('throws RangeError for a card outside the deck', () => {
    const six = { rank: '6', suit: 'hearts' } as unknown as Card;
    const star = { rank: 'A', suit: 'stars' } as unknown as Card;
    expect(() => scoreHand([six, ...hand('A♠ K♠')])).toThrow(RangeError);
    expect(() => scoreHand([...hand('A♠ K♠'), star])).toThrow(RangeError);
    expect(() => scoreHand([null as unknown as Card, ...hand('A♠ K♠')])).toThrow(RangeError);
  });

  it('scores deck indices the same way and refuses bad ones', () => {
    const at = (card: string) => cardIndex(hand(card)[0]!);
    expect(scoreCardIndices(at('7♣'), at('K♥'), at('K♦'))).toBe(31);
    expect(() => scoreCardIndices(0, 0, 1)).toThrow(RangeError);
    expect(() => scoreCardIndices(0, 1, 32)).toThrow(RangeError);
    expect(() => scoreCardIndices(-1, 1, 2)).toThrow(RangeError);
    expect(() => scoreCardIndices(0.5, 1, 2)).toThrow(RangeError);
    expect(() => scoreCardIndices(Number.NaN, 1, 2)).toThrow(RangeError);
  });
});
