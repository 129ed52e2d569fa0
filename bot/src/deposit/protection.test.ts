/**
 * /deposit and player protection: the bot's invoices go through the same checks as the Mini App's
 * (api/src/protection). A player over their deposit limit is told what remains; one in a cool-off is
 * told until when; nothing is issued either way.
 */
import type { User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBotHarness } from '../test-support/harness.js';
import { callbackUpdate, telegramUser, textUpdate } from '../test-support/updates.js';

const harness = useBotHarness();

beforeAll(() => {
  harness.services.payments.useBaseUrl('http://127.0.0.1:1');
});
afterAll(async () => {
  await harness.services.payments.stop();
});

async function pressPreset(player: User, cents: number): Promise<string> {
  await harness.handle(textUpdate(player, '/deposit'));
  const question = harness.telegram.lastMessageIdTo(player.id);
  harness.telegram.clear();
  await harness.handle(callbackUpdate(player, `deposit:amount:${cents}`, question));
  return String(harness.telegram.lastTo(player.id).text);
}

const invoices = async (userId: number) =>
  harness.knex('payment_transactions').where({ user_id: String(userId), type: 'deposit' });

describe('/deposit under player protection', () => {
  it('over the deposit limit: says what remains, issues nothing', async () => {
    const player = telegramUser(3401, { language_code: 'en' });
    await harness.player(player);
    await harness.services.protection.setLimit('3401', { kind: 'deposit', period: 'daily', amount: 20 });
    expect(await pressPreset(player, 2500)).toBe(
      'This deposit is over your deposit limit. You can deposit up to $20.00 now.',
    );
    expect(await invoices(player.id)).toEqual([]);
  });

  it('in a cool-off: says until when, issues nothing', async () => {
    const player = telegramUser(3402, { language_code: 'ru' });
    await harness.player(player);
    await harness.services.protection.exclude('3402', { kind: 'cool_off', duration: '7d' });
    expect(await pressPreset(player, 1000)).toMatch(/^Вы взяли перерыв в игре до .+ UTC: /);
    expect(await invoices(player.id)).toEqual([]);
  });
});
