/** The worked examples of the in-app rules (RULES.md §1): three cards and their score. */
import type { Card, Rank, Suit } from '@svara/core';

const S: Record<string, Suit> = { h: 'hearts', d: 'diamonds', c: 'clubs', s: 'spades' };

function hand(text: string): Card[] {
  return text.split(' ').map((code) => ({ rank: code.slice(0, -1) as Rank, suit: S[code.slice(-1)]! }));
}

export const RULE_EXAMPLES: readonly { cards: Card[]; score: number }[] = [
  { cards: hand('7s 8c 8d'), score: 8 },
  { cards: hand('7c 8c 8d'), score: 27 },
  { cards: hand('7s 7d 10d'), score: 23 },
  { cards: hand('Jd Qh Ah'), score: 21 },
  { cards: hand('9h Ac Ad'), score: 22 },
  { cards: hand('9d 10d Kd'), score: 29 },
  { cards: hand('Ks Kd Kh'), score: 30 },
  { cards: hand('7c 7d 7h'), score: 34 },
  { cards: hand('7c 9s Js'), score: 30 },
  { cards: hand('8s Qs Qh'), score: 18 },
];
