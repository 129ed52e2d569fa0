/**
 * News recipients (recipients.ts) on a real database: every player who has not blocked the bot,
 * except those in a cool-off or self-exclusion (player protection sends them no news) — until it ends.
 */
import { describe, expect, it } from 'vitest';
import { useBotHarness } from '../test-support/harness.js';
import { telegramUser } from '../test-support/updates.js';
import { allPlayers } from './recipients.js';

const harness = useBotHarness();

async function idsOf(): Promise<string[]> {
  const recipients = allPlayers(harness.services.orm.em.getConnection(), 2);
  const ids: string[] = [];
  for await (const id of recipients.ids()) ids.push(id);
  expect(await recipients.count()).toBe(ids.length);
  return ids.sort();
}

describe('news recipients', () => {
  it('leave out accounts in a cool-off or self-exclusion, and take them back once it has ended', async () => {
    for (const id of [9301, 9302, 9303, 9304, 9305]) await harness.player(telegramUser(id));
    await harness.services.protection.exclude('9302', { kind: 'cool_off', duration: '24h' });
    await harness.services.protection.exclude('9304', { kind: 'self_exclusion', duration: '5y' });
    // An exclusion that ended yesterday no longer counts.
    await harness.knex('protection_exclusions').insert({
      user_id: '9305',
      kind: 'cool_off',
      starts_at: new Date(Date.now() - 3 * 86_400_000),
      until: new Date(Date.now() - 86_400_000),
      created_by: '9305',
    });
    expect(await idsOf()).toEqual(['9301', '9303', '9305']);
  });
});
