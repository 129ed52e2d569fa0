import { describe, expect, it } from 'vitest';
import {
  DECK_BOX,
  POT_BOX,
  SEAT_POINTS,
  STATUS_BOX,
  TABLE_CENTER,
  TABLE_H,
  TABLE_W,
  TAX_BOX,
  avatarBox,
  badgeBox,
  betBox,
  bubbleBox,
  cardsBox,
  dealerBox,
  intersects,
  pillBox,
  scoreBox,
  tableScale,
  towardCentre,
  winBox,
  type Box,
} from './table-layout';

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

/** Six players, the viewer at seat 4: every piece at its largest (15-chip bets, revealed cards). */
function sixSeatPieces() {
  const seats = [1, 2, 3, 4, 5, 6];
  const named = (kind: string, seat: number, box: Box) => ({ name: `${kind}${seat}`, box });
  return {
    avatars: seats.map((s) => named('avatar', s, avatarBox(s))),
    pills: seats.map((s) => named('pill', s, pillBox(s))),
    badges: seats.map((s) => named('badge', s, badgeBox(s))),
    cards: seats.map((s) => named('cards', s, cardsBox(s, s === 4, true))),
    scores: seats.map((s) => named('score', s, scoreBox(s, s === 4))),
    dealers: seats.map((s) => named('dealer', s, dealerBox(s))),
    bets: seats.map((s) => named('bet', s, betBox(s))),
    wins: seats.map((s) => named('win', s, winBox(s))),
    bubbles: seats.map((s) => named('bubble', s, bubbleBox(s))),
    middle: [
      { name: 'pot', box: POT_BOX },
      { name: 'tax', box: TAX_BOX },
      { name: 'deck', box: DECK_BOX },
    ],
  };
}

type Named = { name: string; box: Box };
function overlaps(as: Named[], bs: Named[]): string[] {
  const found: string[] = [];
  for (const a of as)
    for (const b of bs)
      if (a !== b && a.name !== b.name && intersects(a.box, b.box)) found.push(`${a.name}×${b.name}`);
  return found;
}

describe('six players at the table: nothing covers anything else', () => {
  const p = sixSeatPieces();
  const seatParts = [...p.avatars, ...p.pills, ...p.badges];
  const others = (own: Named, list: Named[]) => list.filter((s) => s.name.slice(-1) !== own.name.slice(-1));

  it('keeps every piece on the table', () => {
    const all = Object.values(p).flat();
    const outside = all.filter(
      ({ box }) => box.x < 0 || box.y < 0 || box.x + box.w > TABLE_W || box.y + box.h > TABLE_H,
    );
    expect(outside.map((n) => n.name)).toEqual([]);
  });
  it('cards never hide a name, a balance or a badge (the top seat’s balance included)', () => {
    expect(overlaps(p.cards, [...p.pills, ...p.badges, ...p.cards, ...p.middle])).toEqual([]);
  });
  it('a badge stays above its avatar, clear of the name pill and the dealer button', () => {
    expect(overlaps(p.badges, [...p.pills, ...p.dealers])).toEqual([]);
  });
  it('the dealer button covers no name, no cards and nothing of another seat', () => {
    expect(overlaps(p.dealers, [...p.pills, ...p.cards, ...p.bets, ...p.middle])).toEqual([]);
    for (const dealer of p.dealers)
      expect(
        overlaps([dealer], others(dealer, [...seatParts, ...p.scores, ...p.wins, ...p.bubbles])),
      ).toEqual([]);
  });
  it('a score sits on its own fan only: two fans on one side keep their scores apart', () => {
    for (const score of p.scores)
      expect(
        overlaps([score], [...seatParts, ...p.bets, ...p.middle, ...p.scores, ...others(score, p.cards)]),
      ).toEqual([]);
  });
  it('the status between hands covers no seat, no pot and no tax (bets and cards are not on the table then)', () => {
    const status = { name: 'status', box: STATUS_BOX };
    expect(overlaps([status], [...seatParts, ...p.dealers, ...p.middle, ...p.wins, ...p.bubbles])).toEqual(
      [],
    );
  });
  it('bet chips cover no seat, no cards, not the pot, the 5 % tax or the deck, nor each other', () => {
    expect(overlaps(p.bets, [...seatParts, ...p.cards, ...p.middle, ...p.bets])).toEqual([]);
  });
  it('a chat bubble keeps off the table’s edge (on a narrow phone, the screen’s)', () => {
    for (const { name, box } of p.bubbles) {
      expect(box.x, name).toBeGreaterThanOrEqual(4);
      expect(box.x + box.w, name).toBeLessThanOrEqual(TABLE_W - 4);
    }
  });
  it('the win amount and a chat bubble cover no chips, no pot, no other seat and no one else’s cards', () => {
    for (const float of [...p.wins, ...p.bubbles])
      expect(
        overlaps(
          [float],
          [...p.bets, ...p.middle, ...others(float, [...seatParts, ...p.cards, ...p.scores])],
        ),
      ).toEqual([]);
  });
});
