/**
 * The operators' desk (Telegram ids in BOT_ADMIN_IDS): /withdrawals to approve or reject the
 * withdrawals under review, /user to look a player up and suspend or unsuspend them, /stats.
 * Anyone else is refused politely and sees no operator data; their presses on an operator's
 * buttons (a forwarded message) do nothing.
 */
import { suspensionReasonSchema } from '@svara/core';
import { createConversation, type Conversation } from '@grammyjs/conversations';
import { Composer, GrammyError, type Context } from 'grammy';
import type { BotContext } from '../context.js';
import { t, type Language } from '../i18n.js';
import type { BotLogger, DeskPort, SuspensionPort, WithdrawalReviewPort } from '../ports.js';
import { operatorName, playerName } from './format.js';
import { DECISION_DATA, decisionDataSchema, reviewMessage, type RenderedMessage } from './review.js';
import { statsText } from './stats.js';
import { SUSPENSION_DATA, suspensionDataSchema, userCardMessage } from './user-card.js';

export const SUSPEND_CONVERSATION = 'operators:suspend';
/** A reason not sent within this time drops the suspension; the next message is handled as usual. */
const REASON_TIMEOUT_MS = 15 * 60_000;
/** /withdrawals sends at most this many messages at once (Telegram limits a chat's pace). */
export const REVIEW_BATCH = 10;
/** Stored as the rejection's reason (payments' failure_reason), for the audit trail. */
const REJECT_REASON = 'in the bot';

export interface OperatorsDeps {
  adminIds: ReadonlySet<string>;
  desk: DeskPort;
  payments: WithdrawalReviewPort;
  suspension: SuspensionPort;
  logger: BotLogger;
}

function isCancel(text: string): boolean {
  return /^\/cancel(@\w+)?(\s|$)/.test(text);
}

/** The SvaraError code of an error from the api's services (they share @svara/core). */
function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && error.name === 'SvaraError' && typeof code === 'string' ? code : undefined;
}

/** Shows `message` in place of an earlier one; an edit that changes nothing is not an error. */
async function replaceMessage(
  ctx: Context,
  chatId: number,
  messageId: number,
  message: RenderedMessage,
): Promise<void> {
  try {
    await ctx.api.editMessageText(chatId, messageId, message.text, {
      // Without a markup Telegram removes the buttons: wanted once a withdrawal is decided.
      ...(message.reply_markup ? { reply_markup: message.reply_markup } : {}),
    });
  } catch (error) {
    if (error instanceof GrammyError && error.description.includes('message is not modified')) return;
    throw error;
  }
}

