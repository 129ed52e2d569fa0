/**
 * Sign-in: Telegram init data in, an access token out. The user is created or refreshed, a referrer
 * from the start payload is recorded once, and the user's wallet account exists from then on.
 */
import { parseStartPayload } from '@svara/core';
import type { Ledger } from '../ledger/ledger.js';
import type { UserRecord, UsersService } from '../users/users.js';
import { verifyInitData } from './init-data.js';
import type { AccessTokens } from './tokens.js';

export interface SignInDeps {
  botToken: string;
  initDataMaxAgeSeconds: number;
  users: UsersService;
  ledger: Ledger;
  tokens: AccessTokens;
}

export interface SignInResult {
  accessToken: string;
  user: UserRecord;
  /** A room to open right away when the start payload was an invite (`join_<roomId>_<referrerId>`). */
  roomId: string | null;
}

export async function signIn(
  deps: SignInDeps,
  request: { initData: string; startPayload?: string | null | undefined },
): Promise<SignInResult> {
  const telegramUser = verifyInitData(request.initData, {
    botToken: deps.botToken,
    maxAgeSeconds: deps.initDataMaxAgeSeconds,
  });
  const user = await deps.users.upsertFromTelegram(telegramUser);
  await deps.ledger.playerWallet(user.telegramId);
  // The explicit payload, else the start parameter Telegram signed into the init data.
  const payload = parseStartPayload(
    request.startPayload || new URLSearchParams(request.initData).get('start_param'),
  );
  if (payload?.referrerId) await deps.users.recordReferrer(user.telegramId, payload.referrerId);
  return {
    accessToken: await deps.tokens.issue(user.telegramId, user.languageCode),
    user,
    roomId: payload?.roomId ?? null,
  };
}
