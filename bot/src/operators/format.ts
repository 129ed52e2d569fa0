/** How the operators' messages write people, dates and ratios (plain text, UTC). */
import { formatPercent } from '@svara/core';
import type { Language } from '../i18n.js';

interface Named {
  telegramId: string;
  username: string | null;
  firstName: string | null;
  lastName?: string | null;
}

/** "Anna Petrova (@anna)", "@anna" or the id when Telegram gave us nothing else. */
export function playerName(person: Named): string {
  const full = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  if (full && person.username) return `${full} (@${person.username})`;
  if (full) return full;
  return person.username ? `@${person.username}` : person.telegramId;
}

/** An operator as a decision line names them: @username, else the first name, with the id. */
export function operatorName(person: Named): string {
  const name = person.username ? `@${person.username}` : person.firstName;
  return name ? `${name} (${person.telegramId})` : person.telegramId;
}

/** "2026-11-26 09:05 UTC": the same in every language, so operators compare times at a glance. */
export function utcDateTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Whole days from `since` to `now`. */
export function daysBetween(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / 86_400_000));
}

/** A room as the Mini App shows it: the first 8 characters of its id. */
export function roomRef(roomId: string): string {
  return roomId.slice(0, 8);
}

/**
 * A ratio as a percentage with one decimal, rounded down so that anything short of 100 % never
 * reads as 100 %.
 */
export function percent(ratio: number, language: Language): string {
  return formatPercent(Math.floor(ratio * 1000) / 10, language);
}
