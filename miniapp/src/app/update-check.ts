/**
 * Update nudge (SPEC §4): every 300 s the app asks the server for index.html; when it loads another
 * entry script than the running one, a banner offers to reload into the new version.
 */
import { isNewerBuild } from '../lib/version';
import { createStore } from './store';

const NUDGE_MS = 300_000;
export const updateAvailable = createStore(false);

function runningEntry(): string | null {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script ? new URL(script.src).pathname : null;
}

async function check(entry: string | null): Promise<void> {
  try {
    const res = await fetch('/index.html', { cache: 'no-store' });
    if (res.ok && isNewerBuild(entry, await res.text())) updateAvailable.set(true);
  } catch {
    // Offline: try again at the next nudge.
  }
}

export function watchForUpdates(): void {
  if (import.meta.env.DEV) return;
  const entry = runningEntry();
  setInterval(() => void check(entry), NUDGE_MS);
}
