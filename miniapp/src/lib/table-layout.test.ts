import { describe, expect, it } from 'vitest';
import { SEAT_POINTS, TABLE_CENTER, TABLE_H, TABLE_W, tableScale, towardCentre } from './table-layout';

describe('table layout', () => {
  it('fits the 315 × 493 base into the screen keeping proportions', () => {
    expect(tableScale(315, 493)).toBe(1);
    expect(tableScale(390, 660)).toBeCloseTo(390 / 315);
    expect(tableScale(390, 493)).toBe(1);
    expect(tableScale(0, 100)).toBe(1);
  });
  it('places six seats inside the base, the viewer’s seat 4 at the bottom centre', () => {
    expect(Object.keys(SEAT_POINTS)).toHaveLength(6);
    for (const p of Object.values(SEAT_POINTS)) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(TABLE_W);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(TABLE_H);
    }
    const bottom = Math.max(...Object.values(SEAT_POINTS).map((p) => p.y));
    expect(SEAT_POINTS[4]).toEqual({ x: TABLE_W / 2, y: bottom });
  });
  it('interpolates towards the centre', () => {
    expect(towardCentre(4, 0)).toEqual(SEAT_POINTS[4]);
    expect(towardCentre(4, 1)).toEqual(TABLE_CENTER);
  });
});
