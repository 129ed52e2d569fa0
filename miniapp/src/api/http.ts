/** The REST client for /api/v1: credentials, the Bearer token, `{code, message}` errors. */
import type {
  CreateRoomRequest,
  Currency,
  DepositResponse,
  InvoiceResponse,
  PaymentMethods,
  PracticeStatus,
  Profile,
  ReferralInfo,
  RoomDetails,
  RoomSummary,
  TransactionItem,
  WithdrawMethod,
  WithdrawResponse,
} from '@svara/core';

// core's API_PREFIX: importing the value would bring core's schemas into the first chunk (+25 KB gzip).
const BASE = '/api/v1';
const TOKEN_KEY = 'token';
// core's IDEMPOTENCY_KEY_HEADER, for the same reason.
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A refused or failed request: `code` is a catalogue code (errors.<code>), `message` the server's text. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 0,
    /** The refusal's whole body, for codes that carry more (deposit_limit_exceeded's `remaining`). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// Each tab signs in on start, so the tab's own token lives in memory; localStorage keeps it as SPEC §3 asks.
let memoryToken: string | null = null;

export function setToken(token: string): void {
  memoryToken = token;
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage may be unavailable (private mode); the in-memory token still works.
  }
}

export function getToken(): string | null {
  if (memoryToken) return memoryToken;
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

type RequestOptions = {
  body?: unknown;
  auth?: boolean;
  headers?: Record<string, string>;
  /** Set on the one retry after signing in again. */
  retried?: boolean;
  /** The answer of this very request, already sent (the early sign-in): read instead of sending it again. */
  sent?: Promise<Response>;
};

/**
 * Signs in again with the launch data (set once start-up signed in). The server cuts a player's
 * sessions when they sign out elsewhere or an operator suspends the account; the app then signs in
 * again once, silently, instead of asking the player to restart it.
 */
let reauthenticate: (() => Promise<unknown>) | null = null;
let reauthenticating: Promise<boolean> | null = null;

export function setReauthentication(signIn: (() => Promise<unknown>) | null): void {
  reauthenticate = signIn;
}

/** One sign-in for every request refused at once; true when it worked. */
function signInAgain(): Promise<boolean> {
  const signIn = reauthenticate;
  if (!signIn) return Promise.resolve(false);
  reauthenticating ??= signIn()
    .then(() => true)
    .catch(() => false)
    .finally(() => {
      reauthenticating = null;
    });
  return reauthenticating;
}

/**
 * Signs in again after the server refused the token elsewhere than in a request (the socket's
 * handshake); true when it worked. Shares the one sign-in with requests refused at the same time.
 */
export function renewSession(): Promise<boolean> {
  return signInAgain();
}

