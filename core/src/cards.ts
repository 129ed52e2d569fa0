/** Cards of the 32-card Svara deck. */

export const RANKS = ['A', 'K', 'Q', 'J', '10', '9', '8', '7'] as const;
export const SUITS = ['hearts', 'diamonds', 'clubs', 'spades'] as const;

export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];
export type Card = { rank: Rank; suit: Suit };

/** The deck in a fixed canonical order (suit by suit, ranks high to low): index 0..31. */
export const CANONICAL_DECK: readonly Card[] = Object.freeze(
  SUITS.flatMap((suit) => RANKS.map((rank) => Object.freeze({ rank, suit }))),
);

export function isJoker(card: Card): boolean {
  return card.rank === '7' && card.suit === 'clubs';
}

export function cardLabel(card: Card): string {
  const suitMark = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' } as const;
  return `${card.rank}${suitMark[card.suit]}`;
}
