/** Geometry of the oval table, in the base units of SPEC §2 (315 × 493), scaled to the screen as a whole. */
export const TABLE_W = 315;
export const TABLE_H = 493;
export const TABLE_CENTER = { x: TABLE_W / 2, y: 232 } as const;

/** Avatar centres of display seats 1..6: top, right-top, right-bottom, bottom (the viewer), left-bottom, left-top. */
export const SEAT_POINTS: Readonly<Record<number, { x: number; y: number }>> = {
  1: { x: 157.5, y: 50 },
  2: { x: 268, y: 140 },
  3: { x: 268, y: 322 },
  4: { x: 157.5, y: 440 },
  5: { x: 47, y: 322 },
  6: { x: 47, y: 140 },
};

/** A point a fraction `t` of the way from a seat to the centre (chip stacks, flying chips). */
export function towardCentre(seat: number, t: number): { x: number; y: number } {
  const p = SEAT_POINTS[seat]!;
  return { x: p.x + (TABLE_CENTER.x - p.x) * t, y: p.y + (TABLE_CENTER.y - p.y) * t };
}

/** The scale that fits the base table into the available box, keeping its proportions. */
export function tableScale(width: number, height: number): number {
  if (width <= 0 || height <= 0) return 1;
  return Math.min(width / TABLE_W, height / TABLE_H);
}
