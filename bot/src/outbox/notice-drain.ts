/**
 * Drains the notice outbox into Telegram: claims due notices, renders each in its reader's language,
 * sends (or edits) it and records the outcome. Telegram being away or slow costs time, not notices:
 * a failed send is tried again later with a growing pause, 429s are waited out (auto-retry on the
 * bot's API client, then the pause here), a player who blocked the bot is marked and skipped, a
 * notice nobody could deliver for days expires. The api wakes the drain when it writes notices; a
 * poll finds the ones other nodes wrote.
 *
 * A notice is sent once, unless the process dies between Telegram's answer and the row's update: the
 * claim's lease then runs out and another drain sends it again. Losing it would be worse.
 */
import { GrammyError, HttpError, type Api } from 'grammy';
import { isUnreachable } from '../delivery.js';
import type { BotLogger } from '../ports.js';
import type { ClaimedNotice, NoticeStore } from './notice-store.js';
import type { MessageContent, NoticeRenderer } from './render-notice.js';

export type NoticeOutcome = 'sent' | 'blocked' | 'retry' | 'failed' | 'expired';

export interface NoticeDrainOptions {
  store: NoticeStore;
  render: NoticeRenderer;
  api: Api;
  logger: BotLogger;
  /** Notices claimed at a time. */
  batchSize?: number;
  /** How often the outbox is looked at without being woken. */
  pollMs?: number;
  /** How long a claim keeps other drains away; longer than one send with its 429 waits. */
  leaseMs?: number;
  /** Attempts before a notice fails for good. */
  maxAttempts?: number;
  /** A notice older than this is not sent any more (it would tell of a stale state). */
  maxAgeMs?: number;
  /** The pause before attempt `attempt + 1`. */
  backoffMs?: (attempt: number) => number;
  now?: () => Date;
  /** Finished notices are kept this many days (what was told whom), then forgotten. */
  keepDays?: number;
}

export interface NoticeDrain {
  /** One batch; the outcome of each claimed notice. */
  runOnce(): Promise<NoticeOutcome[]>;
  start(): void;
  /** Notices were written: drain now rather than at the next poll. */
  wake(): void;
  /** Stops polling and waits for the batch in hand. */
  stop(): Promise<void>;
}

const MINUTE = 60_000;

/** 2 s, 4 s, 8 s … up to 15 minutes between attempts. */
export const defaultBackoff = (attempt: number) => Math.min(1_000 * 2 ** attempt, 15 * MINUTE);

/** An edit that cannot be made: the message is gone or too old; a new message is sent instead. */
function isUneditable(error: GrammyError): boolean {
  return (
    error.error_code === 400 && /message to edit not found|message can't be edited/i.test(error.description)
  );
}

