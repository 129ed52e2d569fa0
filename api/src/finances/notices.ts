/**
 * What the product tells a player on its own, outside any request of theirs: a deposit credited or
 * below the minimum, a withdrawal sent, failed or rejected (its money back), a referral bonus earned. The Telegram bot, when it runs in the process, turns each into a message in
 * the player's language (bot/src/notify.ts); without it they go nowhere.
 */
import type { NotifyUser } from '@svara/bot';
import type { Cents } from '@svara/core';
import { createListeners } from '../listeners.js';

export type PlayerNotice =
  | { kind: 'deposit_credited'; userId: string; amountCents: Cents; currency: string; balanceCents: Cents }
  | { kind: 'deposit_below_minimum'; userId: string; amountCents: Cents }
  | { kind: 'withdrawal_sent'; userId: string; amountCents: Cents }
  | { kind: 'withdrawal_failed'; userId: string; amountCents: Cents }
  | { kind: 'withdrawal_rejected'; userId: string; amountCents: Cents }
  | { kind: 'referral_bonus'; userId: string; amountCents: Cents };

export interface PlayerNotices {
  emit(notice: PlayerNotice): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (notice: PlayerNotice) => void): () => void;
}

export function createPlayerNotices(onListenerError: (error: unknown) => void): PlayerNotices {
  const listeners = createListeners<[notice: PlayerNotice]>(onListenerError);
  return {
    emit: (notice) => listeners.call(notice),
    subscribe: (listener) => listeners.add(listener),
  };
}

/** Hands every notice to the bot as its message; returns the unsubscribe function. */
export function deliverNotices(notices: PlayerNotices, notifyUser: NotifyUser): () => void {
  // notifyUser never throws: a message that cannot be delivered is logged by the bot.
  return notices.subscribe((notice) => {
    if (notice.kind === 'deposit_credited') {
      const { amountCents, currency, balanceCents } = notice;
      void notifyUser(notice.userId, notice.kind, { amountCents, currency, balanceCents });
    } else {
      void notifyUser(notice.userId, notice.kind, { amountCents: notice.amountCents });
    }
  });
}
