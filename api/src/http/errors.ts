/**
 * Every refused request answers `{code, message}`: a SPEC §8 code, its text in the user's language,
 * and the HTTP status that fits. Nothing else (no stack, no SQL) leaves the server.
 */
import { isErrorCode, SvaraError, type ErrorBody, type ErrorCode } from '@svara/core';
import { translate } from '@svara/locales';
import { ZodError } from 'zod';

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  auth_validation_failed: 401,
  no_token: 401,
  telegram_user_id_not_found: 401,
  forbidden: 403,
  account_suspended: 403,
  wrong_password: 403,
  not_found: 404,
  game_not_found: 404,
  addressAlreadyUsed: 409,
  room_full: 409,
  room_id_ambiguous: 409,
  game_already_started: 409,
  already_seated: 409,
  seat_taken: 409,
  seated_elsewhere: 409,
  hand_in_progress: 409,
  insufficientBalance: 422,
  rate_limited: 429,
  not_available: 501,
  callback_rejected: 401,
  idempotency_key_reused: 409,
  withdrawal_already_decided: 409,
  player_suspended: 409,
  chips_topup_too_soon: 429,
  tournament_full: 409,
  tournament_started: 409,
  not_registered: 409,
  tournament_elsewhere: 409,
  ton_proof_signature: 401,
  ton_proof_payload_foreign: 403,
  ton_proof_payload_used: 409,
  ton_proof_payload_expired: 410,
  payment_provider_unavailable: 503,
  wallet_pay_order_closed: 409,
  ton_usdt_wallet_missing: 409,
  ton_api_unavailable: 503,
  unknown_error: 500,
};

/**
 * Texts the client recognises by their words (SPEC §4 and §7): sent verbatim in every language.
 */
const CONTRACT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  game_already_started: 'game already started',
  addressAlreadyUsed: 'Wallet address already in use',
};

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code] ?? 400;
}

export function errorBody(code: ErrorCode, language: string | null | undefined): ErrorBody {
  return { code, message: CONTRACT_MESSAGES[code] ?? translate(language, `errors.${code}`) };
}

export interface HttpRefusal {
  status: number;
  body: ErrorBody;
  /** Unexpected failures are logged with their stack; refusals are ordinary answers. */
  unexpected: boolean;
}

/** Maps anything thrown by a handler to the answer the client gets. */
export function toHttpRefusal(error: unknown, language: string | null | undefined): HttpRefusal {
  if (error instanceof SvaraError && isErrorCode(error.code)) {
    const explicit = (error as { status?: unknown }).status;
    const status = typeof explicit === 'number' ? explicit : statusOf(error.code);
    // An error that renders its own text (a protection refusal: an amount, a time) and adds fields.
    const own = error as { localize?: (language: string | null | undefined) => string; body?: unknown };
    const body =
      typeof own.localize === 'function'
        ? {
            ...(typeof own.body === 'object' && own.body !== null ? own.body : {}),
            code: error.code,
            message: own.localize(language),
          }
        : errorBody(error.code, language);
    return {
      status,
      body,
      unexpected: status >= 500 && status !== 501 && status !== 503,
    };
  }
  if (error instanceof ZodError) {
    return { status: 400, body: errorBody('validation_failed', language), unexpected: false };
  }
  return { status: 500, body: errorBody('unknown_error', language), unexpected: true };
}
