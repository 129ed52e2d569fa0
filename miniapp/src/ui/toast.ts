/** Short notices at the top of the screen (info, success, error). */
import { createStore } from '../app/store';

export type Toast = { id: number; kind: 'info' | 'success' | 'error'; text: string };

export const toasts = createStore<Toast[]>([]);
let nextId = 1;

/** Shows a notice; success closes after 1.5 s (SPEC §4), others after 3 s. */
export function showToast(
  text: string,
  kind: Toast['kind'] = 'info',
  ms = kind === 'success' ? 1_500 : 3_000,
): void {
  const id = nextId++;
  toasts.set((list) => [...list.filter((t) => t.text !== text), { id, kind, text }].slice(-3));
  setTimeout(() => toasts.set((list) => list.filter((t) => t.id !== id)), ms);
}
