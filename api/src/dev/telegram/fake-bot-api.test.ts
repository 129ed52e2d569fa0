import { describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN, useTestServer } from '../../test-support/http.js';
import type { ChatView } from './chat-view.js';
import { DevChats, MESSAGES_PER_CHAT, type TgMessage } from './chats.js';

/** A Bot API answer; `result` is read as what the method returns. */
interface Answer {
  ok: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
}
interface TestUpdate {
  update_id: number;
  message?: TgMessage;
  callback_query?: { id: string; data: string };
}
const sentMessage = (answer: Answer) => answer.result as TgMessage;

const api = useTestServer({ env: { BOT_ADMIN_IDS: '9001,9002' } });

const ANNA = { id: 1001, first_name: 'Anna', username: 'anna', language_code: 'ru' };
const BORIS = { id: 1002, first_name: 'Boris', username: 'boris', language_code: 'en' };

/** A Bot API call as grammY makes it: POST JSON to /dev/telegram/bot<token>/<method>. */
async function call(method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(`${api.baseUrl}/dev/telegram/bot${TEST_BOT_TOKEN}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** The page's side: what it posts when a person types, sends a photo or presses a button. */
async function page(action: string, body: unknown) {
  const response = await fetch(`${api.baseUrl}/dev/chat/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { ok: boolean; description?: string } };
}

