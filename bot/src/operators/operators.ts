/**
 * The operators' desk (Telegram ids in BOT_ADMIN_IDS): /withdrawals to approve or reject the
 * withdrawals under review (a rejection asks for the reason the player reads, a large approval asks
 * once more, a suspended player's cannot be approved), /user to look a player up and suspend or
 * unsuspend them, /stats.
 * Anyone else is refused politely and sees no operator data; their presses on an operator's
 * buttons (a forwarded message) do nothing.
 */
import { rejectionNoteSchema, suspensionReasonSchema, type RejectionPreset } from '@svara/core';
import { createConversation, type Conversation } from '@grammyjs/conversations';
import { Composer, GrammyError, type Context } from 'grammy';
import type { ZodType } from 'zod';
import type { BotContext } from '../context.js';
import { t, type Language } from '../i18n.js';
import type { BotLogger, DeskPort, SuspensionPort, TournamentsPort, WithdrawalReviewPort } from '../ports.js';
import { sitAndGoCommands, SNG_COMMANDS, sngStatsLine } from './sit-and-go.js';
import { operatorName, playerName } from './format.js';
import {
  confirmKeyboard,
  DECISION_DATA,
  decisionDataSchema,
  needsConfirmation,
  rejectKeyboard,
  reviewMessage,
  type RenderedMessage,
} from './review.js';
import type { ReviewCopies } from './review-copies.js';
import { statsText } from './stats.js';
import { SUSPENSION_DATA, suspensionDataSchema, userCardMessage } from './user-card.js';

export const SUSPEND_CONVERSATION = 'operators:suspend';
export const REJECT_NOTE_CONVERSATION = 'operators:reject-note';
/** A reason not sent within this time drops the suspension; the next message is handled as usual. */
const REASON_TIMEOUT_MS = 15 * 60_000;
/** /withdrawals sends at most this many messages at once (Telegram limits a chat's pace). */
export const REVIEW_BATCH = 10;

export interface OperatorsDeps {
  adminIds: ReadonlySet<string>;
  desk: DeskPort;
  payments: WithdrawalReviewPort;
  suspension: SuspensionPort;
  /** Every copy of a review card, so a decision edits them all (the outbox's withdrawal_decided). */
  copies: ReviewCopies;
  logger: BotLogger;
  /** Sit & Go's: counts in /stats, /sng, /sng_set, /sng_cancel. */
  tournaments?: TournamentsPort;
}

function isCancel(text: string): boolean {
  return /^\/cancel(@\w+)?(\s|$)/.test(text);
}

/** The SvaraError code of an error from the api's services (they share @svara/core). */
/**
 * Waits for the operator's own words (a suspension's reason, a rejection's note) until they pass
 * `schema`: null when the operator cancels. Buttons and other commands keep working meanwhile: such
 * an update is handed on to the other handlers, and the conversation waits on.
 */
