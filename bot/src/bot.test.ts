import { describe, expect, it } from 'vitest';
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import { launchBot } from './launch.js';
import { FakeTelegram } from './test-support/fake-telegram.js';
import { MINIAPP_URL, recordingLogger, useBotHarness, type LogEntry } from './test-support/harness.js';
import { callbackUpdate, groupTextUpdate, telegramUser, textUpdate } from './test-support/updates.js';

const harness = useBotHarness({ adminIds: ['9000'] });

function buttons(payload: Record<string, unknown>): InlineKeyboardButton[] {
  return ((payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? []).flat();
}

function webAppUrl(payload: Record<string, unknown>): string {
  const button = buttons(payload).find((b) => 'web_app' in b);
  if (!button || !('web_app' in button) || !button.web_app) throw new Error('no web_app button');
  return button.web_app.url;
}

async function fundedRoomOwner(id: number, stakeDollars: number) {
  const owner = telegramUser(id);
  await harness.player(owner);
  await harness.services.payments.creditDeposit({
    userId: String(id),
    trackerId: `seed-${id}`,
    // Ten stakes once the 1 % deposit fee is taken.
    amountCents: stakeDollars * 100 * 11,
    currency: 'USDTTON',
  });
  return harness.services.rooms.create(String(id), { type: 'public', minBet: stakeDollars });
}

describe('/start', () => {
  it('creates the player, welcomes them in Russian by default and offers the Mini App', async () => {
    const newcomer = telegramUser(1001, { first_name: 'Анна', username: 'anna' });
    await harness.handle(textUpdate(newcomer, '/start'));

    const stored = await harness.services.users.get('1001');
    expect(stored).toMatchObject({ telegramId: '1001', firstName: 'Анна', username: 'anna' });
    const reply = harness.telegram.lastTo(1001);
    expect(reply.text).toMatch(/^Добро пожаловать в Свару/);
    expect(buttons(reply)).toEqual([{ text: 'Играть', web_app: { url: MINIAPP_URL } }]);
    expect(harness.telegram.callsOf('setChatMenuButton')).toEqual([
      { chat_id: 1001, menu_button: { type: 'web_app', text: 'Играть', web_app: { url: MINIAPP_URL } } },
    ]);
  });

  it('speaks English to a Telegram user whose app is in English', async () => {
    await harness.handle(textUpdate(telegramUser(1002, { language_code: 'en-GB' }), '/start'));
    const reply = harness.telegram.lastTo(1002);
    expect(reply.text).toMatch(/^Welcome to Svara/);
    expect(buttons(reply)).toEqual([{ text: 'Play', web_app: { url: MINIAPP_URL } }]);
  });

  it('keeps what the Mini App sign-in recorded and the Bot API does not send (the photo)', async () => {
    await harness.services.users.upsertFromTelegram({
      id: '1003',
      username: 'old_name',
      firstName: 'Olga',
      lastName: null,
      photoUrl: 'https://t.me/i/userpic/320/olga.jpg',
      languageCode: 'ru',
      isPremium: false,
    });
    await harness.handle(
      textUpdate(telegramUser(1003, { username: 'new_name', first_name: 'Olga' }), '/start'),
    );
    expect(await harness.services.users.get('1003')).toMatchObject({
      username: 'new_name',
      photoUrl: 'https://t.me/i/userpic/320/olga.jpg',
    });
  });

  it('records the referrer of ref_<id> and tells the referrer who came', async () => {
    const referrer = telegramUser(1100, { language_code: 'en' });
    await harness.player(referrer);
    await harness.handle(textUpdate(telegramUser(1101, { username: 'bob' }), '/start ref_1100'));

    expect(await harness.services.users.referrerOf('1101')).toBe('1100');
    expect(harness.telegram.lastTo(1101).text).toMatch(/^Добро пожаловать/);
    // The notice was written with the referral; the outbox's drain delivers it.
    await harness.svara.notices.runOnce();
    expect(harness.telegram.lastTo(1100).text).toBe('A new player joined Svara with your link: @bob.');
  });

  it('never changes a referrer once recorded, and tells nobody the second time', async () => {
    await harness.player(telegramUser(1102));
    await harness.handle(textUpdate(telegramUser(1101), '/start ref_1102'));
    expect(await harness.services.users.referrerOf('1101')).toBe('1100');
    await harness.svara.notices.runOnce();
    expect(harness.telegram.textsTo(1102)).toEqual([]);
  });

  it('ignores a player’s own referral link', async () => {
    await harness.handle(textUpdate(telegramUser(1103), '/start ref_1103'));
    expect(await harness.services.users.referrerOf('1103')).toBeNull();
    expect(harness.telegram.lastTo(1103).text).toMatch(/^Добро пожаловать/);
    expect(harness.telegram.callsOf('sendMessage')).toHaveLength(1);
  });

  it('opens the invited room: join_<roomId>_<referrerId> reaches the Mini App as its start parameter', async () => {
    const room = await fundedRoomOwner(1200, 2);
    const payload = `join_${room.id}_1200`;
    await harness.handle(textUpdate(telegramUser(1201, { language_code: 'en' }), `/start ${payload}`));

    expect(await harness.services.users.referrerOf('1201')).toBe('1200');
    const reply = harness.telegram.lastTo(1201);
    expect(reply.text).toBe(
      'You are invited to a Svara table with a $2.00 stake. Tap the button to take a seat.',
    );
    expect(buttons(reply)[0]?.text).toBe('Take a seat');
    const url = new URL(webAppUrl(reply));
    expect(url.origin + url.pathname).toBe(MINIAPP_URL);
    expect(url.searchParams.get('tgWebAppStartParam')).toBe(payload);
  });

  it('says so when the invited room has closed, and offers the lobby instead', async () => {
    const room = await fundedRoomOwner(1210, 1);
    await harness.services.rooms.close(room.id);
    await harness.handle(textUpdate(telegramUser(1211), `/start join_${room.id}_1210`));
    const reply = harness.telegram.lastTo(1211);
    expect(reply.text).toBe('Этот стол уже закрыт. Откройте игру и выберите другой.');
    expect(webAppUrl(reply)).toBe(MINIAPP_URL);
  });
});

describe('/language', () => {
  it('offers both languages and stores the choice on the player', async () => {
    const player = telegramUser(1300);
    await harness.handle(textUpdate(player, '/language'));
    const prompt = harness.telegram.lastTo(1300);
    expect(prompt.text).toBe('Выберите язык:');
    expect(buttons(prompt).map((b) => ('callback_data' in b ? b.callback_data : null))).toEqual([
      'language:ru',
      'language:en',
    ]);

    await harness.handle(callbackUpdate(player, 'language:en', 77));
    expect((await harness.services.users.get('1300'))?.languageCode).toBe('en');
    expect(harness.telegram.callsOf('answerCallbackQuery')).toHaveLength(1);
    expect(harness.telegram.callsOf('editMessageText')).toEqual([
      expect.objectContaining({ chat_id: 1300, message_id: 77, text: 'Done: I will speak English now.' }),
    ]);
    expect(harness.telegram.callsOf('setChatMenuButton').at(-1)).toMatchObject({
      chat_id: 1300,
      menu_button: { text: 'Play' },
    });
  });

  it('keeps the chosen language when the player starts the bot again', async () => {
    await harness.handle(textUpdate(telegramUser(1300, { language_code: 'ru' }), '/start'));
    expect(harness.telegram.lastTo(1300).text).toMatch(/^Welcome to Svara/);
  });

  it('switches directly with /language ru', async () => {
    await harness.handle(textUpdate(telegramUser(1300), '/language ru'));
    expect(harness.telegram.lastTo(1300).text).toBe('Готово: теперь я говорю по-русски.');
    expect((await harness.services.users.get('1300'))?.languageCode).toBe('ru');
  });

  it('keeps the chosen language when the player opens the Mini App with Telegram set to another', async () => {
    // The Mini App sign-in refreshes the player from Telegram's data through the same upsert.
    await harness.services.users.upsertFromTelegram({
      id: '1300',
      username: null,
      firstName: 'Player',
      lastName: null,
      photoUrl: null,
      languageCode: 'en',
      isPremium: false,
    });
    await harness.handle(textUpdate(telegramUser(1300, { language_code: 'en' }), '/start'));
    expect(harness.telegram.lastTo(1300).text).toMatch(/^Добро пожаловать в Свару/);
    expect((await harness.services.users.get('1300'))?.languageCode).toBe('ru');
  });
});

describe('/balance and /invite', () => {
  it('shows the ledger balance', async () => {
    const player = telegramUser(1400, { language_code: 'en' });
    await harness.handle(textUpdate(player, '/balance'));
    expect(harness.telegram.lastTo(1400).text).toBe('Your balance: $0.00');

    await harness.services.payments.creditDeposit({
      userId: '1400',
      trackerId: 'balance-1400',
      amountCents: 1234,
      currency: 'USDTTON',
    });
    await harness.handle(textUpdate(player, '/balance'));
    const reply = harness.telegram.lastTo(1400);
    // $12.34 deposited less the 1 % fee.
    expect(reply.text).toBe('Your balance: $12.22');
    expect(webAppUrl(reply)).toBe(MINIAPP_URL);
  });

  it('gives the referral link from the users service, with the referrals so far', async () => {
    const referrer = telegramUser(1500);
    await harness.handle(textUpdate(referrer, '/start'));
    await harness.handle(textUpdate(telegramUser(1501), '/start ref_1500'));
    await harness.handle(textUpdate(telegramUser(1502), '/start ref_1500'));
    await harness.handle(textUpdate(referrer, '/invite'));

    const reply = harness.telegram.lastTo(1500);
    const link = 'https://t.me/svara_game_bot?start=ref_1500';
    expect(reply.text).toContain(`Ваша реферальная ссылка:\n${link}\n`);
    expect(reply.text).toContain('Приглашено друзей: 2, засчитано: 0. Вы получаете 3\u00a0%');
    const share = buttons(reply).find((b) => 'url' in b);
    const shareUrl = new URL(share && 'url' in share ? share.url : '');
    expect(shareUrl.origin + shareUrl.pathname).toBe('https://t.me/share/url');
    expect(shareUrl.searchParams.get('url')).toBe(link);
  });
});

describe('other messages', () => {
  it('answers /help, and anything it does not understand, with the list of commands', async () => {
    await harness.handle(textUpdate(telegramUser(1600, { language_code: 'en' }), 'hello?'));
    const reply = String(harness.telegram.lastTo(1600).text);
    expect(reply).toContain('/balance — your balance');
    expect(reply).not.toContain('/news');
  });

  it('lists the operators’ commands in the help of an admin', async () => {
    await harness.handle(textUpdate(telegramUser(9000), '/help'));
    const reply = String(harness.telegram.lastTo(9000).text);
    expect(reply).toContain('/news — опубликовать новость в канале и/или разослать игрокам');
    expect(reply).toContain('/withdrawals — выводы, ждущие проверки');
  });

  it('stays silent in groups', async () => {
    await harness.handle(groupTextUpdate(telegramUser(1700), '/start'));
    expect(harness.telegram.calls).toEqual([]);
    expect(await harness.services.users.get('1700')).toBeNull();
  });
});

describe('launching inside the api', () => {
  const settings = {
    token: '7000001:AAH-real_token',
    username: 'svara_game_bot',
    miniAppUrl: MINIAPP_URL,
    adminIds: new Set<string>(),
  };

  it('stays off, touching nothing, when the configuration says so', () => {
    const logs: LogEntry[] = [];
    const logger = recordingLogger(logs);
    const off = { enabled: false as const, refused: false, reason: 'BOT_ENABLED is not true' };
    expect(launchBot(off, { services: harness.services, logger })).toBeNull();
    expect(logs).toEqual([]);
    const refused = { enabled: false as const, refused: true, reason: 'the development token' };
    expect(launchBot(refused, { services: harness.services, logger })).toBeNull();
    expect(logs).toEqual([
      { level: 'warn', details: { reason: 'the development token' }, message: 'the Telegram bot stays off' },
    ]);
  });

  it('learns who it is, sets the menu button and commands, polls, and stops', async () => {
    const telegram = new FakeTelegram();
    const logs: LogEntry[] = [];
    const running = launchBot(
      { enabled: true, settings },
      { services: harness.services, logger: recordingLogger(logs), client: telegram.client },
    )!;
    await running.ready;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await running.stop();

    const methods = telegram.calls.map((call) => call.method);
    expect(methods.slice(0, 6)).toEqual([
      'getMe',
      'setChatMenuButton',
      'setMyCommands',
      'setMyCommands',
      'setMyCommands',
      'deleteWebhook',
    ]);
    expect(methods).toContain('getUpdates');
    expect(telegram.callsOf('setChatMenuButton')).toEqual([
      { menu_button: { type: 'web_app', text: 'Играть', web_app: { url: MINIAPP_URL } } },
    ]);
    const commands = telegram.callsOf('setMyCommands');
    expect(commands.map((c) => c.language_code)).toEqual([undefined, 'ru', 'en']);
    expect(commands[2]!.commands).toContainEqual({ command: 'balance', description: 'Your balance' });
    expect(telegram.callsOf('getUpdates')[0]).toMatchObject({
      allowed_updates: ['message', 'callback_query', 'inline_query'],
    });
    expect(logs.map((entry) => entry.message)).toEqual(['Telegram bot polling']);
  });

  it("gives each operator's chat a menu with the operators' commands too", async () => {
    const telegram = new FakeTelegram();
    const running = launchBot(
      { enabled: true, settings: { ...settings, adminIds: new Set(['9000']) } },
      { services: harness.services, logger: recordingLogger([]), client: telegram.client },
    )!;
    await running.ready;
    await running.stop();

    const scoped = telegram.callsOf('setMyCommands').filter((c) => c.scope !== undefined);
    expect(scoped.map((c) => [c.scope, c.language_code])).toEqual([
      [{ type: 'chat', chat_id: '9000' }, undefined],
      [{ type: 'chat', chat_id: '9000' }, 'ru'],
      [{ type: 'chat', chat_id: '9000' }, 'en'],
    ]);
    const english = (scoped[2]!.commands as { command: string }[]).map((c) => c.command);
    expect(english).toEqual([
      'start',
      'balance',
      'deposit',
      'invite',
      'language',
      'help',
      'withdrawals',
      'user',
      'stats',
      'news',
      'sng',
    ]);
    // Players keep the list without them.
    const everyone = telegram.callsOf('setMyCommands').filter((c) => c.scope === undefined);
    expect(
      everyone.flatMap((c) => (c.commands as { command: string }[]).map((x) => x.command)),
    ).not.toContain('withdrawals');
  });

  it('does not hold up the api while Telegram is unreachable, says so, and still stops promptly', async () => {
    const logs: LogEntry[] = [];
    let attempts = 0;
    // Every request hangs until grammY gives up on it, as with a network that drops packets.
    const unreachable = (_url: string, init: { signal?: AbortSignal }) =>
      new Promise((_resolve, reject) => {
        attempts++;
        const aborted = () => reject(new Error('aborted'));
        if (init.signal?.aborted) aborted();
        init.signal?.addEventListener('abort', aborted);
      });
    const running = launchBot(
      { enabled: true, settings },
      {
        services: harness.services,
        logger: recordingLogger(logs),
        client: { fetch: unreachable as never },
        slowStartMs: 30,
      },
    )!;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(attempts).toBe(1); // getMe, still waiting
    expect(logs).toEqual([
      { level: 'warn', details: {}, message: 'Telegram has not answered yet; the bot keeps trying' },
    ]);
    const stoppedAt = performance.now();
    await running.stop();
    await running.ready;
    // Stopping does not wait for Telegram (a long poll would hold it for 30 s); the bound is loose
    // so a busy machine cannot fail it.
    expect(performance.now() - stoppedAt).toBeLessThan(5_000);
    expect(logs.filter((entry) => entry.level === 'error')).toEqual([]);
  });
});
