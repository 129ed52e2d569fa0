import type { ConversationData, VersionedStateStorage } from '@grammyjs/conversations';
import { describe, expect, it } from 'vitest';
import { createSvaraBot } from './bot.js';
import { CONVERSATIONS_VERSION, postgresConversationStorage } from './conversation-storage.js';
import { FakeTelegram, TEST_BOT_INFO } from './test-support/fake-telegram.js';
import { MINIAPP_URL, TEST_TOKEN, recordingLogger, useBotHarness } from './test-support/harness.js';
import { callbackUpdate, telegramUser, textUpdate } from './test-support/updates.js';

const ADMIN = telegramUser(9000, { language_code: 'en' });
const harness = useBotHarness({ adminIds: ['9000'] });

const HOUR = 60 * 60_000;

function adapterOf(now: () => number = Date.now): VersionedStateStorage<string, ConversationData> {
  const storage = postgresConversationStorage(harness.services.orm.em.getConnection(), { now });
  if (storage.type !== 'key') throw new Error('a key storage was expected');
  return storage.adapter;
}

const versioned = (state: ConversationData) => ({
  version: [0, CONVERSATIONS_VERSION] as [0, number],
  state,
});

async function storedKeys(): Promise<string[]> {
  return (await harness.knex('bot_conversations').orderBy('key').pluck('key')).map(String);
}

async function age(key: string, hours: number): Promise<void> {
  await harness
    .knex('bot_conversations')
    .where({ key })
    .update({ updated_at: harness.knex.raw(`now() - make_interval(hours => ?)`, [hours]) });
}

describe('conversations stored in PostgreSQL', () => {
  it('keeps one row per chat, reads back what was written, and deletes it', async () => {
    const adapter = adapterOf();
    const state = versioned({
      news: [{ args: '["en"]', interrupts: [], replay: { send: [], receive: [] } }],
    });
    await adapter.write('9000', state);
    await adapter.write('9001', versioned({}));
    expect(await adapter.read('9000')).toEqual(state);
    expect(await adapter.read('404')).toBeUndefined();

    await adapter.write('9000', versioned({ other: [] }));
    expect(await adapter.read('9000')).toEqual(versioned({ other: [] }));
    expect(await storedKeys()).toEqual(['9000', '9001']);

    await adapter.delete('9000');
    expect(await adapter.read('9000')).toBeUndefined();
    expect(await storedKeys()).toEqual(['9001']);
  });

  it('forgets a state untouched for more than a day, and sweeps such rows away now and then', async () => {
    let clock = 0;
    const adapter = adapterOf(() => clock);
    await adapter.write('1', versioned({}));
    await adapter.write('2', versioned({}));
    await age('1', 25);
    await age('2', 23);
    expect(await adapter.read('1')).toBeUndefined();
    expect(await adapter.read('2')).toEqual(versioned({}));
    // The first write swept already; the next sweep comes an hour later.
    await adapter.write('3', versioned({}));
    expect(await storedKeys()).toEqual(['1', '2', '3']);
    clock += HOUR;
    await adapter.write('3', versioned({}));
    expect(await storedKeys()).toEqual(['2', '3']);
  });

  it('continues a /news draft on a new bot instance, as after a restart', async () => {
    await harness.handle(textUpdate(ADMIN, '/news'));
    expect(harness.telegram.lastTo(ADMIN.id).text).toBe(
      'Send the news in one message: text, or a photo with a caption. /cancel — stop.',
    );
    expect(await storedKeys()).toEqual([String(ADMIN.id)]);

    // A second bot on the same database, knowing nothing in memory of the first.
    const telegram = new FakeTelegram();
    const restarted = createSvaraBot({
      token: TEST_TOKEN,
      botInfo: TEST_BOT_INFO,
      client: telegram.client,
      settings: { miniAppUrl: MINIAPP_URL, adminIds: new Set(['9000']) },
      services: harness.services,
      logger: recordingLogger(harness.logs),
    });
    await restarted.bot.handleUpdate(textUpdate(ADMIN, 'Servers are back'));
    expect(telegram.textsTo(ADMIN.id)).toEqual([
      'Preview: the next message is exactly how the news will look.',
      'Servers are back',
      expect.stringMatching(/^Recipients: \d+\. Send the news\?$/),
    ]);

    await restarted.bot.handleUpdate(
      callbackUpdate(ADMIN, 'news:cancel', telegram.lastMessageIdTo(ADMIN.id)),
    );
    expect(telegram.textsTo(ADMIN.id).at(-1)).toBe('The news was not sent.');
    // Finished conversations leave nothing behind.
    expect(await storedKeys()).toEqual([]);
  });

  it('drops a state written by another version of the conversations', async () => {
    await harness.handle(textUpdate(ADMIN, '/news'));
    await harness
      .knex('bot_conversations')
      .where({ key: String(ADMIN.id) })
      .update({ state: harness.knex.raw(`jsonb_set(state, '{version,1}', '"old"')`) });

    // No draft in progress any more: the text is an ordinary message.
    await harness.handle(textUpdate(ADMIN, 'Servers are back'));
    expect(harness.telegram.textsTo(ADMIN.id)).not.toContain('Servers are back');
    expect(harness.telegram.lastTo(ADMIN.id).text).toMatch(/^Svara is the three-card game/);
  });
});
