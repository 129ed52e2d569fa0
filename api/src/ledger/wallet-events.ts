/**
 * "This player's wallet changed outside the tables" (a faucet payment, a credited deposit, a
 * referral sweep): the realtime layer listens so a seated player's stack and open sockets follow.
 */
import { createListeners } from '../listeners.js';

export type WalletListener = (userId: string, message?: string) => void;

export interface WalletEvents {
  changed(userId: string, message?: string): void;
  /** Returns the unsubscribe function. */
  onChanged(listener: WalletListener): () => void;
}

export function createWalletEvents(onListenerError: (error: unknown) => void): WalletEvents {
  const listeners = createListeners<[userId: string, message?: string]>(onListenerError);
  return {
    changed: (userId, message) => listeners.call(userId, message),
    onChanged: (listener) => listeners.add(listener),
  };
}
