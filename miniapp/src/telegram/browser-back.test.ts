// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserBack, type BrowserBack } from './browser-back';

let back: BrowserBack | null = null;
afterEach(() => {
  back?.dispose();
  back = null;
});
const popped = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));

describe("outside Telegram, the browser's Back button", () => {
  it('runs the page handler instead of leaving the app', async () => {
    back = browserBack();
    const start = history.length;
    const onBack = vi.fn();
    back.set(onBack);
    expect(history.length).toBe(start + 1);

    const done = popped();
    history.back();
    await done;
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('keeps working when the handler stays (the table asks before leaving)', async () => {
    back = browserBack();
    const onBack = vi.fn();
    back.set(onBack);
    for (let i = 0; i < 2; i++) {
      const done = popped();
      history.back();
      await done;
    }
    expect(onBack).toHaveBeenCalledTimes(2);
  });

  it('gives its entry back when the lobby needs none, without running a handler', async () => {
    history.replaceState({ page: 'lobby' }, '');
    back = browserBack();
    const onBack = vi.fn();
    back.set(onBack);
    const done = popped();
    back.set(null);
    await done;
    expect(onBack).not.toHaveBeenCalled();
    expect(history.state).toEqual({ page: 'lobby' });
  });

  it('keeps one entry of its own when a page opens before the lobby has given its entry back', async () => {
    history.replaceState({ page: 'lobby' }, '');
    back = browserBack();
    back.set(vi.fn());
    const withOurs = history.length;
    // Back to the lobby, and a tap on the next page before the browser has gone back.
    const done = popped();
    back.set(null);
    const onBack = vi.fn();
    back.set(onBack);
    await done;
    expect(history.length).toBe(withOurs);

    const again = popped();
    history.back();
    await again;
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