export function operatorsFeature(deps: OperatorsDeps): Composer<BotContext> {
  const { adminIds, desk, payments, suspension, logger } = deps;
  const isOperator = (ctx: BotContext) => ctx.from !== undefined && adminIds.has(String(ctx.from.id));

  /** Asks for the reason, suspends, and shows the card again with its new state. */
  async function suspend(
    conversation: Conversation<BotContext, Context>,
    ctx: Context,
    language: Language,
    userId: string,
    operatorId: string,
    cardMessageId: number,
  ) {
    const chatId = ctx.chatId!;
    // Only plain JSON crosses `external`: its results are stored with the conversation.
    const name = await conversation.external(async () => {
      const card = await desk.userCard(userId);
      return card ? playerName(card.player) : null;
    });
    if (name === null) {
      await ctx.reply(t(language, 'operators.user.gone'));
      return;
    }
    await ctx.reply(t(language, 'operators.user.ask_reason', { name }));
    let reason: string;
    for (;;) {
      const answer = await conversation.wait();
      const text = answer.message?.text;
      // Buttons and other commands keep working while the bot waits for the reason.
      if (text === undefined || (text.startsWith('/') && !isCancel(text))) {
        // Hands the update on to the other handlers; the conversation waits on here.
        return conversation.skip({ next: true });
      }
      if (isCancel(text)) {
        await answer.reply(t(language, 'operators.user.cancelled'));
        return;
      }
      const parsed = suspensionReasonSchema.safeParse(text);
      if (parsed.success) {
        reason = parsed.data;
        break;
      }
      await answer.reply(t(language, 'operators.user.reason_invalid'));
    }
    const card = await conversation.external(async () => {
      try {
        await suspension.suspend(userId, operatorId, reason);
      } catch (error) {
        if (errorCode(error) === 'not_found') return null;
        throw error;
      }
      const updated = await desk.userCard(userId);
      return updated ? userCardMessage(language, updated) : null;
    });
    if (!card) {
      await ctx.reply(t(language, 'operators.user.gone'));
      return;
    }
    await replaceMessage(ctx, chatId, cardMessageId, card);
    await ctx.reply(t(language, 'operators.user.suspended_done'));
  }

  const composer = new Composer<BotContext>();
  composer.use(
    createConversation<BotContext, Context>(suspend, {
      id: SUSPEND_CONVERSATION,
      maxMillisecondsToWait: REASON_TIMEOUT_MS,
    }),
  );

  const operators = composer.filter(isOperator);
  // Everyone else: the polite refusal for the commands, nothing for the buttons.
  composer.command(['withdrawals', 'user', 'stats'], (ctx) => ctx.reply(ctx.t('operators.refused')));
  composer.callbackQuery([DECISION_DATA, SUSPENSION_DATA], (ctx) =>
    ctx.answerCallbackQuery({ text: ctx.t('operators.refused') }),
  );

  operators.command('withdrawals', async (ctx) => {
    const queue = await payments.admin.withdrawals('review');
    if (queue.length === 0) {
      await ctx.reply(ctx.t('operators.withdrawals.empty'));
      return;
    }
    for (const item of queue.slice(0, REVIEW_BATCH)) {
      const withdrawal = await desk.withdrawal(item.id);
      if (!withdrawal) continue;
      const message = reviewMessage(ctx.account.language, withdrawal);
      await ctx.reply(message.text, message.reply_markup ? { reply_markup: message.reply_markup } : {});
    }
    if (queue.length > REVIEW_BATCH) {
      await ctx.reply(ctx.t('operators.withdrawals.more', { count: queue.length - REVIEW_BATCH }));
    }
  });

  operators.callbackQuery(DECISION_DATA, async (ctx) => {
    const parsed = decisionDataSchema.safeParse(ctx.callbackQuery.data);
    const message = ctx.callbackQuery.message;
    if (!parsed.success || !message) {
      await ctx.answerCallbackQuery();
      return;
    }
    const { decision, orderId } = parsed.data;
    const language = ctx.account.language;
    let notice: string | null;
    try {
      await payments.admin.decide(
        String(ctx.from.id),
        orderId,
        decision,
        decision === 'reject' ? REJECT_REASON : undefined,
      );
      notice = ctx.t(
        decision === 'approve' ? 'operators.review.done_approved' : 'operators.review.done_rejected',
      );
    } catch (error) {
      const code = errorCode(error);
      if (code === 'withdrawal_already_decided') notice = null;
      else if (code === 'not_found') notice = ctx.t('operators.review.gone');
      else {
        logger.error({ err: error, orderId, decision }, 'withdrawal decision failed');
        notice = ctx.t('operators.review.failed');
      }
    }
    // Whatever happened, this copy of the message now shows the withdrawal as it really stands.
    const current = await desk.withdrawal(orderId);
    if (current)
      await replaceMessage(ctx, message.chat.id, message.message_id, reviewMessage(language, current));
    else await ctx.editMessageReplyMarkup().catch(() => undefined);
    // Someone else was first: said in an alert, which the operator has to acknowledge.
    const late = notice === null;
    notice ??= current?.decision
      ? ctx.t('operators.review.already', { operator: operatorName(current.decision.by) })
      : ctx.t('operators.review.closed', { status: current?.status ?? '—' });
    await ctx.answerCallbackQuery({ text: notice, show_alert: late });
  });

  operators.command('user', async (ctx) => {
    const query = ctx.match.trim();
    if (!query) {
      await ctx.reply(ctx.t('operators.user.usage'));
      return;
    }
    const userId = await desk.findUser(query);
    const card = userId === null ? null : await desk.userCard(userId);
    if (!card) {
      await ctx.reply(ctx.t('operators.user.not_found', { query }));
      return;
    }
    const message = userCardMessage(ctx.account.language, card);
    await ctx.reply(message.text, message.reply_markup ? { reply_markup: message.reply_markup } : {});
  });

  operators.callbackQuery(SUSPENSION_DATA, async (ctx) => {
    const parsed = suspensionDataSchema.safeParse(ctx.callbackQuery.data);
    const message = ctx.callbackQuery.message;
    if (!parsed.success || !message) {
      await ctx.answerCallbackQuery();
      return;
    }
    const { action, userId } = parsed.data;
    const operatorId = String(ctx.from.id);
    if (action === 'suspend') {
      await ctx.answerCallbackQuery();
      await ctx.conversation.enter(
        SUSPEND_CONVERSATION,
        ctx.account.language,
        userId,
        operatorId,
        message.message_id,
      );
      return;
    }
    try {
      await suspension.unsuspend(userId, operatorId);
    } catch (error) {
      if (errorCode(error) !== 'not_found') throw error;
    }
    const card = await desk.userCard(userId);
    if (!card) {
      await ctx.answerCallbackQuery({ text: ctx.t('operators.user.gone') });
      return;
    }
    await replaceMessage(
      ctx,
      message.chat.id,
      message.message_id,
      userCardMessage(ctx.account.language, card),
    );
    await ctx.answerCallbackQuery({ text: ctx.t('operators.user.unsuspended_done') });
  });

  operators.command('stats', async (ctx) => {
    await ctx.reply(statsText(ctx.account.language, await desk.stats()));
  });

  return composer;
}
