/** Page-name navigation (SPEC §2): no URL routes, one current page with its parameters. */
import { createStore } from './store';
import type { Currency, WithdrawMethod } from '@svara/core';

export type Page =
  | { name: 'dashboard' }
  | { name: 'more' }
  | { name: 'deposit' }
  | {
      name: 'confirmDeposit';
      address: string;
      trackerId: string;
      currency: Currency;
      /** When the address stops accepting payments (ISO time): the countdown runs to it. */
      expiresAt: string;
      /** A comment the transfer must carry, when the provider asks for one. */
      memo?: string | null;
    }
  | { name: 'withdraw' }
  | { name: 'confirmWithdraw'; amount: number; method: WithdrawMethod }
  | { name: 'addWallet' }
  | { name: 'depositHistory' }
  /** "My hands"; with `handId`, straight on that hand's replay (a shared link). */
  | { name: 'hands'; handId?: string | null }
  /** Player protection: limits, reality check, cool-off / self-exclusion; "My activity". */
  | { name: 'protection' }
  | { name: 'activity' }
  /** Sit & Go's (RULES §9): the ones registering, and the player's own. */
  | { name: 'tournaments' }
  | { name: 'gameRoom'; roomId: string; autoSit: boolean };

export const currentPage = createStore<Page>({ name: 'dashboard' });

export function navigate(page: Page): void {
  currentPage.set(page);
}

/** Where the Telegram back button leads from a page; null hides it (the lobby). */
export function backTarget(page: Page): Page | null {
  switch (page.name) {
    case 'dashboard':
      return null;
    case 'confirmDeposit':
      return { name: 'deposit' };
    case 'confirmWithdraw':
      return { name: 'withdraw' };
    default:
      return { name: 'dashboard' };
  }
}
