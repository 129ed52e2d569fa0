/** The full-screen loading layer shown while entering or creating a room. */
import { createStore } from './store';

export const loadingScreen = createStore<boolean>(false);

/** Resolves after at least `ms` since `start` (room creation shows loading for at least 3 s). */
export function atLeast(start: number, ms: number): Promise<void> {
  const wait = Math.max(0, start + ms - Date.now());
  return new Promise((resolve) => setTimeout(resolve, wait));
}
