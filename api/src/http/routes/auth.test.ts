import { Address } from '@ton/core';
import { AGREEMENT_VERSION, loginResponseSchema, type LoginResponse } from '@svara/core';
import { describe, expect, it } from 'vitest';
import { signDevInitData } from '../../dev/init-data.js';
import { TEST_BOT_TOKEN, useTestServer } from '../../test-support/http.js';

const api = useTestServer();

function initDataFor(
  id: number,
  extra: Parameters<typeof signDevInitData>[0] = { id },
  authDate = new Date(),
) {
  return signDevInitData({ ...extra, id }, { botToken: TEST_BOT_TOKEN, authDate });
}

describe('POST /auth/login', () => {
  it('creates the user, answers an access token and sets it as an httpOnly cookie', async () => {
    const response = await api.request<{ accessToken: string }>('POST', '/auth/login', {
      body: {
        initData: initDataFor(2001, {
          id: 2001,
          username: 'alice',
          firstName: 'Alice',
          lastName: 'A',
          languageCode: 'en',
          photoUrl: 'https://t.me/i/userpic/alice.jpg',
          isPremium: true,
        }),
      },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['accessToken', 'profile', 'protection']);
    const claims = await api.services.verifyAccessToken(response.body.accessToken);
    expect(claims.telegramId).toBe('2001');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toContain(`svara_token=${response.body.accessToken}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(await api.services.users.get('2001')).toMatchObject({
      username: 'alice',
      firstName: 'Alice',
      lastName: 'A',
      languageCode: 'en',
      photoUrl: 'https://t.me/i/userpic/alice.jpg',
      isPremium: true,
    });
    expect(await api.services.users.profile('2001')).toMatchObject({
      balance: 0,
      avatar: 'https://t.me/i/userpic/alice.jpg',
    });
  });

  it('answers the profile and the protection state that GET /users/profile and GET /protection answer right after it', async () => {
    // A returning player with state of their own: chips, the agreement accepted, a deposit limit.
    const first = await api.login({ id: 2004, username: 'carol', languageCode: 'en' });
    await api.request('POST', '/dev/faucet', { token: first, body: { amount: 12.5 } });
    await api.services.protection.setLimit('2004', { kind: 'deposit', period: 'daily', amount: 40 });
    const response = await api.request<LoginResponse>('POST', '/auth/login', {
      body: { initData: initDataFor(2004, { id: 2004, username: 'carol', languageCode: 'en' }) },
    });
    expect(response.status).toBe(200);
    expect(loginResponseSchema.safeParse(response.body).success).toBe(true);
    const token = response.body.accessToken;
    const profile = await api.request('GET', '/users/profile', { token });
    const protection = await api.request('GET', '/protection', { token });
    expect(response.body.profile).toEqual(profile.body);
    expect(response.body.protection).toEqual(protection.body);
    expect(response.body.profile).toMatchObject({ telegramId: '2004', username: 'carol', balance: 12.5 });
    expect(response.body.protection.agreement.acceptedVersion).toBe(AGREEMENT_VERSION);
    expect(response.body.protection.limits.deposit.daily).toMatchObject({ amount: 40 });
  });

  it("answers a new player's protection state with the agreement still to accept", async () => {
    const response = await api.request<LoginResponse>('POST', '/auth/login', {
      body: { initData: initDataFor(2005) },
    });
    expect(response.status).toBe(200);
    const protection = await api.request('GET', '/protection', { token: response.body.accessToken });
    expect(response.body.protection).toEqual(protection.body);
    expect(response.body.protection.agreement).toMatchObject({
      currentVersion: AGREEMENT_VERSION,
      acceptedVersion: null,
    });
    expect(response.body.profile).toMatchObject({ telegramId: '2005', balance: 0, seatedRoomId: null });
  });

  it('refreshes the Telegram fields at the next sign-in and keeps the wallet address', async () => {
    const token = await api.login({ id: 2002, username: 'old' });
    const address = new Address(0, Buffer.alloc(32, 2)).toString({ bounceable: false });
    await api.services.users.setWalletAddress('2002', address);
    const before = await api.services.users.get('2002');
    expect(before!.walletAddress).toBe(address);
    await api.login({ id: 2002, username: 'new', firstName: 'New' });
    const after = await api.services.users.get('2002');
    expect(after).toMatchObject({ username: 'new', firstName: 'New', walletAddress: before!.walletAddress });
    expect(after!.createdAt).toEqual(before!.createdAt);
    expect(token).toBeTruthy();
  });

  it('accepts the cookie instead of the Bearer header', async () => {
    const token = await api.login({ id: 2003 });
    const response = await api.request('GET', '/users/profile', {
      headers: { cookie: `svara_token=${token}` },
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ['missing', {}],
    ['empty', { initData: '' }],
    ['forged', { initData: signDevInitData({ id: 2010 }, { botToken: '1:another-bot' }) }],
    ['expired', { initData: initDataFor(2011, { id: 2011 }, new Date(Date.now() - 86_401_000)) }],
    ['a bot', { initData: initDataFor(2012, { id: 2012, isBot: true }) }],
    ['tampered', { initData: initDataFor(2013).replace('2013', '2014') }],
    ['without a user', { initData: initDataFor(2015).replace(/^user=[^&]*&/, '') }],
  ])('refuses %s init data with 401 auth_validation_failed', async (_, body) => {
    const response = await api.request('POST', '/auth/login', { body, headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      code: 'auth_validation_failed',
      message: 'Authentication failed. Please restart the app.',
    });
  });

  it('answers refusals in Russian by default', async () => {
    const response = await api.request('POST', '/auth/login', { body: { initData: 'x' } });
    expect(response.status).toBe(401);
    expect((response.body as { message: string }).message).toMatch(/[а-я]/i);
  });

  it('refuses a body that is not JSON as malformed input', async () => {
    const response = await api.request('POST', '/auth/login', {
      body: '{oops',
      headers: { 'accept-language': 'en' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'validation_failed', message: 'Invalid input.' });
  });
});

describe('the player language', () => {
  it("starts as Telegram's and then stays the player's choice at every later sign-in", async () => {
    await api.login({ id: 3400, languageCode: 'en' });
    expect((await api.services.users.get('3400'))?.languageCode).toBe('en');
    await api.services.users.setLanguage('3400', 'ru');
    await api.login({ id: 3400, languageCode: 'en', username: 'renamed' });
    const user = await api.services.users.get('3400');
    expect(user).toMatchObject({ languageCode: 'ru', username: 'renamed' });
  });
});

describe('referrers from the start payload', () => {
  it('records ref_<id> and join_<room>_<id> referrers that exist, once, never oneself', async () => {
    await api.login({ id: 3001 });
    await api.login({ id: 3002 });
    await api.login({ id: 3100 }, 'ref_3001');
    expect(await api.services.users.referrerOf('3100')).toBe('3001');
    // Never changed once set.
    await api.login({ id: 3100 }, 'ref_3002');
    expect(await api.services.users.referrerOf('3100')).toBe('3001');

    await api.login({ id: 3101 }, 'join_123e4567-e89b-12d3-a456-426614174000_3002');
    expect(await api.services.users.referrerOf('3101')).toBe('3002');

    await api.login({ id: 3102 }, 'ref_3102');
    expect(await api.services.users.referrerOf('3102')).toBeNull();
    await api.login({ id: 3103 }, 'ref_99999999');
    expect(await api.services.users.referrerOf('3103')).toBeNull();
    await api.login({ id: 3104 }, 'something_else');
    expect(await api.services.users.referrerOf('3104')).toBeNull();
  });

  it('makes a newcomer a referral, never a player who already has money on record', async () => {
    await api.login({ id: 3300 });
    await api.login({ id: 3301 });
    await api.fund('3301', 10_000);
    await api.login({ id: 3301 }, 'ref_3300');
    expect(await api.services.users.referrerOf('3301')).toBeNull();
    // Signed in before, but nothing deposited or played yet: still a newcomer.
    await api.login({ id: 3302 });
    await api.login({ id: 3302 }, 'ref_3300');
    expect(await api.services.users.referrerOf('3302')).toBe('3300');
  });

  it('falls back to the start_param Telegram signed into the init data', async () => {
    await api.login({ id: 3200 });
    const initData = signDevInitData({ id: 3201 }, { botToken: TEST_BOT_TOKEN, startParam: 'ref_3200' });
    expect((await api.request('POST', '/auth/login', { body: { initData } })).status).toBe(200);
    expect(await api.services.users.referrerOf('3201')).toBe('3200');
  });
});

describe('tokens on protected routes', () => {
  it('answers 401 no_token without a token and auth_validation_failed with a bad one', async () => {
    const none = await api.request('GET', '/users/profile', { headers: { 'accept-language': 'en' } });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 'no_token', message: 'No token available' });
    const bad = await api.request('GET', '/users/profile', { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ code: 'auth_validation_failed' });
  });

  it('refuses a valid token of a user that does not exist', async () => {
    const token = await api.services.tokens.issue('987654321');
    const response = await api.request('GET', '/users/profile', { token });
    expect(response.status).toBe(401);
  });
});
