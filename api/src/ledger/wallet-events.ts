/**
 * "This player's wallet changed outside the tables" (a faucet payment, a credited deposit, a
 * referral sweep): the realtime layer listens so a seated player's stack and open sockets follow.
 */
export type WalletListener = (userId: string, message?: string) => void;

export interface WalletEvents {
  changed(userId: string, message?: string): void;
  /** Returns the unsubscribe function. */
  onChanged(listener: WalletListener): () => void;
}

export function createWalletEvents(onListenerError: (error: unknown) => void): WalletEvents {
  const listeners = new Set<WalletListener>();
  return {
    changed(userId, message) {
      for (const listener of listeners) {
        try {
          listener(userId, message);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    onChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
