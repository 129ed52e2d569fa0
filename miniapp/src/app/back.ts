/** A screen may take over the Telegram back button (the table asks before leaving a running hand). */
import { createStore } from './store';

// Held in an object: a bare function would be taken for an updater by the store.
export const backOverride = createStore<{ onBack: () => void } | null>(null);
