/**
 * /stats end to end on a small known dataset (this file's own database): two players' deposits, and
 * the merchant's balance as the sandbox provider is made to report it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useBotHarness } from '../test-support/harness.js';
import { telegramUser, textUpdate } from '../test-support/updates.js';

const OPERATOR = telegramUser(9000, { language_code: 'en' });
const harness = useBotHarness({ adminIds: ['9000'] });

beforeAll(async () => {
  await harness.services.users.upsertFromTelegram({
    id: '9000',
    username: null,
    firstName: 'Anna',
    lastName: null,
    photoUrl: null,
    languageCode: 'en',
    isPremium: false,
  });
  // $100 and $50 deposited today: $99.00 and $49.50 on the wallets, $1.50 of fees to the house.
  for (const [id, cents] of [
    ['6001', 10_000],
    ['6002', 5_000],
  ] as const) {
    await harness.player(telegramUser(Number(id)));
    await harness.services.payments.creditDeposit({
      userId: id,
      trackerId: `seed-${id}`,
      amountCents: cents,
      currency: 'USDTTON',
    });
  }
  // $21 of 6002's asked for and waiting for review: out of the wallet, still owed to the player.
  await harness.services.payments.admin.flagForReview('6002', true);
  await harness.services.payments.withdraw('6002', {
    amountCents: 2_100,
    method: 'cryptobot',
    idempotencyKey: 'stats-review-6002',
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await harness.services.payments.stop();
});

/** The sandbox, the only provider here, reports `balance` as the merchant's. */
function merchantReports(balance: () => Promise<number | null>) {
  const [sandbox] = harness.services.payments.gateways.all;
  vi.spyOn(sandbox!, 'merchantBalance').mockImplementation(balance);
}

async function stats(): Promise<string[]> {
  await harness.handle(textUpdate(OPERATOR, '/stats'));
  return String(harness.telegram.lastTo(OPERATOR.id).text).split('\n');
}

describe('/stats', () => {
  it('adds up the day and raises the alarm when the merchant holds less than the players', async () => {
    merchantReports(async () => 10_000);
    const lines = await stats();
    expect(lines[0]).toMatch(/^📊 Svara, \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(lines.slice(1)).toEqual([
      'Players: 3 · active today: 3 (signed in or played a hand)',
      'Tables running: 0 · hands today: 0',
      'Sit & Go: registering 0 · running 0 · finished today 0 · cancelled today 0',
      'Money on tables: $0.00',
      'House share today: $1.50 (tables $0.00, deposit fees $1.50) · this month: $1.50',
      'Deposits today: 2, $150.00',
      'Withdrawals today: 0, $0.00',
      'Waiting for review: 1',
      '',
      'Owed to players: $148.50',
      '• balances: $127.50',
      '• withdrawals held (review, sending): $21.00',
      'Merchant balance: $100.00',
      // 100 / 148.50 = 67.34 %: the withdrawal in review changes nothing.
      '⚠️ Coverage is 67.3%, below 100%: the merchant holds less than is owed to players.',
    ]);
  });

  it('shows the coverage without an alarm at 100 % or more', async () => {
    merchantReports(async () => 14_850);
    expect((await stats()).slice(-2)).toEqual(['Merchant balance: $148.50', 'Coverage: 100%']);
  });

  it('shows a merchant that does not answer as unknown', async () => {
    merchantReports(async () => {
      throw new Error('provider down');
    });
    expect((await stats()).slice(-3)).toEqual([
      'Merchant balance: unknown',
      '• sandbox: unknown',
      'Coverage: unknown',
    ]);
  });

  it('is for operators only', async () => {
    const player = telegramUser(6001);
    await harness.handle(textUpdate(player, '/stats'));
    expect(harness.telegram.textsTo(player.id)).toEqual(['Извините, эта команда только для операторов.']);
  });
});
