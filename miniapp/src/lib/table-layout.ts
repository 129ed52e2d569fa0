/**
 * Geometry of the oval table, in the base units of SPEC §2 (315 × 493), scaled to the screen as a
 * whole. Every piece that could collide (seat pill, badge, dealer button, cards and their score,
 * bet chips, pot, tax, deck, status, win amount, chat bubble) is placed from the boxes here, so
 * table-layout.test.ts can prove they do not overlap for six players on any screen (the scale is
 * uniform), and layout/table.layout.test.ts that what Chromium draws follows them.
 */
import { chipStackLayout, deckPileAspect } from '../assets/table';

export const TABLE_W = 315;
export const TABLE_H = 493;
export const TABLE_CENTER = { x: TABLE_W / 2, y: 232 } as const;

/** Avatar centres of display seats 1..6: top, right-top, right-bottom, bottom (the viewer), left-bottom, left-top. */
export const SEAT_POINTS: Readonly<Record<number, { x: number; y: number }>> = {
  1: { x: 157.5, y: 44 },
  2: { x: 268, y: 140 },
  3: { x: 268, y: 322 },
  4: { x: 157.5, y: 440 },
  5: { x: 47, y: 322 },
  6: { x: 47, y: 140 },
};

export type Box = { x: number; y: number; w: number; h: number };

export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export const AVATAR = 46;
/** Name and balance under the avatar: two 10 px lines; overlaps the avatar's lower edge by 4. */
export const PILL = { w: 78, h: 30, overlap: 4 } as const;
/** The action / sitting-out / away badge above the avatar; text never grows it past this box. */
export const BADGE = { w: 78, h: 14 } as const;

export function avatarBox(seat: number): Box {
  const p = SEAT_POINTS[seat]!;
  return { x: p.x - AVATAR / 2, y: p.y - AVATAR / 2, w: AVATAR, h: AVATAR };
}

export function pillBox(seat: number): Box {
  const p = SEAT_POINTS[seat]!;
  return { x: p.x - PILL.w / 2, y: p.y + AVATAR / 2 - PILL.overlap, w: PILL.w, h: PILL.h };
}

export function badgeBox(seat: number): Box {
  const p = SEAT_POINTS[seat]!;
  return { x: p.x - BADGE.w / 2, y: p.y - AVATAR / 2 - BADGE.h + 2, w: BADGE.w, h: BADGE.h };
}

/** Where a seat's cards sit relative to its avatar centre: top seat beside it, side seats under the pill or over the badge, the viewer's above. */
export const CARD_OFFSET: Readonly<Record<number, { x: number; y: number }>> = {
  1: { x: 76, y: 4 },
  2: { x: 0, y: 71 },
  3: { x: 0, y: -62 },
  4: { x: 0, y: -78 },
  5: { x: 0, y: -62 },
  6: { x: 0, y: 71 },
};

/** Card width at a seat: the viewer's own big, revealed cards mid, face-down small. */
export function cardWidth(big: boolean, revealed: boolean): number {
  return big ? 46 : revealed ? 24 : 18;
}

const CARD_ASPECT = 1.5;

/**
 * The three fanned cards, with room for their tilt: the outer cards turn about their centres and
 * sit lower, so the fan reaches further below its centre than above (as Chromium draws it).
 */
export function cardsBox(seat: number, big: boolean, revealed: boolean): Box {
  const p = SEAT_POINTS[seat]!;
  const o = CARD_OFFSET[seat]!;
  const w = cardWidth(big, revealed);
  const overlap = big ? 0.3 : 0.55;
  const fanW = w + 2 * w * (1 - overlap) + 8;
  const half = (w * CARD_ASPECT) / 2;
  return { x: p.x + o.x - fanW / 2, y: p.y + o.y - half - 3, w: fanW, h: 2 * half + 11 };
}

/**
 * A revealed hand's score: beside the fan on the side towards the middle for the side seats (two
 * fans of one side meet there, so neither score may go above or below its fan), right of the top
 * seat's fan, above the viewer's.
 */
export const SCORE = { w: 26, h: 16 } as const;
export const BIG_SCORE = { w: 32, h: 20 } as const;
const SCORE_CENTRES: Readonly<Record<number, { x: number; y: number }>> = {
  1: { x: 274, y: 44 },
  2: { x: 229, y: 211 },
  3: { x: 229, y: 253 },
  4: { x: 157.5, y: 320 },
  5: { x: 86, y: 253 },
  6: { x: 86, y: 211 },
};
export function scoreBox(seat: number, big: boolean): Box {
  const c = SCORE_CENTRES[seat]!;
  const { w, h } = big ? BIG_SCORE : SCORE;
  return { x: c.x - w / 2, y: c.y - h / 2, w, h };
}

/** The dealer button: right of the avatar, level with it, clear of the badge above and the name below. */
export const DEALER = 20;
export function dealerBox(seat: number): Box {
  const p = SEAT_POINTS[seat]!;
  return { x: p.x + AVATAR / 2 - 9, y: p.y - DEALER / 2, w: DEALER, h: DEALER };
}

