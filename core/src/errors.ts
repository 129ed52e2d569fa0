/**
 * Error codes of the product. The first group is SPEC §8's catalogue; the rest are the precise reasons
 * the server refuses an input. Every code has a text in locales (`errors.<code>`) in ru and en.
 */
export const ERROR_CODES = [
  // SPEC §8 catalogue
  'unknown_error',
  'network_error',
  'auth_validation_failed',
  'load_failed',
  'no_init_data',
  'sdk_init_failed',
  'invalidAddress',
  'addressAlreadyUsed',
  'insufficientBalance',
  'gameJoinError',
  'no_token',
  'telegram_user_id_not_found',
  'deposit_failed',
  'room_create_failed',
  'room_join_failed',
  'game_already_started',
  'referral_load_error',
  'history_load_error',
  'error_loading_game_state',
  'game_not_found',
  'withdraw_failed',
  'wallet_address_required',
  // Input and rule refusals
  'validation_failed',
  'not_found',
  'forbidden',
  'rate_limited',
  'room_full',
  'wrong_password',
  'room_id_ambiguous',
  'password_required',
  // Too many wrong passwords for a private room: refused for a while (rooms/password-attempts.ts)
  'too_many_attempts',
  'invalid_stake',
  'not_seated',
  'already_seated',
  'seat_taken',
  'seated_elsewhere',
  'not_your_turn',
  'action_not_allowed',
  'invalid_amount',
  'hand_in_progress',
  'not_enough_players',
  'svara_not_open',
  'svara_already_decided',
  'chat_phrase_invalid',
  'not_available',
  // Why the server stood a player up (the `stood_up` socket event, RULES §6)
  'balance_below_ante',
  'away_too_long',
  // An operator suspended the account: no seat, no new room, no deposit, no withdrawal
  'account_suspended',
  // Player protection (api/src/protection): the agreement not accepted (for this version),
  // a deposit over the player's own limit, a loss or session limit reached, a cool-off or self-exclusion
  'agreement_required',
  'deposit_limit_exceeded',
  'loss_limit_reached',
  'session_limit_reached',
  'self_excluded',
  // Payments
  'payment_provider_unavailable',
  'callback_rejected',
  'idempotency_key_reused',
  'withdrawal_already_decided',
  // An operator approving the withdrawal of a suspended account: refused (unsuspend first, or reject)
  'player_suspended',
  // Practice tables (RULES §8): play chips are topped up once every four hours, or when too few to sit
  'chips_topup_too_soon',
  // Sit & Go tournaments (RULES §9): registration closed because it filled, or it already started
  // (or ended); unregistering without a registration; registering while in another tournament
  'tournament_full',
  'tournament_started',
  'not_registered',
  'tournament_elsewhere',
  // TON Connect (api/src/users/ton-proof.ts): a ton_proof refused: malformed, signed for another
  // domain, too old (or from the future), a payload not issued to this player, used, or expired,
  // a wallet contract we cannot read, a state_init that is not the claimed address, a bad signature
  'ton_proof_invalid',
  'ton_proof_domain',
  'ton_proof_stale',
  'ton_proof_payload_unknown',
  'ton_proof_payload_foreign',
  'ton_proof_payload_used',
  'ton_proof_payload_expired',
  'ton_proof_unknown_wallet',
  'ton_proof_address_mismatch',
  'ton_proof_signature',
  // Paying a deposit from the wallet connected with TON Connect (api/src/payments/ton): an amount
  // under the minimum or with too many decimals, an order no longer open for payment, a wallet
  // without a USDT jetton wallet, the TON API not answering
  'wallet_pay_amount',
  'wallet_pay_order_closed',
  'ton_usdt_wallet_missing',
  'ton_api_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error the product can show: a catalogue code and, optionally, an untranslated detail for logs. */
export class SvaraError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'SvaraError';
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
