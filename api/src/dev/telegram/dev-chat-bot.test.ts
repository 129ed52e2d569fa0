/**
 * The real bot against the development chat, end to end: the api listening, the bot launched as
 * main.ts launches it in development (long polling, apiRoot = the api's own stand-in Bot API), and
 * a person typing on the page.
 */
import { formatUsdCents, type Cents } from '@svara/core';
import { launchBot, type RunningBot } from '@svara/bot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN, useTestServer } from '../../test-support/http.js';
import type { ChatView, ViewMessage } from './chat-view.js';
import { devChatApiRoot } from './wiring.js';

const api = useTestServer();
let bot: RunningBot | null = null;

const ANNA = { id: 1001, first_name: 'Anna', username: 'anna', language_code: 'en' };

beforeAll(async () => {
  bot = launchBot(
    {
      enabled: true,
      devChat: true,
      settings: {
        token: TEST_BOT_TOKEN,
        username: 'svara_game_bot',
        miniAppUrl: `${api.baseUrl}/`,
        adminIds: new Set(),
      },
    },
    {
      services: api.services,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      client: { apiRoot: devChatApiRoot(api.baseUrl) },
    },
  );
  // As main.ts does: notices written with money changes are sent at once.
  api.services.outbox.onWritten(() => bot?.notices.wake());
  await bot?.ready;
});

// Registered after the server's hooks, so it runs first: the bot stops before the api closes.
afterAll(async () => {
  await bot?.stop();
});

async function page(action: 'say' | 'press', body: Record<string, unknown>) {
  const response = await fetch(`${api.baseUrl}/dev/chat/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ person: ANNA, ...body }),
  });
  expect(response.status).toBe(200);
}
const say = (text: string) => page('say', { text });

async function chatOf(userId: number): Promise<ChatView> {
  return (await (await fetch(`${api.baseUrl}/dev/chat/state?user=${userId}&lang=en`)).json()) as ChatView;
}

/** The bot's messages in the chat once there are more than `before`, within a few seconds. */
async function botReplies(userId: number, before: number): Promise<ViewMessage[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const replies = (await chatOf(userId)).chat.messages.filter((m) => m.from === 'bot');
    if (replies.length > before) return replies.slice(before);
    if (Date.now() > deadline) throw new Error(`no reply from the bot within 5 s (had ${before})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the real bot in the development chat', () => {
  it('started against the stand-in: its commands and menu button are on the page', async () => {
    const view = await chatOf(1001);
    expect(view.commands.map((c) => c.command)).toContain('balance');
    expect(view.menuButton).toMatchObject({ url: `${api.baseUrl}/` });
  });

  it('answers /start typed on the page with the welcome and a button opening the Mini App', async () => {
    await say('/start');
    const [welcome] = await botReplies(1001, 0);
    expect(welcome?.text).toMatch(/Welcome to Svara/);
    expect(welcome?.buttons.flat()).toContainEqual(
      expect.objectContaining({ kind: 'web_app', url: expect.stringContaining(api.baseUrl) }),
    );
  });

  it('answers /balance with the player’s balance from the ledger', async () => {
    await api.fund('1001', 1250);
    const before = (await chatOf(1001)).chat.messages.filter((m) => m.from === 'bot').length;
    await say('/balance');
    const [balance] = await botReplies(1001, before);
    expect(balance?.text).toContain(formatUsdCents(1250 as Cents, 'en'));
  });

  it('takes a deposit: a preset pressed, the invoice with its Pay link, then the same message paid', async () => {
    // Anna has accepted the user agreement (player protection): no deposit without it.
    await api.services.protection.acceptAgreement('1001', api.services.protection.agreementVersion);
    const before = (await chatOf(1001)).chat.messages.filter((m) => m.from === 'bot').length;
    await say('/deposit');
    const [question] = await botReplies(1001, before);
    const preset = question?.buttons.flat().find((button) => button.kind === 'callback');
    if (!question || preset?.kind !== 'callback') throw new Error('no amount buttons under the question');
    await page('press', { messageId: question.id, data: preset.data });

    const [invoice] = await botReplies(1001, before + 1);
    const pay = invoice?.buttons.flat().find((button) => button.kind === 'url');
    if (!invoice || pay?.kind !== 'url') throw new Error('no Pay button under the invoice');
    // The sandbox's pay page is /api/v1/sandbox/invoice/<tracker id>; paying it settles the invoice.
    // (Relative without PUBLIC_URL: the page opens it on the api's origin.)
    const trackerId = new URL(pay.url, api.baseUrl).pathname.split('/').pop();
    const paid = await api.request('POST', '/sandbox/pay', { body: { trackerId } });
    expect(paid.status).toBe(200);

    const deadline = Date.now() + 5_000;
    let shown = invoice;
    while (!shown.edited && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      shown = (await chatOf(1001)).chat.messages.find((m) => m.id === invoice.id) ?? shown;
    }
    expect(shown).toMatchObject({ id: invoice.id, edited: true });
    expect(shown.text).not.toBe(invoice.text);
    // Credited: the $10.00 less the 1% fee, on top of the $12.50 funded above.
    expect(shown.text).toContain(formatUsdCents(990 as Cents, 'en'));
    expect(shown.text).toContain(formatUsdCents(2240 as Cents, 'en'));
  });
});
