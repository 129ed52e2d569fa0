/** A screen may take over the Telegram back button (the table asks before leaving a running hand). */
import { createStore } from './store';

export const backOverride = createStore<(() => void) | null>(null);