async function stateOf(userId: number): Promise<ChatView> {
  const response = await fetch(`${api.baseUrl}/dev/chat/state?user=${userId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ChatView;
}

/** Takes (and confirms) every update waiting, as the bot's next getUpdates would. */
async function drainUpdates(): Promise<TestUpdate[]> {
  const { body } = await call('getUpdates', { timeout: 0 });
  const updates = body.result as TestUpdate[];
  if (updates.length > 0) await call('getUpdates', { offset: updates[updates.length - 1]!.update_id + 1 });
  return updates;
}

describe('the fake Bot API', () => {
  it('introduces the bot behind the token (getMe) and answers unknown methods with 404', async () => {
    const me = await call('getMe');
    expect(me.body).toMatchObject({
      ok: true,
      result: { id: 4242, is_bot: true, username: 'svara_game_bot' },
    });
    const unknown = await call('sendSticker', { chat_id: 1001, sticker: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ ok: false, error_code: 404, description: 'Not Found: method not found' });
  });

  it('holds getUpdates until a person types on the page, then hands over the message with its command', async () => {
    await drainUpdates();
    const started = Date.now();
    const poll = call('getUpdates', { timeout: 10, allowed_updates: ['message', 'callback_query'] });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await page('say', { person: ANNA, text: '/start ref_1002' })).status).toBe(200);

    const { body } = await poll;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(body.result).toHaveLength(1);
    const [update] = body.result as [TestUpdate];
    expect(update.message).toMatchObject({
      text: '/start ref_1002',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      from: { id: 1001, is_bot: false, first_name: 'Anna', username: 'anna', language_code: 'ru' },
      chat: { id: 1001, type: 'private', first_name: 'Anna' },
    });

    // Until confirmed by a later offset the update is offered again; after it, never.
    const again = await call('getUpdates', { timeout: 0 });
    expect((again.body.result as TestUpdate[]).map((u) => u.update_id)).toEqual([update.update_id]);
    const confirmed = await call('getUpdates', { offset: update.update_id + 1, timeout: 0 });
    expect(confirmed.body.result).toEqual([]);
  });

  it('answers an empty list when nothing arrives within the timeout', async () => {
    await drainUpdates();
    const started = Date.now();
    const { body } = await call('getUpdates', { timeout: 1 });
    expect(body).toEqual({ ok: true, result: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('shows what the bot sends and edits in the page JSON, buttons included, edits in place', async () => {
    const keyboard = {
      inline_keyboard: [
        [{ text: 'Pay', url: 'https://pay.example/invoice/1' }],
        [
          { text: 'Play', web_app: { url: 'https://app.example/?tgWebAppStartParam=join_1' } },
          { text: 'Check', callback_data: 'deposit:check:1' },
        ],
      ],
    };
    const sent = await call('sendMessage', { chat_id: 1002, text: 'Invoice $10', reply_markup: keyboard });
    expect(sent.body).toMatchObject({ ok: true, result: { chat: { id: 1002 }, text: 'Invoice $10' } });
    const messageId = sentMessage(sent.body).message_id;

    let state = await stateOf(1002);
    expect(state.chat.messages.at(-1)).toMatchObject({
      id: messageId,
      from: 'bot',
      text: 'Invoice $10',
      edited: false,
      buttons: [
        [{ text: 'Pay', kind: 'url', url: 'https://pay.example/invoice/1' }],
        [
          { text: 'Play', kind: 'web_app', url: 'https://app.example/?tgWebAppStartParam=join_1' },
          { text: 'Check', kind: 'callback', data: 'deposit:check:1' },
        ],
      ],
    });

    const edited = await call('editMessageText', {
      chat_id: 1002,
      message_id: messageId,
      text: 'Paid ✓ +$10',
    });
    expect(edited.body).toMatchObject({ ok: true, result: { message_id: messageId, text: 'Paid ✓ +$10' } });
    state = await stateOf(1002);
    const shown = state.chat.messages.filter((m) => m.id === messageId);
    expect(shown).toEqual([expect.objectContaining({ text: 'Paid ✓ +$10', edited: true, buttons: [] })]);

    // Like Telegram: the same content again is "not modified", an unknown message is not found.
    const same = await call('editMessageText', { chat_id: 1002, message_id: messageId, text: 'Paid ✓ +$10' });
    expect(same.body).toMatchObject({ ok: false, error_code: 400 });
    expect(same.body.description).toMatch(/message is not modified/);
    const missing = await call('editMessageText', { chat_id: 1002, message_id: 999_999, text: 'x' });
    expect(missing.body).toMatchObject({
      ok: false,
      error_code: 400,
      description: 'Bad Request: message to edit not found',
    });

    const markup = await call('editMessageReplyMarkup', {
      chat_id: 1002,
      message_id: messageId,
      reply_markup: { inline_keyboard: [[{ text: 'Again', callback_data: 'again' }]] },
    });
    expect(markup.body.ok).toBe(true);
    expect((await stateOf(1002)).chat.messages.find((m) => m.id === messageId)?.buttons).toEqual([
      [{ text: 'Again', kind: 'callback', data: 'again' }],
    ]);
  });

  it('turns a pressed button into a callback_query and shows the answer as a toast', async () => {
    await drainUpdates();
    const sent = await call('sendMessage', {
      chat_id: 1002,
      text: 'Approve?',
      reply_markup: { inline_keyboard: [[{ text: 'Approve', callback_data: 'wd:approve:7' }]] },
    });
    const messageId = sentMessage(sent.body).message_id;
    expect((await page('press', { person: BORIS, messageId, data: 'wd:approve:7' })).status).toBe(200);
    // A button that is not under that message cannot be pressed.
    expect((await page('press', { person: BORIS, messageId, data: 'wd:approve:8' })).status).toBe(400);

    const [update] = await drainUpdates();
    expect(update?.callback_query).toMatchObject({
      from: { id: 1002, first_name: 'Boris' },
      data: 'wd:approve:7',
      message: { message_id: messageId, chat: { id: 1002 } },
    });
    const answered = await call('answerCallbackQuery', {
      callback_query_id: update?.callback_query?.id,
      text: 'Already decided',
      show_alert: true,
    });
    expect(answered.body).toEqual({ ok: true, result: true });
    expect((await stateOf(1002)).callbackAnswer).toMatchObject({ text: 'Already decided', showAlert: true });
  });

  it('keeps channel posts as a chat of their own, photos by file id or URL', async () => {
    const photo = 'https://example.com/news.jpg';
    await call('sendPhoto', { chat_id: '@svara_dev_news', photo, caption: 'New tables!' });
    await call('sendMessage', { chat_id: -1001234567890, text: 'Maintenance tonight' });
    const state = await stateOf(1001);
    expect(state.channels).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: '@svara_dev_news',
          messages: [expect.objectContaining({ from: 'channel', photo, text: 'New tables!' })],
        }),
        expect.objectContaining({
          id: '-1001234567890',
          messages: [expect.objectContaining({ text: 'Maintenance tonight' })],
        }),
      ]),
    );
  });

  it('lets a person send a photo by URL, which the bot can send on by its file_id', async () => {
    await drainUpdates();
    const url = 'https://example.com/promo.png';
    expect((await page('photo', { person: ANNA, url, caption: 'Promo' })).status).toBe(200);
    const [update] = await drainUpdates();
    expect(update?.message?.caption).toBe('Promo');
    const fileId = update?.message?.photo?.at(-1)?.file_id;
    expect(fileId).toBe(url);
    const forwarded = await call('sendPhoto', { chat_id: 1002, photo: fileId });
    expect(forwarded.body.ok).toBe(true);
    expect((await stateOf(1002)).chat.messages.at(-1)).toMatchObject({ photo: url, text: '' });
  });

  it('takes multipart form data too (grammY uploads files that way)', async () => {
    const form = new FormData();
    form.set('chat_id', '1001');
    form.set('caption', '42');
    form.set('reply_markup', JSON.stringify({ inline_keyboard: [[{ text: 'Ok', callback_data: 'ok' }]] }));
    form.set('photo', new Blob([new Uint8Array([1, 2, 3])]), 'picture.jpg');
    const response = await fetch(`${api.baseUrl}/dev/telegram/bot${TEST_BOT_TOKEN}/sendPhoto`, {
      method: 'POST',
      body: form,
    });
    const body = (await response.json()) as Answer;
    expect(body).toMatchObject({ ok: true, result: { caption: '42', chat: { id: 1001 } } });
    expect((await stateOf(1001)).chat.messages.at(-1)).toMatchObject({
      photo: 'upload:picture.jpg',
      text: '42',
      buttons: [[{ text: 'Ok', kind: 'callback', data: 'ok' }]],
    });
  });

  it('fails messages to a person who blocked the bot with 403, as Telegram does', async () => {
    expect((await page('block', { userId: 1001, blocked: true })).status).toBe(200);
    const refused = await call('sendMessage', { chat_id: 1001, text: 'Deposit credited' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    expect((await stateOf(1001)).chat.blocked).toBe(true);
    await page('block', { userId: 1001, blocked: false });
    expect((await call('sendMessage', { chat_id: 1001, text: 'Back' })).body.ok).toBe(true);
  });

  it('refuses malformed calls and page actions with 400', async () => {
    expect((await call('sendMessage', { chat_id: 1001 })).body).toMatchObject({ ok: false, error_code: 400 });
    expect((await page('say', { person: { id: 'x', first_name: 'A' }, text: 'hi' })).status).toBe(400);
    expect((await page('say', { person: ANNA, text: '' })).status).toBe(400);
    expect((await page('photo', { person: ANNA, url: 'javascript:alert(1)' })).status).toBe(400);
  });

  it('records the command lists and the menu button for the page', async () => {
    await call('setMyCommands', { commands: [{ command: 'start', description: 'Начать' }] });
    await call('setMyCommands', {
      commands: [{ command: 'start', description: 'Start' }],
      language_code: 'en',
    });
    await call('setChatMenuButton', {
      menu_button: { type: 'web_app', text: 'Play', web_app: { url: 'http://127.0.0.1:3000/' } },
    });
    const english = await fetch(`${api.baseUrl}/dev/chat/state?user=1002&lang=en`).then((r) => r.json());
    expect(english).toMatchObject({
      commands: [{ command: 'start', description: 'Start' }],
      menuButton: { text: 'Play', url: 'http://127.0.0.1:3000/' },
    });
    expect((await stateOf(1002)).commands).toEqual([{ command: 'start', description: 'Начать' }]);
  });
});

describe('the development chat page', () => {
  it('is served as HTML with the players and the first operator to choose from', async () => {
    const response = await fetch(`${api.baseUrl}/dev/chat`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await response.text();
    expect(html).toContain('Player Anna (1001)');
    expect(html).toContain('Operator Olga (9001)');
    expect(html).not.toContain('9002)');
  });
});

describe('a chat in memory', () => {
  it(`keeps the last ${MESSAGES_PER_CHAT} messages`, () => {
    const chats = new DevChats();
    const chat = chats.chat('1001');
    for (let i = 1; i <= MESSAGES_PER_CHAT + 5; i++) chats.post(chat, { text: `message ${i}` });
    expect(chat.messages).toHaveLength(MESSAGES_PER_CHAT);
    expect(chat.messages[0]?.text).toBe('message 6');
  });
});
