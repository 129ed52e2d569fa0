import type { Suit } from '@svara/core';
import { h, r2, type SvgNode } from '../svg/tree.js';

/** Suit outlines drawn in a 100 × 100 box centred on (50, 50). */
export const SUIT_PATHS: Record<Suit, string> = {
  hearts:
    'M50 93C38 80 5 61 5 34C5 18 17 7 31 7C40 7 47 12 50 21C53 12 60 7 69 7C83 7 95 18 95 34C95 61 62 80 50 93Z',
  diamonds: 'M50 3C60 21 72 37 87 50C72 63 60 79 50 97C40 79 28 63 13 50C28 37 40 21 50 3Z',
  clubs:
    'M30 29a20 20 0 1 0 40 0a20 20 0 1 0 -40 0ZM8 59a20 20 0 1 0 40 0a20 20 0 1 0 -40 0ZM52 59a20 20 0 1 0 40 0a20 20 0 1 0 -40 0ZM39 54a11 11 0 1 0 22 0a11 11 0 1 0 -22 0Z' +
    'M46.5 58C46 76 41 87 31 95L69 95C59 87 54 76 53.5 58Z',
  spades:
    'M50 4C43 18 6 37 6 61C6 75 16 83 28 83C37 83 44 78 47 71C46 80 42 88 32 95L68 95C58 88 54 80 53 71' +
    'C56 78 63 83 72 83C84 83 94 75 94 61C94 37 57 18 50 4Z',
};

export const SUIT_INK: Record<Suit, string> = {
  hearts: '#c8102e',
  diamonds: '#c8102e',
  clubs: '#16161b',
  spades: '#16161b',
};

/** Lighter and darker tones of the ink for the gentle top-to-bottom sheen on pips and robes. */
export const SUIT_SHADES: Record<Suit, readonly [light: string, dark: string]> = {
  hearts: ['#e8334b', '#a50a23'],
  diamonds: ['#e8334b', '#a50a23'],
  clubs: ['#44444d', '#0b0b0e'],
  spades: ['#44444d', '#0b0b0e'],
};

export const SUIT_SYMBOL: Record<Suit, string> = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' };

/** A suit outline of the given size centred at (cx, cy), optionally turned upside down. */
export function suitShape(
  suit: Suit,
  cx: number,
  cy: number,
  size: number,
  fill: string,
  flipped = false,
): SvgNode {
  const s = size / 100;
  const turn = flipped ? ` rotate(180 50 50)` : '';
  return h('path', {
    d: SUIT_PATHS[suit],
    fill,
    transform: `translate(${r2(cx - size / 2)} ${r2(cy - size / 2)}) scale(${r2(s * 1000) / 1000})${turn}`,
  });
}