/** The centre of a seat's bet chips: on the line to the table's centre, clear of the middle. */
export const BET_POINTS: Readonly<Record<number, { x: number; y: number }>> = {
  1: { x: 157.5, y: 113 },
  2: { x: 203, y: 182 },
  3: { x: 205, y: 288 },
  4: { x: 157.5, y: 290 },
  5: { x: 110, y: 288 },
  6: { x: 112, y: 182 },
};

export const BET_CHIP = 16;
/** The amount under the chips: room for "1 500,5 $" and "$1,500.5" at 9 px. */
export const BET_LABEL = { w: 46, h: 12 } as const;
/** Chips per column: piles grow up before they grow wide, so six bets fit between the seats. */
export const BET_PER_COLUMN = 8;

/** Chips and amount of a bet of `chips` chips (the widest and tallest pile is 15 chips). */
export function betBox(seat: number, chips = 15): Box {
  const c = BET_POINTS[seat]!;
  const layout = chipStackLayout(chips, BET_PER_COLUMN);
  const k = BET_CHIP / 40;
  const w = Math.max(layout.width * k, BET_LABEL.w);
  const h = layout.height * k + 2 + BET_LABEL.h;
  return { x: c.x - w / 2, y: c.y - h / 2, w, h };
}

/**
 * Pot chips, then the word and the amount on two lines (one line would not fit between the scores of
 * the side seats), then the house's 5 %, stacked at the centre.
 */
export const POT_BOX: Box = { x: TABLE_CENTER.x - 58, y: 202, w: 116, h: 52 };
/** The house's 5 % under the pot (during the showdown, the word for it): "НАЛОГ 5%: 1 234,5 $" fits. */
export const TAX_BOX: Box = { x: TABLE_CENTER.x - 58, y: 254, w: 116, h: 14 };
/**
 * What the table says between hands (waiting for players, for the next round): under the tax, between
 * the badges of the lower side seats, in up to three lines. It is drawn only while no bets lie there.
 */
export const STATUS_BOX: Box = { x: TABLE_CENTER.x - 65, y: 270, w: 130, h: 40 };
export const DECK_W = 22;
export const DECK_BOX: Box = {
  x: TABLE_CENTER.x - DECK_W / 2,
  y: 140,
  w: DECK_W,
  h: Math.ceil(DECK_W * deckPileAspect(4)),
};

/** Floating texts of seats 3 and 5 go under the pill: above them are the bets. */
function floatY(seat: number, h: number): number {
  const p = SEAT_POINTS[seat]!;
  if (seat === 3 || seat === 5) return p.y + AVATAR / 2 - PILL.overlap + PILL.h + 2;
  return badgeBox(seat).y - h;
}

function clampX(x: number, w: number, margin = 0): number {
  return Math.min(Math.max(x, margin), TABLE_W - w - margin);
}

/** The win amount: a 16 px line just outside the seat, on the side away from the bets. */
export const WIN_SIZE = { w: 98, h: 22 } as const;
export function winBox(seat: number): Box {
  const p = SEAT_POINTS[seat]!;
  const { w, h } = WIN_SIZE;
  // The top seat's edge is the table's: its win amount goes left of the avatar, the viewer's right of the pill.
  if (seat === 1) return { x: p.x - AVATAR / 2 - 6 - w, y: p.y - h / 2, w, h };
  if (seat === 4) return { x: p.x + PILL.w / 2 + 4, y: p.y + 4, w, h };
  return { x: clampX(p.x - w / 2, w), y: floatY(seat, h), w, h };
}

/** A chat bubble: beside, above or under the seat, never over the bets or someone else's cards. */
/**
 * Two lines of 13 px: every preset phrase fits in two lines at this width. A bubble keeps off the
 * table's edge, which is the screen's edge on a narrow phone.
 */
export const BUBBLE_SIZE = { w: 94, h: 30 } as const;
const BUBBLE_MARGIN = 4;
export function bubbleBox(seat: number): Box {
  const p = SEAT_POINTS[seat]!;
  const { w, h } = BUBBLE_SIZE;
  if (seat === 1) return { x: p.x - AVATAR / 2 - 6 - w, y: Math.max(0, p.y - h / 2), w, h };
  if (seat === 4) return { x: clampX(p.x - PILL.w / 2 - 4 - w, w, BUBBLE_MARGIN), y: p.y - h / 2, w, h };
  return { x: clampX(p.x - w / 2, w, BUBBLE_MARGIN), y: floatY(seat, h), w, h };
}

/** A point a fraction `t` of the way from a seat to the centre (flying chips). */
export function towardCentre(seat: number, t: number): { x: number; y: number } {
  const p = SEAT_POINTS[seat]!;
  return { x: p.x + (TABLE_CENTER.x - p.x) * t, y: p.y + (TABLE_CENTER.y - p.y) * t };
}

/** The scale that fits the base table into the available box, keeping its proportions. */
export function tableScale(width: number, height: number): number {
  if (width <= 0 || height <= 0) return 1;
  return Math.min(width / TABLE_W, height / TABLE_H);
}
