import { Address } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../ledger/check.js';
import { knexOf } from '../../db/orm.js';
import { useTestServer } from '../../test-support/http.js';
import { noticesFor } from '../../notices/outbox.js';

const api = useTestServer();

function addressOf(fill: number) {
  const address = new Address(0, Buffer.alloc(32, fill));
  return {
    bounceable: address.toString({ bounceable: true, urlSafe: true }),
    nonBounceable: address.toString({ bounceable: false, urlSafe: true }),
  };
}

describe('GET /users/profile', () => {
  it('answers the profile with the ledger balance in dollars', async () => {
    const token = await api.login({
      id: 4001,
      username: 'bob',
      firstName: 'Bob',
      photoUrl: 'https://x/b.png',
    });
    await api.fund('4001', 12_345);
    const response = await api.request('GET', '/users/profile', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      telegramId: '4001',
      username: 'bob',
      firstName: 'Bob',
      lastName: null,
      avatar: 'https://x/b.png',
      languageCode: 'ru',
      balance: 123.45,
      walletAddress: null,
      walletSource: null,
      walletVerifiedAt: null,
      seatedRoomId: null,
      suspension: null,
    });
  });
});

describe('POST /users/language', () => {
  it('stores the choice where the bot reads it, and signing in again keeps it', async () => {
    const token = await api.login({ id: 4050, languageCode: 'en' });
    const chosen = await api.request('POST', '/users/language', { token, body: { language: 'ru' } });
    expect(chosen.status).toBe(200);
    expect((await api.services.users.get('4050'))?.languageCode).toBe('ru');
    const again = await api.login({ id: 4050, languageCode: 'en' });
    expect((await api.request('GET', '/users/profile', { token: again })).body).toMatchObject({
      languageCode: 'ru',
    });
  });

  it('refuses anything but ru and en, and needs a token', async () => {
    const token = await api.login({ id: 4051 });
    const refused = await api.request('POST', '/users/language', { token, body: { language: 'de' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed' });
    expect((await api.request('POST', '/users/language', { body: { language: 'en' } })).status).toBe(401);
  });
});

describe('POST /users/wallet-address', () => {
  it('stores the address as typed and shows it in the profile', async () => {
    const token = await api.login({ id: 4101 });
    const { nonBounceable } = addressOf(11);
    const response = await api.request('POST', '/users/wallet-address', {
      token,
      body: { walletAddress: ` ${nonBounceable} ` },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      walletAddress: nonBounceable,
      walletSource: 'typed',
      walletVerifiedAt: null,
    });
    expect((await api.request('GET', '/users/profile', { token })).body).toMatchObject({
      walletAddress: nonBounceable,
      walletSource: 'typed',
      walletVerifiedAt: null,
    });
  });

  it('lets the owner re-spell the address but refuses every spelling of it to another account', async () => {
    const owner = await api.login({ id: 4102 });
    const other = await api.login({ id: 4103 });
    const { bounceable, nonBounceable } = addressOf(12);
    expect(
      (
        await api.request('POST', '/users/wallet-address', {
          token: owner,
          body: { walletAddress: bounceable },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.request('POST', '/users/wallet-address', {
          token: owner,
          body: { walletAddress: nonBounceable },
        })
      ).status,
    ).toBe(200);
    for (const spelling of [bounceable, nonBounceable]) {
      const refused = await api.request('POST', '/users/wallet-address', {
        token: other,
        body: { walletAddress: spelling },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ code: 'addressAlreadyUsed', message: 'Wallet address already in use' });
    }
    expect((await api.services.users.get('4103'))!.walletAddress).toBeNull();
  });

  it('refuses invalid addresses with 400 invalidAddress, in the Telegram language of the user', async () => {
    const token = await api.login({ id: 4104, languageCode: 'en' });
    const { bounceable } = addressOf(13);
    const testnet = new Address(0, Buffer.alloc(32, 13)).toString({ testOnly: true });
    for (const walletAddress of [
      '',
      'short',
      bounceable.slice(0, 47),
      `${bounceable.slice(0, 47)}x`,
      testnet,
      42,
    ]) {
      const response = await api.request('POST', '/users/wallet-address', {
        token,
        body: { walletAddress },
      });
      expect(response.status, String(walletAddress)).toBe(400);
      expect(response.body).toEqual({ code: 'invalidAddress', message: 'Invalid USDT-TON address' });
    }
    expect((await api.request('POST', '/users/wallet-address', { token, body: {} })).status).toBe(400);
  });

  it('needs a token', async () => {
    const { bounceable } = addressOf(14);
    expect(
      (await api.request('POST', '/users/wallet-address', { body: { walletAddress: bounceable } })).status,
    ).toBe(401);
  });
});

describe('GET /users/referral-link', () => {
  it('shows level 1 (3%) and an empty list before any referral', async () => {
    const token = await api.login({ id: 4201 });
    const response = await api.request('GET', '/users/referral-link', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      referralLink: 'https://t.me/svara_game_bot?start=ref_4201',
      refBalance: 0,
      refBonus: 3,
      level: 1,
      referralCount: 0,
      qualifiedCount: 0,
      referrals: [],
    });
  });

  it('counts referrals, qualifies them at $100 of deposits and shows the profit each brought', async () => {
    const token = await api.login({ id: 4300 });
    await api.login({ id: 4301, username: 'rich' }, 'ref_4300');
    await api.login({ id: 4302, username: 'small' }, 'ref_4300');
    await api.login({ id: 4303 }, 'ref_4300');
    const finances = api.services.payments;
    // 4301 deposits $60 then $50: qualified by the second deposit (level still 1 → 3%).
    await finances.creditDeposit({
      userId: '4301',
      trackerId: 't-4301-a',
      amountCents: 6000,
      currency: 'USDTTON',
    });
    await finances.creditDeposit({
      userId: '4301',
      trackerId: 't-4301-b',
      amountCents: 5000,
      currency: 'TON',
    });
    // A replayed confirmation changes nothing.
    expect(
      await finances.creditDeposit({
        userId: '4301',
        trackerId: 't-4301-b',
        amountCents: 5000,
        currency: 'TON',
      }),
    ).toEqual({ credited: false });
    await finances.creditDeposit({
      userId: '4302',
      trackerId: 't-4302-a',
      amountCents: 1000,
      currency: 'USDTTON',
    });

    const response = await api.request('GET', '/users/referral-link', { token });
    expect(response.body).toMatchObject({
      refBonus: 3,
      level: 1,
      referralCount: 3,
      qualifiedCount: 1,
      // 3% of 60 + 50 + 10 = $3.60, below the $10 sweep: it stays on the referral balance.
      refBalance: 3.6,
    });
    const referrals = (
      response.body as { referrals: { username: string | null; profit: number; qualified: boolean }[] }
    ).referrals;
    expect(referrals).toEqual([
      { username: 'rich', firstName: 'rich', profit: 3.3, qualified: true },
      { username: 'small', firstName: 'small', profit: 0.3, qualified: false },
      { username: null, firstName: 'User 4303', profit: 0, qualified: false },
    ]);
    // $110 deposited less the 1 % fee.
    expect(await api.services.ledger.walletBalance('4301')).toBe(10_890);
    expect((await checkLedger(knexOf(api.db.orm))).ok).toBe(true);
  });

  it('moves an accumulated $10 of referral earnings to the game balance', async () => {
    const token = await api.login({ id: 4400 });
    await api.login({ id: 4401 }, 'ref_4400');
    // 3% of $400 = $12 → swept to the wallet; both wallets changed outside the tables.
    const changed: string[] = [];
    const stop = api.services.wallets.onChanged((userId) => changed.push(userId));
    await api.services.payments.creditDeposit({
      userId: '4401',
      trackerId: 't-4401',
      amountCents: 40_000,
      currency: 'USDTTON',
    });
    stop();
    expect(changed.sort()).toEqual(['4400', '4401']);
    // Both players hear of it in the bot: the referrer of the friend joining, the bonus and its move
    // to the balance; the friend of the deposit.
    const notices = async (chatId: string) =>
      (await noticesFor(knexOf(api.db.orm), chatId)).map(({ kind, params }) => ({ kind, params }));
    expect(await notices('4400')).toEqual([
      { kind: 'referral_joined', params: { name: 'User 4401' } },
      { kind: 'referral_bonus', params: { amountCents: 1200 } },
      { kind: 'referral_swept', params: { amountCents: 1200 } },
    ]);
    expect(await notices('4401')).toEqual([
      { kind: 'deposit_credited', params: { amountCents: 39_600, currency: 'USDTTON' } },
    ]);
    const info = await api.request('GET', '/users/referral-link', { token });
    expect(info.body).toMatchObject({ refBalance: 0, qualifiedCount: 1 });
    expect((info.body as { referrals: { profit: number }[] }).referrals[0]!.profit).toBe(12);
    expect((await api.request('GET', '/users/profile', { token })).body).toMatchObject({ balance: 12 });
  });
});
