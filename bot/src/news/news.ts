/**
 * /news for admins: the post (text, or a photo with a caption), a preview exactly as it will
 * appear, then the choice of where it goes. With a news channel configured: the channel only, or
 * the channel first and then every player (a failed channel post stops there). Without one: every
 * player, as a rate-limited broadcast with a summary at the end. Anyone else is politely refused.
 */
import { createConversation, type Conversation } from '@grammyjs/conversations';
import { Composer, GrammyError, InlineKeyboard, type Api, type Context } from 'grammy';
import type { BotContext } from '../context.js';
import { t, type BotTextKey, type Language, type TextParams } from '../i18n.js';
import type { BotLogger } from '../ports.js';
import type { Broadcaster, BroadcastReport } from './broadcaster.js';
import { postFromMessage, sendPost, type NewsPost } from './post.js';
import type { Recipients } from './recipients.js';

export const NEWS_CONVERSATION = 'news';
/** To every player (no channel configured). */
const SEND = 'news:send';
/** To the channel only. */
const CHANNEL = 'news:channel';
/** To the channel, then to every player. */
const CHANNEL_AND_PLAYERS = 'news:all';
const CANCEL = 'news:cancel';
/** A draft left this long is dropped; the next message is handled as usual. */
const DRAFT_TIMEOUT_MS = 15 * 60_000;

export interface NewsDeps {
  adminIds: ReadonlySet<string>;
  broadcaster: Broadcaster;
  recipients: Recipients;
  /** The bot's own API client, for the channel post and the summary sent when the broadcast ends. */
  api: Api;
  logger: BotLogger;
  /** NEWS_CHANNEL_ID; without it the news goes to players only. */
  channelId?: string;
}

type ChannelPostResult = { posted: true } | { posted: false; reason: string };

/** Posts to the channel, answering (never throwing) whether it worked and if not, Telegram's reason. */
async function postToChannel(api: Api, channelId: string, post: NewsPost): Promise<ChannelPostResult> {
  try {
    await sendPost(api, channelId, post);
    return { posted: true };
  } catch (error) {
    return { posted: false, reason: error instanceof GrammyError ? error.description : String(error) };
  }
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
  const { adminIds, broadcaster, recipients, api, logger, channelId } = deps;

  /** Starts the players' broadcast; the summary goes to the admin's chat when it ends. */
  function broadcast(chatId: number, language: Language, post: NewsPost) {
    return broadcaster.start(post, (report) =>
      api.sendMessage(chatId, summaryText(language, report)).catch((error: unknown) => {
        logger.error({ err: error, chatId }, 'news summary not delivered');
      }),
    );
  }

  async function news(conversation: Conversation<BotContext, Context>, ctx: Context, language: Language) {
    const say = (key: BotTextKey, params?: TextParams) => t(language, key, params);
    const chatId = ctx.chatId!;

    await ctx.reply(say('news.ask'));
    let post: NewsPost | null = null;
    while (post === null) {
      const draft = await conversation.waitFor(['message:text', 'message:photo'], {
        otherwise: (other) => other.reply(say('news.text_or_photo')),
      });
      const text = draft.message.text;
      if (text !== undefined && isCancel(text)) {
        await draft.reply(say('news.cancelled'));
        return;
      }
      // Another command is not the news text.
      if (text?.startsWith('/')) await draft.reply(say('news.text_or_photo'));
      else post = postFromMessage(draft.message);
    }

    const count = await conversation.external(() => recipients.count());
    await ctx.reply(say('news.preview'));
    await sendPost(ctx.api, chatId, post);
    const keyboard =
      channelId === undefined
        ? new InlineKeyboard().text(say('news.send'), SEND).text(say('news.cancel'), CANCEL)
        : new InlineKeyboard()
            .text(say('news.channel_only'), CHANNEL)
            .row()
            .text(say('news.channel_and_players'), CHANNEL_AND_PLAYERS)
            .row()
            .text(say('news.cancel'), CANCEL);
    const question =
      channelId === undefined
        ? say('news.confirm', { count })
        : say('news.confirm_channel', { channel: channelId, count });
    const confirmation = await ctx.reply(question, { reply_markup: keyboard });
    const choices = channelId === undefined ? [SEND] : [CHANNEL, CHANNEL_AND_PLAYERS];

    let choice: string;
    for (;;) {
      const answer = await conversation.wait();
      const data = answer.callbackQuery?.data;
      if (data !== undefined) await answer.answerCallbackQuery();
      if (data === CANCEL || isCancel(answer.message?.text ?? '')) {
        await ctx.api.editMessageText(chatId, confirmation.message_id, say('news.cancelled'));
        return;
      }
      if (data !== undefined && choices.includes(data)) {
        choice = data;
        break;
      }
      await answer.reply(say('news.press_button'));
    }
    const conclude = (key: BotTextKey, params?: TextParams) =>
      ctx.api.editMessageText(chatId, confirmation.message_id, say(key, params));

    if (choice === SEND) {
      const outcome = await conversation.external(() => broadcast(chatId, language, post));
      await conclude(outcome.started ? 'news.started' : 'news.busy');
      return;
    }

    const channel = channelId!;
    // Players would miss a post made while another broadcast runs: refuse before posting anything.
    if (choice === CHANNEL_AND_PLAYERS && (await conversation.external(() => broadcaster.running))) {
      await conclude('news.busy');
      return;
    }
    // The channel first: if it refuses, players get nothing either.
    const result = await conversation.external(async () => {
      const outcome = await postToChannel(api, channel, post);
      if (!outcome.posted) logger.warn({ channel, reason: outcome.reason }, 'news channel post failed');
      return outcome;
    });
    if (!result.posted) {
      await conclude('news.channel_failed', { channel, reason: result.reason });
      return;
    }
    if (choice === CHANNEL) {
      await conclude('news.channel_posted', { channel });
      return;
    }
    const outcome = await conversation.external(() => broadcast(chatId, language, post));
    await conclude(outcome.started ? 'news.channel_posted_sending' : 'news.channel_posted_busy', {
      channel,
    });
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
  composer.callbackQuery([SEND, CHANNEL, CHANNEL_AND_PLAYERS, CANCEL], async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup();
  });
  return composer;
}
