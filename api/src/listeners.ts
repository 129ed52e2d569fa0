/**
 * A set of in-process listeners, called in turn. A listener that throws is reported through
 * `onError` and the others still run: whoever emits (a deposit being credited, say) never fails
 * because someone listening did.
 */
export interface Listeners<A extends unknown[]> {
  call(...args: A): void;
  /** Returns the unsubscribe function. */
  add(listener: (...args: A) => void): () => void;
}

export function createListeners<A extends unknown[]>(onError: (error: unknown) => void): Listeners<A> {
  const listeners = new Set<(...args: A) => void>();
  return {
    call(...args) {
      for (const listener of listeners) {
        try {
          listener(...args);
        } catch (error) {
          onError(error);
        }
      }
    },
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
