import type { NotifyUser } from '@svara/bot';
import { describe, expect, it } from 'vitest';
import { createPlayerNotices, deliverNotices } from './notices.js';

describe('player notices', () => {
  it('reach the bot as its notifications, each with its own parameters', () => {
    const notices = createPlayerNotices((error) => {
      throw error;
    });
    const sent: unknown[][] = [];
    const notifyUser = ((...args: unknown[]) => {
      sent.push(args);
      return Promise.resolve('sent');
    }) as NotifyUser;
    const stop = deliverNotices(notices, notifyUser);
    notices.emit({
      kind: 'deposit_credited',
      userId: '1',
      amountCents: 500,
      currency: 'USDTTON',
      balanceCents: 1_500,
    });
    notices.emit({ kind: 'referral_bonus', userId: '2', amountCents: 15 });
    stop();
    notices.emit({ kind: 'referral_bonus', userId: '3', amountCents: 1 });
    expect(sent).toEqual([
      ['1', 'deposit_credited', { amountCents: 500, currency: 'USDTTON', balanceCents: 1_500 }],
      ['2', 'referral_bonus', { amountCents: 15 }],
    ]);
  });
});
