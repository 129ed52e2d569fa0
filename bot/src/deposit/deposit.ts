/**
 * /deposit and the Deposit button under /balance: the amount (a preset button or typed), then the
 * invoice message with its Pay button (issue.ts). The question is a conversation, so a typed amount
 * is read as an amount only while it is asked; /cancel stops, another command leaves it.
 */
import { createConversation, type Conversation } from '@grammyjs/conversations';
import type { Cents } from '@svara/core';
import { Composer, type Context } from 'grammy';
import type { BotContext } from '../context.js';
import { t, type Language } from '../i18n.js';
import { DEPOSIT_CALLBACK } from '../keyboards.js';
import { PRESET_AMOUNTS_CENTS, parseDepositAmount } from './amount.js';
import { issueInvoice, type IssueDeps } from './issue.js';
import { askAmount, PRESET_CALLBACK, type RenderedMessage } from './render.js';

export const DEPOSIT_CONVERSATION = 'deposit';
/** A question left unanswered this long is dropped; the next message is handled as usual. */
const AMOUNT_TIMEOUT_MS = 15 * 60_000;

export type DepositDeps = IssueDeps;

function isCommand(text: string, command: string): boolean {
  return new RegExp(`^/${command}(@\\w+)?(\\s|$)`).test(text);
}

/** The cents of a preset button's data; only the amounts the bot offers. */
function presetAmount(data: string): Cents | null {
  const match = PRESET_CALLBACK.exec(data);
  const cents = match ? Number(match[1]) : null;
  return cents !== null && PRESET_AMOUNTS_CENTS.includes(cents) ? cents : null;
}

const withMarkup = (message: RenderedMessage) =>
  message.reply_markup ? { reply_markup: message.reply_markup } : {};

export function depositFeature(deps: DepositDeps): Composer<BotContext> {
  async function deposit(conversation: Conversation<BotContext, Context>, ctx: Context, language: Language) {
    const chatId = ctx.chatId!;
    const userId = String(ctx.from!.id);
    const question = askAmount(language);
    await ctx.reply(question.text, withMarkup(question));

    let amountCents: Cents;
    for (;;) {
      const answer = await conversation.wait();
      const data = answer.callbackQuery?.data;
      if (data !== undefined) {
        const preset = presetAmount(data);
        if (preset !== null || data === DEPOSIT_CALLBACK) await answer.answerCallbackQuery();
        if (preset !== null) {
          amountCents = preset;
          break;
        }
        if (data === DEPOSIT_CALLBACK) {
          await answer.reply(question.text, withMarkup(question));
          continue;
        }
        // Another button belongs to the rest of the bot.
        await conversation.halt({ next: true });
      }
      const text = answer.message?.text;
      if (text === undefined) {
        await answer.reply(question.text, withMarkup(question));
        continue;
      }
      if (isCommand(text, 'cancel')) {
        await answer.reply(t(language, 'deposit.cancelled'));
        return;
      }
      if (isCommand(text, 'deposit')) {
        await answer.reply(question.text, withMarkup(question));
        continue;
      }
      if (text.startsWith('/')) await conversation.halt({ next: true });
      const parsed = parseDepositAmount(text);
      if (parsed.ok) {
        amountCents = parsed.cents;
        break;
      }
      const again = askAmount(language, parsed.problem);
      await answer.reply(again.text, withMarkup(again));
    }
    // One step: replays of the conversation never send the invoice message twice.
    await conversation.external(() => issueInvoice(deps, { userId, chatId, language, amountCents }));
  }

  async function start(ctx: BotContext) {
    if (!deps.payments.methods().invoice) {
      await ctx.reply(ctx.t('deposit.unavailable'));
      return;
    }
    await ctx.conversation.enter(DEPOSIT_CONVERSATION, ctx.account.language);
  }

  const composer = new Composer<BotContext>();
  composer.use(
    createConversation<BotContext, Context>(deposit, {
      id: DEPOSIT_CONVERSATION,
      maxMillisecondsToWait: AMOUNT_TIMEOUT_MS,
    }),
  );
  composer.command('deposit', start);
  composer.callbackQuery(DEPOSIT_CALLBACK, async (ctx) => {
    await ctx.answerCallbackQuery();
    await start(ctx);
  });
  // A preset pressed after its question's conversation ended (timed out, cancelled, the bot
  // restarted): the button still says what the player wants.
  composer.callbackQuery(PRESET_CALLBACK, async (ctx) => {
    await ctx.answerCallbackQuery();
    const amountCents = presetAmount(ctx.callbackQuery.data);
    if (amountCents === null || !ctx.chatId) return;
    await issueInvoice(deps, {
      userId: ctx.account.user.telegramId,
      chatId: ctx.chatId,
      language: ctx.account.language,
      amountCents,
    });
  });
  return composer;
}
