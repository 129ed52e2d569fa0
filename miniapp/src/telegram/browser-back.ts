/**
 * Back outside Telegram (a development sign-in in a plain browser, where the imitated client has no
 * back button): the browser's own Back does what Telegram's would. While a page has somewhere to go
 * back to, one extra history entry stands in front of it; Back pops it and the handler runs.
 */
export type BrowserBack = { set(handler: (() => void) | null): void; dispose(): void };

const MARK = 'svaraBack';

export function browserBack(win: Window = window): BrowserBack {
  let handler: (() => void) | null = null;
  /** An entry of ours is on top of the history. */
  let pushed = false;
  /** The next popstate is our own history.back() (the lobby needs no entry), not the player's. */
  let ignoreNext = false;

  function sync() {
    // Our own history.back() is still on its way (a page opened the moment the lobby showed): pushing
    // now would land under it, and the next Back would leave the app. Synced again when it lands.
    if (ignoreNext) return;
    if (handler && !pushed) {
      win.history.pushState({ [MARK]: true }, '');
      pushed = true;
    } else if (!handler && pushed) {
      pushed = false;
      ignoreNext = true;
      win.history.back();
    }
  }

  function onPopState() {
    if (ignoreNext) {
      ignoreNext = false;
      sync();
      return;
    }
    pushed = false;
    const run = handler;
    run?.();
    // A handler that stays (the table asking before leaving) needs its entry again; a page change
    // sets the next handler itself.
    sync();
  }

  win.addEventListener('popstate', onPopState);
  return {
    set(next) {
      handler = next;
      sync();
    },
    dispose() {
      win.removeEventListener('popstate', onPopState);
    },
  };
}
