/**
 * /news for admins: the text, a preview exactly as players will see it, a confirmation, then a
 * rate-limited broadcast to every player and a summary. Anyone else is politely refused.
 */
import { createConversation, type Conversation } from '@grammyjs/conversations';
import { Composer, InlineKeyboard, type Api, type Context } from 'grammy';
import type { BotContext } from '../context.js';
import { t, type BotTextKey, type Language, type TextParams } from '../i18n.js';
import type { BotLogger } from '../ports.js';
import type { Broadcaster, BroadcastMessage, BroadcastReport } from './broadcaster.js';
import type { Recipients } from './recipients.js';

export const NEWS_CONVERSATION = 'news';
const SEND = 'news:send';
const CANCEL = 'news:cancel';
/** A draft left this long is dropped; the next message is handled as usual. */
const DRAFT_TIMEOUT_MS = 15 * 60_000;

export interface NewsDeps {
  adminIds: ReadonlySet<string>;
  broadcaster: Broadcaster;
  recipients: Recipients;
  /** The bot's own API client, for the summary sent when the broadcast ends. */
  api: Api;
  logger: BotLogger;
}

function isCancel(text: string): boolean {
  return /^\/cancel(@\w+)?(\s|$)/.test(text);
}

export function summaryText(language: Language, report: BroadcastReport): string {
  const summary = t(language, 'news.summary', {
    seconds: Math.round(report.elapsedMs / 100) / 10,
    sent: report.sent,
    total: report.total,
    blocked: report.blocked,
    failed: report.failed,
  });
  return report.interrupted ? `${summary}\n\n${t(language, 'news.interrupted')}` : summary;
}

export function newsFeature(deps: NewsDeps): Composer<BotContext> {
  const { adminIds, broadcaster, recipients, api, logger } = deps;

  async function news(conversation: Conversation<BotContext, Context>, ctx: Context, language: Language) {
    const say = (key: BotTextKey, params?: TextParams) => t(language, key, params);
    const chatId = ctx.chatId!;

    await ctx.reply(say('news.ask'));
    let draft;
    for (;;) {
      draft = await conversation.waitFor('message:text', {
        otherwise: (other) => other.reply(say('news.text_only')),
      });
      if (isCancel(draft.message.text)) {
        await draft.reply(say('news.cancelled'));
        return;
      }
      // Another command is not the news text.
      if (!draft.message.text.startsWith('/')) break;
      await draft.reply(say('news.text_only'));
    }
    const message: BroadcastMessage = {
      text: draft.message.text,
      ...(draft.message.entities ? { entities: draft.message.entities } : {}),
    };
    const count = await conversation.external(() => recipients.count());
    await draft.reply(say('news.preview'));
    await draft.reply(message.text, message.entities ? { entities: message.entities } : {});
    const confirmation = await draft.reply(say('news.confirm', { count }), {
      reply_markup: new InlineKeyboard().text(say('news.send'), SEND).text(say('news.cancel'), CANCEL),
    });

    for (;;) {
      const answer = await conversation.wait();
      const data = answer.callbackQuery?.data;
      const cancelled = data === CANCEL || isCancel(answer.message?.text ?? '');
      if (data === SEND || cancelled) {
        if (data) await answer.answerCallbackQuery();
        if (cancelled) {
          await ctx.api.editMessageText(chatId, confirmation.message_id, say('news.cancelled'));
          return;
        }
        break;
      }
      if (data !== undefined) await answer.answerCallbackQuery();
      await answer.reply(say('news.press_button'));
    }

    const outcome = await conversation.external(() =>
      broadcaster.start(message, (report) =>
        api.sendMessage(chatId, summaryText(language, report)).catch((error: unknown) => {
          logger.error({ err: error, chatId }, 'news summary not delivered');
        }),
      ),
    );
    await ctx.api.editMessageText(
      chatId,
      confirmation.message_id,
      outcome.started ? say('news.started') : say('news.busy'),
    );
  }

  const composer = new Composer<BotContext>();
  composer.use(
    createConversation<BotContext, Context>(news, {
      id: NEWS_CONVERSATION,
      maxMillisecondsToWait: DRAFT_TIMEOUT_MS,
    }),
  );
  composer.command('news', async (ctx) => {
    if (!adminIds.has(String(ctx.from?.id))) {
      await ctx.reply(ctx.t('news.refused'));
      return;
    }
    await ctx.conversation.enter(NEWS_CONVERSATION, ctx.account.language);
  });
  // A button under a preview whose conversation has ended (timed out, or the bot restarted).
  composer.callbackQuery([SEND, CANCEL], async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup();
  });
  return composer;
}
