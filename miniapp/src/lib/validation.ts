/** Input rules of SPEC §5. Filters decide whether a keystroke is accepted; checks decide whether a button is active. */
import {
  BALANCE_STAKE_MULTIPLIER,
  DEPOSIT_FEE_BPS,
  MAX_STAKE_CENTS,
  MIN_DEPOSIT_CENTS,
  MIN_STAKE_CENTS,
  MIN_WITHDRAWAL_CENTS,
  TON_ADDRESS_LENGTH,
  parseDollarString,
  shareRoundedDown,
} from '@svara/core/plain';
import { toCents } from './money';

/** Stake input: digits with at most two decimals. Returns the accepted text, or the previous one. */
export function filterStakeInput(next: string, previous: string): string {
  const text = next.replace(',', '.');
  return /^\d{0,10}(\.\d{0,2})?$/.test(text) ? text : previous;
}

/** The stake typed, in cents, when it is a valid stake (at least 1, at most the table maximum). */
export function stakeCents(text: string): number | null {
  const cents = parseDollarString(text);
  if (cents === null || cents < MIN_STAKE_CENTS || cents > MAX_STAKE_CENTS) return null;
  return cents;
}

/** Creating, entering or sitting needs a balance of at least 10 stakes. */
export function canAffordStakeCents(balanceDollars: number, stakeCentsValue: number): boolean {
  return toCents(balanceDollars) >= BALANCE_STAKE_MULTIPLIER * stakeCentsValue;
}

/** Same rule for a stake in dollars (room cards, the table's minBet). */
export function canAffordStake(balanceDollars: number, stakeDollars: number): boolean {
  return canAffordStakeCents(balanceDollars, toCents(stakeDollars));
}

/** Password input: digits only. */
export function filterPasswordInput(next: string): string {
  return next.replace(/\D/g, '').slice(0, 32);
}

/** A room password is 6 or more digits. */
export function isValidPassword(text: string): boolean {
  return /^\d{6,32}$/.test(text);
}

/** Withdrawal amount input: digits with an optional single decimal point (cents at most). */
export function filterAmountInput(next: string, previous: string): string {
  const text = next.replace(',', '.');
  return /^\d{0,10}(\.\d{0,2})?$/.test(text) ? text : previous;
}

/** The check button is active when 10 ≤ amount ≤ balance. */
export function canCheckWithdrawal(text: string, balanceDollars: number): boolean {
  return withdrawalBlock(text, balanceDollars) === null;
}

/**
 * Why the check button is off: nothing typed yet (`empty`, no need to say more), below the $10
 * minimum, or above the balance; null when it is on.
 */
export function withdrawalBlock(
  text: string,
  balanceDollars: number,
): null | 'empty' | 'belowMinimum' | 'aboveBalance' {
  const cents = parseDollarString(text);
  if (cents === null || cents === 0) return text.trim() === '' ? 'empty' : 'belowMinimum';
  if (cents < MIN_WITHDRAWAL_CENTS) return 'belowMinimum';
  if (cents > toCents(balanceDollars)) return 'aboveBalance';
  return null;
}

/**
 * An invoice amount typed on the deposit page's 'more' tab: its cents, the 1 % fee (rounded down to
 * the cent) and what the balance gets; `valid` from the $5 minimum.
 */
export function invoiceQuote(
  text: string,
): { cents: number; fee: number; net: number; valid: boolean } | null {
  const cents = parseDollarString(text);
  if (cents === null) return null;
  const fee = shareRoundedDown(cents, DEPOSIT_FEE_BPS);
  return { cents, fee, net: cents - fee, valid: cents >= MIN_DEPOSIT_CENTS };
}

/** Wallet address input: no spaces, at most 48 characters. */
export function filterAddressInput(next: string): string {
  return next.replace(/\s/g, '').slice(0, TON_ADDRESS_LENGTH);
}

/** The Add button is active only at exactly 48 characters. */
export function isAddressLengthValid(text: string): boolean {
  return text.length === TON_ADDRESS_LENGTH;
}

/** A room id typed or pasted: '#', spaces and case do not matter. */
export function normaliseRoomId(text: string): string {
  return text.trim().replace(/^#/, '').toLowerCase();
}

/** A full room id (UUID), as private rooms are joined by id and password. */
export function isRoomId(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(normaliseRoomId(text));
}

/**
 * What a player may type to join a private room: the full id, or the 8-character number the lobby
 * and the table show ('#1a2b3c4d'); the server finds the room by either.
 */
export function isRoomReference(text: string): boolean {
  return isRoomId(text) || /^[0-9a-f]{8}$/.test(normaliseRoomId(text));
}