export function createNoticeDrain(options: NoticeDrainOptions): NoticeDrain {
  const { store, render, api, logger } = options;
  const batchSize = options.batchSize ?? 20;
  const pollMs = options.pollMs ?? 2_000;
  const leaseMs = options.leaseMs ?? 2 * MINUTE;
  const maxAttempts = options.maxAttempts ?? 12;
  const maxAgeMs = options.maxAgeMs ?? 3 * 24 * 60 * MINUTE;
  const backoffMs = options.backoffMs ?? defaultBackoff;
  const now = options.now ?? (() => new Date());
  const keepDays = options.keepDays ?? 30;
  let lastPrune = 0;

  async function sendMessage(chatId: string, content: MessageContent): Promise<number> {
    const sent = await api.sendMessage(
      chatId,
      content.text,
      content.reply_markup ? { reply_markup: content.reply_markup } : {},
    );
    return sent.message_id;
  }

  /** Shows `content` in an earlier message; false when that message cannot be edited any more. */
  async function edit(chatId: string, messageId: number, content: MessageContent): Promise<boolean> {
    try {
      await api.editMessageText(
        chatId,
        messageId,
        content.text,
        content.reply_markup ? { reply_markup: content.reply_markup } : {},
      );
      return true;
    } catch (error) {
      // Already showing this (an earlier attempt, or the operator's own press, got there first).
      if (error instanceof GrammyError && /message is not modified/i.test(error.description)) return true;
      if (error instanceof GrammyError && isUneditable(error)) return false;
      throw error;
    }
  }

  async function deliver(claimed: ClaimedNotice): Promise<NoticeOutcome> {
    const { id, chatId, notice } = claimed;
    if (!notice) {
      await store.finished(id, 'failed', 'the notice does not match its schema');
      logger.error({ noticeId: id }, 'unreadable notice in the outbox');
      return 'failed';
    }
    if (claimed.blocked) {
      await store.blocked(id, chatId);
      return 'blocked';
    }
    if (now().getTime() - claimed.createdAt.getTime() > maxAgeMs) {
      await store.finished(id, 'expired', 'too old to send');
      return 'expired';
    }
    try {
      const rendered = await render(chatId, notice);
      if (rendered.action === 'skip') {
        await store.finished(id, 'expired', 'nothing to tell any more');
        return 'expired';
      }
      if (rendered.action === 'send') {
        const messageId = await sendMessage(chatId, rendered);
        await rendered.afterSend?.(messageId);
      } else if (rendered.action === 'edit_all') {
        // A copy that is gone or too old is left as it is: nothing else shows that withdrawal there.
        for (const messageId of rendered.messageIds) await edit(chatId, messageId, rendered.content);
      } else if (!(await edit(chatId, rendered.messageId, rendered))) {
        if (rendered.fallback.text !== '') await sendMessage(chatId, rendered.fallback);
      }
      await store.sent(id);
      return 'sent';
    } catch (error) {
      return failed(claimed, error);
    }
  }

  async function failed(claimed: ClaimedNotice, error: unknown): Promise<NoticeOutcome> {
    const { id, chatId, attempts } = claimed;
    const description = error instanceof Error ? error.message : String(error);
    if (error instanceof GrammyError && isUnreachable(error)) {
      await store.blocked(id, chatId);
      logger.info({ chatId, noticeId: id }, 'player cannot be reached in Telegram; notices stop');
      return 'blocked';
    }
    // Any other 4xx but 429 is a request Telegram will refuse again.
    if (
      error instanceof GrammyError &&
      error.error_code >= 400 &&
      error.error_code < 500 &&
      error.error_code !== 429
    ) {
      await store.finished(id, 'failed', description);
      logger.error({ err: error, chatId, noticeId: id }, 'notice refused by Telegram');
      return 'failed';
    }
    const transient = error instanceof HttpError || error instanceof GrammyError;
    if (attempts >= maxAttempts || !transient) {
      await store.finished(id, 'failed', description);
      logger.error({ err: error, chatId, noticeId: id, attempts }, 'notice not delivered; giving up');
      return 'failed';
    }
    const retryAfterMs =
      error instanceof GrammyError && error.parameters.retry_after !== undefined
        ? error.parameters.retry_after * 1_000
        : 0;
    const pause = Math.max(backoffMs(attempts), retryAfterMs);
    await store.retryAt(id, new Date(now().getTime() + pause), description);
    logger.warn({ err: error, chatId, noticeId: id, attempts, pauseMs: pause }, 'notice not delivered yet');
    return 'retry';
  }

  async function runOnce(): Promise<NoticeOutcome[]> {
    if (now().getTime() - lastPrune > 60 * MINUTE) {
      lastPrune = now().getTime();
      await store.prune(keepDays);
    }
    const claimed = await store.claim(batchSize, leaseMs);
    const outcomes: NoticeOutcome[] = [];
    // One at a time: Telegram limits how fast a bot sends, and order within a chat is kept.
    for (const notice of claimed) outcomes.push(await deliver(notice));
    return outcomes;
  }

  let running = false;
  /** Between start and stop. */
  let active = false;
  let woken = false;
  let timer: NodeJS.Timeout | null = null;
  let loop: Promise<void> = Promise.resolve();

  function schedule(ms: number) {
    if (!active) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void drainNow(), ms);
    timer.unref();
  }

  function drainNow(): Promise<void> {
    if (running) {
      woken = true;
      return loop;
    }
    running = true;
    loop = (async () => {
      try {
        for (;;) {
          woken = false;
          const outcomes = await runOnce();
          // A full batch means more may be due; a wake during the batch means new ones came.
          if (!active || (outcomes.length < batchSize && !woken)) break;
        }
      } catch (error) {
        logger.error({ err: error }, 'notice drain round failed');
      } finally {
        running = false;
        schedule(pollMs);
      }
    })();
    return loop;
  }

  return {
    runOnce,
    start() {
      active = true;
      schedule(0);
    },
    wake() {
      schedule(0);
    },
    async stop() {
      active = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await loop;
    },
  };
}
