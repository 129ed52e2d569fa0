/**
 * Refusals of player protection. Their texts name an amount or a time (`{{remaining}}` in
 * `errors.deposit_limit_exceeded`, `{{until}}` in `errors.<code>_until`), so the error carries the values and renders its message in the
 * reader's language (`localize`); the REST body may carry more (`body`: the remaining amount).
 */
import { centsToDollars, formatUsdCents, SvaraError, type Cents, type ErrorCode } from '@svara/core';
import { pickLanguage, translate } from '@svara/locales';

export type ProtectionCode = Extract<
  ErrorCode,
  | 'agreement_required'
  | 'deposit_limit_exceeded'
  | 'loss_limit_reached'
  | 'session_limit_reached'
  | 'self_excluded'
>;

/** A UTC time as the player reads it: "26 November 2026 at 14:05 UTC" / "26 ноября 2026 г. в 14:05 UTC". */
export function formatUtc(at: Date, language: string | null | undefined): string {
  const locale = pickLanguage(language) === 'en' ? 'en-GB' : 'ru-RU';
  const text = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(at);
  return `${text} UTC`;
}

export class ProtectionError extends SvaraError {
  /** Every protection refusal is a 403 (http/errors.ts reads `status`). */
  readonly status = 403;

  constructor(
    code: ProtectionCode,
    detail: string,
    readonly values: { remainingCents?: Cents; until?: Date } = {},
  ) {
    super(code, detail);
    this.name = 'ProtectionError';
  }

  /** The catalogue text in `language`, with the amount and time filled in. */
  localize(language: string | null | undefined): string {
    const { remainingCents, until } = this.values;
    // With an end known, the text that names it (`errors.<code>_until`); the plain text is the
    // stood_up event's, which is told without one.
    let text = translate(language, until === undefined ? `errors.${this.code}` : `errors.${this.code}_until`);
    if (remainingCents !== undefined)
      text = text.replace('{{remaining}}', formatUsdCents(remainingCents, pickLanguage(language)));
    if (until !== undefined) text = text.replace('{{until}}', formatUtc(until, language));
    return text;
  }

  /** Fields the REST body carries beside code and message (deposit_limit_exceeded: `remaining`, dollars). */
  get body(): Record<string, unknown> {
    return this.values.remainingCents === undefined
      ? {}
      : { remaining: centsToDollars(this.values.remainingCents) };
  }
}

/** For callers that only know SvaraError: the localized message, when the error can render one. */
export function localizedMessage(error: unknown, language: string | null | undefined): string | null {
  return error instanceof ProtectionError ? error.localize(language) : null;
}
