/** The lobby's filters and paging (SPEC §2, §4, §5, §9). */
import type { RoomSummary } from '@svara/core';
import { MIN_STAKE_CENTS, ROOM_LIST_PAGE_SIZE } from '@svara/core/plain';

/** The slider starts at the lowest stake a room can have ($1), not at $0: no room is cheaper. */
export const STAKE_MIN = MIN_STAKE_CENTS / 100;
export const STAKE_MAX = 1_000_000;
/** Points of the stake slider scale; equal distances on the slider, linear in between. */
export const STAKE_SCALE = [STAKE_MIN, 10, 100, 500, 1_000, 10_000, 100_000, 1_000_000] as const;
export const STAKE_SCALE_LABELS = ['10', '100', '500', '1K', '10K', '100K', '1M'] as const;
/** The slider's own units: one per scale segment, in hundredths. */
export const SLIDER_MAX = (STAKE_SCALE.length - 1) * 100;

export type StakeRange = readonly [number, number];

/** Each end clamped to $1..1,000,000 and the two ends ordered. */
export function clampStakeRange([a, b]: readonly [number, number]): StakeRange {
  const clamp = (v: number) => (Number.isFinite(v) ? Math.min(STAKE_MAX, Math.max(STAKE_MIN, v)) : STAKE_MIN);
  const [x, y] = [clamp(a), clamp(b)];
  return x <= y ? [x, y] : [y, x];
}

/** Slider position (0..SLIDER_MAX) → stake, rounded to a step that suits the segment. */
export function sliderToStake(position: number): number {
  const p = Math.min(SLIDER_MAX, Math.max(0, position));
  const seg = Math.min(STAKE_SCALE.length - 2, Math.floor(p / 100));
  const lo = STAKE_SCALE[seg]!;
  const hi = STAKE_SCALE[seg + 1]!;
  const raw = lo + ((hi - lo) * (p - seg * 100)) / 100;
  const step = hi <= 100 ? 1 : hi <= 1_000 ? 5 : hi <= 10_000 ? 50 : hi <= 100_000 ? 500 : 5_000;
  return Math.min(STAKE_MAX, Math.round(raw / step) * step);
}

/**
 * The stake an arrow key moves to from `stake`: the next one the slider can show in that direction.
 * One native step (one position) can round back to the same stake at the low end of the scale, where
 * a position is less than a dollar, so the thumb would not move.
 */
export function nextStake(stake: number, direction: 1 | -1): number {
  for (let p = Math.round(stakeToSlider(stake)); p >= 0 && p <= SLIDER_MAX; p += direction) {
    const next = sliderToStake(p);
    if (direction > 0 ? next > stake : next < stake) return next;
  }
  return direction > 0 ? STAKE_MAX : STAKE_MIN;
}

/** Stake → slider position (0..SLIDER_MAX). */
export function stakeToSlider(stake: number): number {
  const s = Math.min(STAKE_MAX, Math.max(STAKE_MIN, stake));
  for (let seg = 0; seg < STAKE_SCALE.length - 1; seg++) {
    const lo = STAKE_SCALE[seg]!;
    const hi = STAKE_SCALE[seg + 1]!;
    if (s <= hi) return seg * 100 + ((s - lo) / (hi - lo)) * 100;
  }
  return SLIDER_MAX;
}

/** '1K', '250K', '1M' for the range readout. */
export function formatStakeShort(stake: number): string {
  if (stake >= 1_000_000) return `${stake / 1_000_000}M`;
  if (stake >= 1_000) return `${Math.round(stake / 100) / 10}K`;
  return String(stake);
}

export type LobbyFilter = {
  search: string;
  available: boolean;
  range: StakeRange;
  page: number;
};

export type LobbyFilterAction =
  | { type: 'search'; value: string }
  | { type: 'available'; value: boolean }
  | { type: 'range'; value: readonly [number, number] }
  | { type: 'page'; value: number };

/** Every change of search, availability or stake range sends the list back to page 1. */
export function lobbyFilterReducer(state: LobbyFilter, action: LobbyFilterAction): LobbyFilter {
  switch (action.type) {
    case 'search':
      return { ...state, search: action.value, page: 1 };
    case 'available':
      return { ...state, available: action.value, page: 1 };
    case 'range':
      return { ...state, range: clampStakeRange(action.value), page: 1 };
    case 'page':
      return { ...state, page: Math.max(1, Math.floor(action.value)) };
  }
}

/** Rooms that pass the filters: room number search, free seats, stake range. */
export function filterRooms(rooms: readonly RoomSummary[], filter: Omit<LobbyFilter, 'page'>): RoomSummary[] {
  const query = filter.search.trim().replace(/^#/, '').toLowerCase();
  const [lo, hi] = filter.range;
  return rooms.filter(
    (room) =>
      (!query || room.roomId.toLowerCase().includes(query)) &&
      (!filter.available || room.players.length < room.maxPlayers) &&
      room.minBet >= lo &&
      room.minBet <= hi,
  );
}

export function pageCount(total: number, pageSize = ROOM_LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The items of one page (1-based); a page past the end shows the last page. */
export function pageItems<T>(items: readonly T[], page: number, pageSize = ROOM_LIST_PAGE_SIZE): T[] {
  const last = pageCount(items.length, pageSize);
  const p = Math.min(Math.max(1, page), last);
  return items.slice((p - 1) * pageSize, p * pageSize);
}
