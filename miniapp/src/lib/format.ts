/** Small display rules of SPEC §4 and §9: tracker ids, countdowns, statuses (dates: dates.ts). */

/** Deposit screen: longer than 16 characters → first 8 + '...' + last 8. */
export function shortTrackerIdDeposit(id: string): string {
  return id.length > 16 ? `${id.slice(0, 8)}...${id.slice(-8)}` : id;
}

/** History list: longer than 15 characters → first 6 + '...' + last 6. */
export function shortTrackerIdHistory(id: string): string {
  return id.length > 15 ? `${id.slice(0, 6)}...${id.slice(-6)}` : id;
}

/** A countdown as minutes:seconds ("60:00", "04:05"); negative values show as 00:00. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Whole seconds left until `iso` at `now` (ms), never below 0; rounded up, so "00:00" means gone.
 * An unreadable time counts as already past.
 */
export function secondsUntil(iso: string, now: number): number {
  const end = Date.parse(iso);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

export type StatusTone = 'red' | 'orange' | 'green' | 'grey' | 'rose';

/**
 * canceled red, pending orange, expired grey, below_minimum red-ish (money arrived but was not
 * credited), anything else green.
 */
export function transactionTone(status: string): StatusTone {
  if (status === 'canceled') return 'red';
  if (status === 'pending') return 'orange';
  if (status === 'expired') return 'grey';
  if (status === 'below_minimum') return 'rose';
  return 'green';
}

const STATUS_LABELS = ['pending', 'success', 'canceled', 'expired', 'below_minimum'] as const;
export type StatusLabel = (typeof STATUS_LABELS)[number];

/** The label a status shows (wallet.status.<label>); an unknown status shows as success. */
export function statusLabel(status: string): StatusLabel {
  return (STATUS_LABELS as readonly string[]).includes(status) ? (status as StatusLabel) : 'success';
}

/** The currency a history item shows, as the deposit page names it: TON, or USDT-TON for anything else. */
export function displayCurrency(currency: string): 'TON' | 'USDT-TON' {
  return currency === 'TON' ? 'TON' : 'USDT-TON';
}

/** The room id as the lobby shows it: '#' + the first 8 characters. */
export function roomLabel(roomId: string): string {
  return `#${roomId.slice(0, 8)}`;
}
