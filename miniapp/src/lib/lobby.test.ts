import { describe, expect, it } from 'vitest';
import type { RoomSummary } from '@svara/core';
import {
  SLIDER_MAX,
  clampStakeRange,
  filterRooms,
  formatStakeShort,
  lobbyFilterReducer,
  nextStake,
  pageCount,
  pageItems,
  sliderToStake,
  stakeToSlider,
  type LobbyFilter,
} from './lobby';

function room(id: string, minBet: number, players = 1): RoomSummary {
  return {
    roomId: id,
    minBet,
    players: Array.from({ length: players }, (_, i) => ({ id: String(i) })),
    maxPlayers: 6,
    type: 'public',
    status: 'waiting',
  };
}

describe('stake range', () => {
  it('clamps each end to the lowest stake ($1)..1,000,000', () => {
    expect(clampStakeRange([-5, 2_000_000])).toEqual([1, 1_000_000]);
    expect(clampStakeRange([0, 10])).toEqual([1, 10]);
    expect(clampStakeRange([Number.NaN, 10])).toEqual([1, 10]);
  });
  it('orders the two ends', () => {
    expect(clampStakeRange([500, 10])).toEqual([10, 500]);
  });
  it('puts the scale labels at equal distances and maps both ways', () => {
    expect(sliderToStake(0)).toBe(1);
    expect(sliderToStake(100)).toBe(10);
    expect(sliderToStake(200)).toBe(100);
    expect(sliderToStake(300)).toBe(500);
    expect(sliderToStake(400)).toBe(1_000);
    expect(sliderToStake(SLIDER_MAX)).toBe(1_000_000);
    for (const stake of [1, 10, 100, 500, 1_000, 10_000, 100_000, 1_000_000]) {
      expect(sliderToStake(stakeToSlider(stake))).toBe(stake);
    }
  });
  it('never leaves $1..1,000,000', () => {
    expect(sliderToStake(-10)).toBe(1);
    expect(stakeToSlider(0)).toBe(0);
    expect(sliderToStake(SLIDER_MAX + 50)).toBe(1_000_000);
    expect(stakeToSlider(5_000_000)).toBe(SLIDER_MAX);
  });
  it('moves by arrow keys to the next stake it can show, even where a position is under a dollar', () => {
    expect(nextStake(1, 1)).toBe(2);
    expect(nextStake(2, -1)).toBe(1);
    expect(nextStake(1, -1)).toBe(1);
    expect(nextStake(10, 1)).toBe(11);
    expect(nextStake(1_000_000, 1)).toBe(1_000_000);
    expect(nextStake(1_000_000, -1)).toBeLessThan(1_000_000);
  });
  it('reads short', () => {
    expect(formatStakeShort(500)).toBe('500');
    expect(formatStakeShort(1_500)).toBe('1.5K');
    expect(formatStakeShort(1_000_000)).toBe('1M');
  });
});

describe('lobby filter', () => {
  const start: LobbyFilter = { search: '', available: false, range: [0, 1_000_000], page: 3 };
  it('goes back to page 1 when the search, availability or range changes', () => {
    expect(lobbyFilterReducer(start, { type: 'search', value: 'ab' }).page).toBe(1);
    expect(lobbyFilterReducer(start, { type: 'available', value: true }).page).toBe(1);
    expect(lobbyFilterReducer(start, { type: 'range', value: [10, 5] })).toMatchObject({
      page: 1,
      range: [5, 10],
    });
  });
  it('moves between pages', () => {
    expect(lobbyFilterReducer(start, { type: 'page', value: 4 }).page).toBe(4);
    expect(lobbyFilterReducer(start, { type: 'page', value: 0 }).page).toBe(1);
  });
  it('filters by room number, free seats and stake', () => {
    const rooms = [room('abc12345-x', 1), room('def67890-y', 50, 6), room('abd00000-z', 5000)];
    const all = { search: '', available: false, range: [0, 1_000_000] as const };
    expect(filterRooms(rooms, { ...all, search: '#AB' }).map((r) => r.roomId)).toEqual([
      'abc12345-x',
      'abd00000-z',
    ]);
    expect(filterRooms(rooms, { ...all, available: true }).map((r) => r.roomId)).toEqual([
      'abc12345-x',
      'abd00000-z',
    ]);
    expect(filterRooms(rooms, { ...all, range: [10, 100] }).map((r) => r.roomId)).toEqual(['def67890-y']);
  });
});

describe('paging', () => {
  const items = Array.from({ length: 23 }, (_, i) => i);
  it('shows 10 per page', () => {
    expect(pageCount(23)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageItems(items, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageItems(items, 3)).toEqual([20, 21, 22]);
  });
  it('shows the last page when the list shrank under the current page', () => {
    expect(pageItems(items.slice(0, 5), 3)).toEqual([0, 1, 2, 3, 4]);
  });
});
