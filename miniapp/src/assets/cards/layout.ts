import type { Rank } from '@svara/core';

/** The card is drawn in a 250 × 350 box (the 2.5 : 3.5 playing-card ratio). */
export const CARD_W = 250;
export const CARD_H = 350;
export const CARD_RADIUS = 16;
export const CARD_CENTER_Y = CARD_H / 2;
/** Height over width of every card. */
export const CARD_ASPECT = CARD_H / CARD_W;
/** The soft shadow the card components put under a card (a CSS filter). */
export const CARD_SHADOW = 'drop-shadow(0 1px 2px rgba(0, 0, 0, 0.35))';

export type PipRank = '7' | '8' | '9' | '10';
export type PipSpot = { x: number; y: number; flipped: boolean };

const LEFT = 78;
const MID = 125;
const RIGHT = 172;
const TOP = 72;
const BOTTOM = 278;

const spot = (x: number, y: number): PipSpot => ({ x, y, flipped: y > CARD_CENTER_Y + 0.5 });
const between = (a: number, b: number): number => (a + b) / 2;
const sides = (rows: number[]): PipSpot[] => rows.flatMap((y) => [spot(LEFT, y), spot(RIGHT, y)]);

const three = [TOP, CARD_CENTER_Y, BOTTOM];
const four = [0, 1, 2, 3].map((i) => TOP + ((BOTTOM - TOP) * i) / 3);

/** The traditional pip arrangements; pips in the lower half stand upside down. */
export const PIP_LAYOUT: Record<PipRank, readonly PipSpot[]> = {
  '7': [...sides(three), spot(MID, between(TOP, CARD_CENTER_Y))],
  '8': [...sides(three), spot(MID, between(TOP, CARD_CENTER_Y)), spot(MID, between(CARD_CENTER_Y, BOTTOM))],
  '9': [...sides(four), spot(MID, CARD_CENTER_Y)],
  '10': [...sides(four), spot(MID, between(four[0]!, four[1]!)), spot(MID, between(four[2]!, four[3]!))],
};

export const PIP_SIZE = 48;

export function isPipRank(rank: Rank): rank is PipRank {
  return rank in PIP_LAYOUT;
}