/** One call of the api (exported for feature modules that keep their own calls, e.g. src/hands). */
export async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
  const { body, auth = true, headers: extra } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    const token = getToken();
    if (!token) throw new ApiError('no_token', 'No token available');
    headers.Authorization = `Bearer ${token}`;
  }
  let res: Response;
  try {
    res = await (options.sent ??
      fetch(`${BASE}${path}`, {
        method,
        headers,
        credentials: 'include',
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
  } catch {
    throw new ApiError('network_error', 'Network connection error');
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (res.status === 401 && auth && !options.retried && (await signInAgain())) {
    return request(method, path, { ...options, retried: true });
  }
  if (!res.ok) {
    const err = data as { code?: unknown; message?: unknown } | undefined;
    const code =
      typeof err?.code === 'string'
        ? err.code
        : res.status === 401
          ? 'auth_validation_failed'
          : 'unknown_error';
    const message =
      typeof err?.message === 'string' ? err.message : typeof data === 'string' ? data : res.statusText;
    throw new ApiError(code, message, res.status, data);
  }
  return data;
}

export type Schema<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: Error };
};

/** The protocol's zod schemas, loaded on first use: sign-in does not wait for them. */
const schemas = () => import('./schemas');

/** An answer checked against its protocol schema: a mismatch is unknown_error, never trusted data. */
export function parse<T>(schema: Schema<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError('unknown_error', `unexpected answer: ${result.error.message}`);
  return result.data;
}

function parseList<T>(schema: Schema<T>, data: unknown): T[] {
  if (!Array.isArray(data)) throw new ApiError('unknown_error', 'unexpected answer: not a list');
  return data.map((item) => parse(schema, item));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const optString = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function readSuspension(raw: unknown): Profile['suspension'] {
  if (!isObject(raw) || typeof raw.reason !== 'string') return null;
  return { reason: raw.reason, since: optString(raw.since) ?? '' };
}

/** The profile, checked by hand on the start-up path (SPEC §3: the balance may come as a numeric string). */
export function readProfile(raw: unknown): Profile {
  if (!isObject(raw)) throw new ApiError('unknown_error', 'unexpected answer: profile');
  const balance = typeof raw.balance === 'string' ? Number(raw.balance) : raw.balance;
  if (typeof raw.telegramId !== 'string' || typeof balance !== 'number' || !Number.isFinite(balance)) {
    throw new ApiError('unknown_error', 'unexpected answer: profile');
  }
  return {
    telegramId: raw.telegramId,
    username: optString(raw.username),
    firstName: optString(raw.firstName),
    lastName: optString(raw.lastName),
    avatar: optString(raw.avatar),
    languageCode: optString(raw.languageCode),
    balance,
    walletAddress: optString(raw.walletAddress),
    walletSource:
      raw.walletSource === 'ton_connect' || raw.walletSource === 'typed' ? raw.walletSource : null,
    walletVerifiedAt: optString(raw.walletVerifiedAt),
    seatedRoomId: optString(raw.seatedRoomId),
    suspension: readSuspension(raw.suspension),
  };
}

/**
 * The sign-in's answer (core's LoginResponse), read by hand on the start-up path. `profile` and
 * `protection` are null when the api answered the token alone (an older api): start-up then asks
 * for them itself. `protection` stays unchecked here; the protection store reads it.
 */
export type SignedIn = { token: string; profile: Profile | null; protection: unknown };

export const api = {
  /** `sent`: the same request's answer on its way, when the page sent it early (app/early-login.ts). */
  async login(initData: string, startPayload: string | null, sent?: Promise<Response>): Promise<SignedIn> {
    const body = { initData, startPayload };
    const data = await request('POST', '/auth/login', { body, auth: false, sent });
    if (!isObject(data) || typeof data.accessToken !== 'string')
      throw new ApiError('unknown_error', 'unexpected answer: login');
    setToken(data.accessToken);
    return {
      token: data.accessToken,
      profile: data.profile === undefined ? null : readProfile(data.profile),
      protection: isObject(data.protection) ? data.protection : null,
    };
  },
  async profile(): Promise<Profile> {
    return readProfile(await request('GET', '/users/profile'));
  },
  async referral(): Promise<ReferralInfo> {
    const { referralInfoSchema } = await schemas();
    return parse(referralInfoSchema, await request('GET', '/users/referral-link'));
  },
  /** The player's language, stored where the bot reads it too. */
  async setLanguage(language: 'ru' | 'en'): Promise<void> {
    await request('POST', '/users/language', { body: { language } });
  },
  async setWalletAddress(walletAddress: string): Promise<void> {
    await request('POST', '/users/wallet-address', { body: { walletAddress } });
  },
  /** What the deposit and withdraw screens may offer (each tab only when its provider is configured). */
  async paymentMethods(): Promise<PaymentMethods> {
    const { paymentMethodsSchema } = await schemas();
    return parse(paymentMethodsSchema, await request('GET', '/finances/methods'));
  },
  /** A temporary address; an unexpired one of the same currency may come back again. */
  async deposit(telegramId: string, currency: Currency): Promise<DepositResponse> {
    const body = { telegramId, currency, type: 'deposit' };
    const { depositResponseSchema } = await schemas();
    return parse(depositResponseSchema, await request('POST', '/finances/transaction', { body }));
  },
  /** The 'more' tab: an invoice of `amount` dollars, paid at `payUrl`. */
  async invoice(amount: number): Promise<InvoiceResponse> {
    const { invoiceResponseSchema } = await schemas();
    return parse(invoiceResponseSchema, await request('POST', '/finances/invoice', { body: { amount } }));
  },
  /**
   * A withdrawal request. The same `idempotencyKey` again answers the first request's result and
   * moves nothing, so a retry after a lost answer or a double tap is safe.
   */
  async withdraw(
    telegramId: string,
    amount: number,
    receiver: string | null,
    idempotencyKey: string,
    method: WithdrawMethod = 'address',
  ): Promise<WithdrawResponse> {
    const body = {
      telegramId,
      currency: 'USDTTON',
      type: 'withdraw',
      amount,
      method,
      ...(method === 'address' && receiver ? { receiver } : {}),
    };
    const { withdrawResponseSchema } = await schemas();
    return parse(
      withdrawResponseSchema,
      await request('POST', '/finances/transaction', {
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    );
  },
  async history(telegramId: string): Promise<TransactionItem[]> {
    const { transactionItemSchema } = await schemas();
    return parseList(
      transactionItemSchema,
      await request('GET', `/finances/history/${encodeURIComponent(telegramId)}`),
    );
  },
  async createRoom(req: CreateRoomRequest): Promise<string> {
    const { createRoomResponseSchema } = await schemas();
    return parse(createRoomResponseSchema, await request('POST', '/rooms', { body: req })).roomId;
  },
  async rooms(): Promise<RoomSummary[]> {
    const { roomSummarySchema } = await schemas();
    return parseList(roomSummarySchema, await request('GET', '/rooms', { auth: false }));
  },
  async room(roomId: string): Promise<RoomDetails> {
    const { roomDetailsSchema } = await schemas();
    return parse(roomDetailsSchema, await request('GET', `/rooms/${encodeURIComponent(roomId)}`));
  },
  /** The room's full id as the server answers it (a short '#1a2b3c4d' number may be sent). */
  async joinRoom(roomId: string, password?: string): Promise<string> {
    const body = await request('POST', `/rooms/${encodeURIComponent(roomId)}/join`, {
      body: password ? { password } : {},
    });
    return isObject(body) && typeof body.roomId === 'string' ? body.roomId : roomId;
  },
  /** The player's play chips (RULES §8); the first call ever grants the first ones. */
  async practice(): Promise<PracticeStatus> {
    const { practiceStatusSchema } = await schemas();
    return parse(practiceStatusSchema, await request('GET', '/practice'));
  },
  /** Chips back to the grant; chips_topup_too_soon before nextTopUpAt unless too few to sit anywhere. */
  async practiceTopUp(): Promise<PracticeStatus> {
    const { practiceStatusSchema } = await schemas();
    return parse(practiceStatusSchema, await request('POST', '/practice/top-up', { body: {} }));
  },
  /** The public practice tables with a seat for a person, lowest stake first. */
  async practiceRooms(): Promise<RoomSummary[]> {
    const { practiceRoomsSchema } = await schemas();
    return parse(practiceRoomsSchema, await request('GET', '/practice/rooms', { auth: false }));
  },
  /** Play now: the practice table where the player is dealt in soonest (entered with autoSit). */
  async playNow(): Promise<string> {
    const { playNowResponseSchema } = await schemas();
    return parse(playNowResponseSchema, await request('POST', '/practice/play-now', { body: {} })).roomId;
  },
  /** Development servers only: credits the signed-in user. */
  async faucet(amount: number): Promise<void> {
    await request('POST', '/dev/faucet', { body: { amount } });
  },
  /**
   * Development servers only (methods.sandbox): the sandbox's payer pays `amount` dollars to the
   * order `trackerId`; the credit then arrives as a real one would (callback, balance event).
   */
  async sandboxPay(trackerId: string, amount: number): Promise<{ ok: boolean; status: string | null }> {
    const data = await request('POST', '/sandbox/pay', { body: { trackerId, amount }, auth: false });
    if (!isObject(data) || typeof data.ok !== 'boolean')
      throw new ApiError('unknown_error', 'unexpected answer: sandbox pay');
    return { ok: data.ok, status: optString(data.status) };
  },
};

/** True when the server signs development init data (it is never offered in production). */
export async function devSignInOffered(): Promise<boolean> {
  try {
    const res = await fetch(`${BASE}/dev/init-data?id=1`, { credentials: 'include' });
    return res.ok;
  } catch {
    return false;
  }
}

/** Development servers only: init data signed with the development bot token for a test user, or null. */
export async function fetchDevInitData(
  user: { id: string; username: string; firstName: string },
  startParam: string | null = null,
): Promise<string | null> {
  const query = new URLSearchParams({ id: user.id, username: user.username, first_name: user.firstName });
  if (startParam) query.set('start_param', startParam);
  try {
    const res = await fetch(`${BASE}/dev/init-data?${query}`, { credentials: 'include' });
    if (!res.ok) return null;
    const text = await res.text();
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      const data = JSON.parse(text) as { initData?: unknown };
      return typeof data.initData === 'string' ? data.initData : null;
    }
    return text || null;
  } catch {
    return null;
  }
}
