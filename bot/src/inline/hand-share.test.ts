import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { InlineKeyboardMarkup, InlineQueryResultArticle } from 'grammy/types';
import { distinctScores, openTestTable, playOut } from '../../../api/src/hands/test-hands.js';
import { TEST_BOT_INFO } from '../test-support/fake-telegram.js';
import { useBotHarness } from '../test-support/harness.js';
import { inlineQueryUpdate, telegramUser } from '../test-support/updates.js';
import { handFromQuery, handResult } from './hand-share.js';

const harness = useBotHarness();

/**
 * A finished hand at a $1 table: three dealt in, the second looks, the third folds, two show at
 * the showdown. Its id, and the cards of the one who folded (never public).
 */
async function finishedHand(players: string[]) {
  const table = await openTestTable(harness.knex, players);
  const dealt = await table.deal(distinctScores);
  const [, looker, folder] = dealt.hand!.players.map((p) => p.playerId) as [string, string, string];
  await playOut(table, looker, folder);
  expect(table.state.status).toBe('finished');
  const row = await harness.knex('hands').where({ room_id: table.roomId, hand_number: 1 }).first('id');
  const folded = table.state.hand!.players.find((p) => p.playerId === folder)!;
  expect(folded.folded && !folded.revealed).toBe(true);
  return { id: String(row.id), foldedCards: folded.cards };
}

function answers() {
  return harness.telegram.callsOf('answerInlineQuery') as {
    inline_query_id: string;
    results: InlineQueryResultArticle[];
    is_personal?: boolean;
  }[];
}

describe('inline mode: a shared hand', () => {
  it('answers `hand_<id>` with the hand’s public facts and a button that opens its replay', async () => {
    const hand = await finishedHand(['5101', '5102', '5103']);
    // Asked from a group: the bot answers inline queries wherever they are typed.
    await harness.handle(
      inlineQueryUpdate(telegramUser(5200, { language_code: 'en' }), `hand_${hand.id}`, 'supergroup'),
    );

    const [answer] = answers();
    expect(answers()).toHaveLength(1);
    expect(answer!.is_personal).toBe(true);
    expect(answer!.results).toEqual([
      {
        type: 'article',
        id: hand.id,
        title: 'Hand #1 · $1.00 table',
        description: 'Pot $6.00 · players: 3',
        input_message_content: {
          message_text:
            'A Svara hand, #1 at a $1.00 table: pot $6.00, players: 3.\n' +
            'Watch the replay: it shows only what every spectator saw.',
          link_preview_options: { is_disabled: true },
        },
        reply_markup: {
          inline_keyboard: [
            [
              {
                text: 'Watch the replay',
                url: `https://t.me/${TEST_BOT_INFO.username}?startapp=hand_${hand.id}`,
              },
            ],
          ],
        },
      },
    ]);
    // Nothing of a hidden hand travels, not even in fields the message does not show.
    const sent = JSON.stringify(answer);
    for (const card of hand.foldedCards) expect(sent).not.toContain(`"rank":"${card.rank}"`);
    // Whoever asks gets no account for it.
    expect(await harness.services.users.get('5200')).toBeNull();
  });

  it('speaks Russian by default, and a player’s chosen language over their app’s', async () => {
    const hand = await finishedHand(['5111', '5112', '5113']);
    await harness.handle(inlineQueryUpdate(telegramUser(5210), ` hand_${hand.id.toUpperCase()} `));
    const ru = answers()[0]!.results[0]!;
    expect(ru.title).toBe('Раздача №1 · стол 1,00\u00a0$');
    expect((ru.reply_markup as InlineKeyboardMarkup).inline_keyboard[0]![0]!.text).toBe('Смотреть повтор');

    // A player who chose English with /language, in a Telegram app set to Russian.
    const player = telegramUser(5211, { language_code: 'ru' });
    await harness.player(player);
    await harness.services.users.setLanguage('5211', 'en');
    await harness.handle(inlineQueryUpdate(player, `hand_${hand.id}`));
    expect(answers()[1]!.results[0]!.title).toBe('Hand #1 · $1.00 table');
  });

  it('answers anything else with no results, never an error', async () => {
    const asker = telegramUser(5220, { language_code: 'en' });
    const running = await openTestTable(harness.knex, ['5121', '5122']);
    await running.deal();
    const live = await harness.knex('hands').where({ room_id: running.roomId }).first('id');
    for (const query of [
      '',
      'hello',
      `hand_${randomUUID()}`, // no such hand
      `hand_${String(live.id)}`, // still being played
      'hand_not-a-uuid',
      `hand_${randomUUID()}'; drop table hands; --`,
    ]) {
      await harness.handle(inlineQueryUpdate(asker, query));
    }
    expect(answers().map((a) => a.results)).toEqual([[], [], [], [], [], []]);
    expect(harness.logs).toEqual([]);
  });

  it('answers with no results when the hands cannot be read, and says so in the log', async () => {
    const { bot, telegram } = harness.botWith({
      services: {
        ...harness.services,
        hands: { publicSummary: () => Promise.reject(new Error('database unreachable')) },
      },
    });
    const handId = randomUUID();
    await bot.handleUpdate(inlineQueryUpdate(telegramUser(5230), `hand_${handId}`));
    expect(telegram.callsOf('answerInlineQuery')).toMatchObject([{ results: [] }]);
    expect(harness.logs).toMatchObject([
      { level: 'warn', message: 'shared hand not looked up', details: { handId } },
    ]);
  });

  it('takes a lost answer (Telegram no longer waiting) as a warning, not a failure', async () => {
    const hand = await finishedHand(['5131', '5132', '5133']);
    harness.telegram.offline = true;
    await harness.handle(inlineQueryUpdate(telegramUser(5240), `hand_${hand.id}`));
    expect(harness.logs).toMatchObject([{ level: 'warn', message: 'inline answer not delivered' }]);
  });
});

describe('the hand an inline query names', () => {
  it('is the id of `hand_<uuid>`, lower-cased, and nothing else', () => {
    const id = randomUUID();
    expect(handFromQuery(`hand_${id}`)).toBe(id);
    expect(handFromQuery(`  hand_${id.toUpperCase()}\n`)).toBe(id);
    expect(handFromQuery(id)).toBeNull();
    expect(handFromQuery(`hand_${id}x`)).toBeNull();
    expect(handFromQuery(`join_${id}_1001`)).toBeNull();
  });
});

describe('a shared practice hand', () => {
  it('is told in play chips with their sign, never in dollars (RULES §8)', () => {
    const hand = {
      id: randomUUID(),
      handNumber: 3,
      currency: 'chips' as const,
      stake: 50,
      pot: 1_250,
      players: 4,
      svara: false,
    };
    const en = handResult(hand, 'en', TEST_BOT_INFO.username);
    expect(en.title).toBe('Hand #3 · ◎50 table');
    expect(en.description).toBe('Pot ◎1,250 · players: 4');
    const ru = handResult(hand, 'ru', TEST_BOT_INFO.username);
    expect(ru.title).toBe('Раздача №3 · стол 50\u00a0◎');
    expect(JSON.stringify([en, ru])).not.toContain('$');
  });
});