async function askText(
  conversation: Conversation<BotContext, Context>,
  schema: ZodType<string>,
  replies: { cancelled: string; invalid: string },
): Promise<string | null> {
  for (;;) {
    const answer = await conversation.wait();
    const text = answer.message?.text;
    if (text === undefined || (text.startsWith('/') && !isCancel(text))) {
      return conversation.skip({ next: true });
    }
    if (isCancel(text)) {
      await answer.reply(replies.cancelled);
      return null;
    }
    const parsed = schema.safeParse(text);
    if (parsed.success) return parsed.data;
    await answer.reply(replies.invalid);
  }
}

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
  const { adminIds, desk, payments, suspension, copies, logger } = deps;
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
    const reason = await askText(conversation, suspensionReasonSchema, {
      cancelled: t(language, 'operators.user.cancelled'),
      invalid: t(language, 'operators.user.reason_invalid'),
    });
    if (reason === null) return;
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

  /**
   * Decides a withdrawal and shows the card as it now stands; the answer to the press (or null when
   * someone else decided first). Every other copy is edited by the outbox's withdrawal_decided.
   */
  async function decide(
    ctx: Context,
    language: Language,
    operatorId: string,
    orderId: string,
    decision: 'approve' | 'reject',
    reason?: { preset?: RejectionPreset; note?: string },
  ): Promise<{ text: string; alert: boolean }> {
    let text: string | null;
    let alert = false;
    try {
      await payments.admin.decide(operatorId, orderId, decision, reason);
      text = t(
        language,
        decision === 'approve' ? 'operators.review.done_approved' : 'operators.review.done_rejected',
      );
    } catch (error) {
      const code = errorCode(error);
      if (code === 'withdrawal_already_decided') text = null;
      else if (code === 'not_found') text = t(language, 'operators.review.gone');
      else if (code === 'player_suspended') {
        text = t(language, 'operators.review.refused_suspended');
        alert = true;
      } else {
        logger.error({ err: error, orderId, decision }, 'withdrawal decision failed');
        text = t(language, 'operators.review.failed');
      }
    }
    const current = await desk.withdrawal(orderId);
    if (text === null) {
      // Someone else was first: said in an alert, which the operator has to acknowledge.
      alert = true;
      text = current?.decision
        ? t(language, 'operators.review.already', { operator: operatorName(current.decision.by) })
        : t(language, 'operators.review.closed', { status: current?.status ?? '—' });
    }
    return { text, alert };
  }

  /** Shows every copy of the card in this chat as the withdrawal stands now. */
  async function showCard(ctx: Context, language: Language, orderId: string, messageId: number) {
    const chatId = ctx.chatId!;
    const current = await desk.withdrawal(orderId);
    if (!current) {
      await ctx.api.editMessageReplyMarkup(chatId, messageId).catch(() => undefined);
      return;
    }
    const message = reviewMessage(language, current);
    const shown = new Set([messageId, ...(await copies.of(orderId, chatId))]);
    for (const id of shown) {
      await replaceMessage(ctx, chatId, id, message).catch((error: unknown) => {
        // The pressed copy must show the outcome; an older one that cannot be edited any more need not.
        if (id === messageId) throw error;
      });
    }
  }

  /** Asks for the rejection's reason in the operator's own words, then rejects with it. */
  async function rejectWithNote(
    conversation: Conversation<BotContext, Context>,
    ctx: Context,
    language: Language,
    orderId: string,
    operatorId: string,
    cardMessageId: number,
  ) {
    await ctx.reply(t(language, 'operators.review.ask_note'));
    const note = await askText(conversation, rejectionNoteSchema, {
      cancelled: t(language, 'operators.review.note_cancelled'),
      invalid: t(language, 'operators.review.note_invalid'),
    });
    if (note === null) return;
    const outcome = await conversation.external(async () => {
      const said = await decide(ctx, language, operatorId, orderId, 'reject', { note });
      await showCard(ctx, language, orderId, cardMessageId);
      return said;
    });
    await ctx.reply(outcome.text);
  }

  const composer = new Composer<BotContext>();
  composer.use(
    createConversation<BotContext, Context>(suspend, {
      id: SUSPEND_CONVERSATION,
      maxMillisecondsToWait: REASON_TIMEOUT_MS,
    }),
  );
  composer.use(
    createConversation<BotContext, Context>(rejectWithNote, {
      id: REJECT_NOTE_CONVERSATION,
      maxMillisecondsToWait: REASON_TIMEOUT_MS,
    }),
  );

  const operators = composer.filter(isOperator);
  // Everyone else: the polite refusal for the commands, nothing for the buttons.
  composer.command(['withdrawals', 'user', 'stats', ...SNG_COMMANDS], (ctx) =>
    ctx.reply(ctx.t('operators.refused')),
  );
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
      const sent = await ctx.reply(
        message.text,
        message.reply_markup ? { reply_markup: message.reply_markup } : {},
      );
      await copies.remember(item.id, ctx.chatId, sent.message_id);
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
    const press = parsed.data;
    const { orderId } = press;
    const language = ctx.account.language;
    const operatorId = String(ctx.from.id);
    const messageId = message.message_id;

    // Buttons that only change this copy's buttons: the reasons, a second question, back.
    if (press.action === 'reject' || press.action === 'approve' || press.action === 'back') {
      const current = await desk.withdrawal(orderId);
      const waiting = current?.status === 'review';
      if (waiting && press.action === 'reject') {
        await ctx.editMessageReplyMarkup({ reply_markup: rejectKeyboard(language, orderId) });
        await ctx.answerCallbackQuery({ text: ctx.t('operators.review.choose_reason') });
        return;
      }
      if (waiting && press.action === 'approve' && needsConfirmation(current) && !current.suspension) {
        await ctx.editMessageReplyMarkup({ reply_markup: confirmKeyboard(language, current) });
        await ctx.answerCallbackQuery({ text: ctx.t('operators.review.confirm_hint') });
        return;
      }
      if (press.action === 'back') {
        await showCard(ctx, language, orderId, messageId);
        await ctx.answerCallbackQuery();
        return;
      }
    }
    if (press.action === 'note') {
      await ctx.answerCallbackQuery();
      await ctx.conversation.enter(REJECT_NOTE_CONVERSATION, language, orderId, operatorId, messageId);
      return;
    }
    const outcome =
      press.action === 'rj'
        ? await decide(ctx, language, operatorId, orderId, 'reject', { preset: press.preset })
        : press.action === 'reject'
          ? // Reject pressed on a card no longer waiting: nothing to choose, only the outcome to show.
            await decide(ctx, language, operatorId, orderId, 'reject')
          : await decide(ctx, language, operatorId, orderId, 'approve');
    // Whatever happened, this operator's copies now show the withdrawal as it really stands.
    await showCard(ctx, language, orderId, messageId);
    await ctx.answerCallbackQuery({ text: outcome.text, show_alert: outcome.alert });
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
    const language = ctx.account.language;
    const lines = statsText(language, await desk.stats()).split('\n');
    // The Sit & Go's counts go under the tables' line (title, players, tables).
    if (deps.tournaments) lines.splice(3, 0, await sngStatsLine(language, deps.tournaments));
    await ctx.reply(lines.join('\n'));
  });
  if (deps.tournaments) sitAndGoCommands(operators, deps.tournaments);

  return composer;
}
