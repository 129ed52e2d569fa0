/** Small display rules of SPEC §4 and §9: tracker ids, countdowns, timestamps, statuses. */

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

/** One tick of the deposit-address countdown: down by one, stopping at 0. */
export function tickCountdown(seconds: number): number {
  return seconds > 0 ? seconds - 1 : 0;
}

/** History timestamps in en-US style with a 12-hour clock ("Mar 5, 2025, 3:07 PM"). */
export function formatTimestamp(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    ...(timeZone ? { timeZone } : {}),
  });
}

export type StatusTone = 'red' | 'orange' | 'green';

/** canceled red, pending orange, anything else green. */
export function transactionTone(status: string): StatusTone {
  if (status === 'canceled') return 'red';
  if (status === 'pending') return 'orange';
  return 'green';
}

/** The currency a history item shows: TON, or USDTTON for anything else. */
export function displayCurrency(currency: string): 'TON' | 'USDTTON' {
  return currency === 'TON' ? 'TON' : 'USDTTON';
}

/** The room id as the lobby shows it: '#' + the first 8 characters. */
export function roomLabel(roomId: string): string {
  return `#${roomId.slice(0, 8)}`;
}
