/**
 * The Telegram Mini Apps SDK: start-up (real launch, or a mocked environment with development init
 * data), back button, haptics, closing confirmation, swipes, links and theme.
 */
import {
  bindMiniAppCssVars,
  bindThemeParamsCssVars,
  bindViewportCssVars,
  disableClosingConfirmation,
  disableVerticalSwipes,
  emitEvent,
  enableClosingConfirmation,
  enableVerticalSwipes,
  expandViewport,
  hapticFeedbackImpactOccurred,
  hapticFeedbackNotificationOccurred,
  hideBackButton,
  init,
  miniAppReady,
  mockTelegramEnv,
  mountBackButton,
  mountClosingBehavior,
  mountMiniAppSync,
  mountSwipeBehavior,
  mountThemeParamsSync,
  mountViewport,
  onBackButtonClick,
  openLink,
  openTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  setMiniAppBackgroundColor,
  setMiniAppHeaderColor,
  showBackButton,
  switchInlineQuery,
  type SwitchInlineQueryChatType,
} from '@telegram-apps/sdk-react';
import { devSignInOffered, fetchDevInitData } from '../api/http';
import { devUserFromUrl, startParamFrom, userFromInitData, type LaunchUser } from './launch';
import { settings } from '../app/settings';
import { isTelegramLink } from '../lib/links';
import { browserBack, type BrowserBack } from './browser-back';

/** `dev`: signed in as a test player with development init data (never inside Telegram). */
export type Launch = {
  initDataRaw: string;
  startParam: string | null;
  user: LaunchUser | null;
  dev: boolean;
};

/** Why the app cannot start: the catalogue code to show. */
export class LaunchError extends Error {
  constructor(readonly code: 'no_init_data' | 'sdk_init_failed' | 'dev_pick_user') {
    super(code);
  }
}

const FELT = '#0b2818';
const DEV_THEME = {
  bg_color: '#0b2818',
  secondary_bg_color: '#08200f',
  text_color: '#f3efe2',
  hint_color: '#9fb3a5',
  link_color: '#e6c36a',
  button_color: '#d4a942',
  button_text_color: '#1b1405',
  header_bg_color: '#0b2818',
  accent_text_color: '#e6c36a',
  section_bg_color: '#10321f',
  section_header_text_color: '#e6c36a',
  subtitle_text_color: '#9fb3a5',
  destructive_text_color: '#ef5350',
} as const;

/** True when the Telegram client is imitated (a development sign-in in a plain browser). */
let mocked = false;

/** Imitates the Telegram client in a plain browser, answering the requests the SDK makes. */
function mockTelegram(initDataRaw: string, startParam: string | null): void {
  mocked = true;
  const noInsets = { top: 0, bottom: 0, left: 0, right: 0 };
  mockTelegramEnv({
    resetPostMessage: true,
    launchParams: {
      tgWebAppData: initDataRaw,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'tdesktop',
      tgWebAppThemeParams: DEV_THEME,
      ...(startParam ? { tgWebAppStartParam: startParam } : {}),
    },
    onEvent(event) {
      const [name] = event;
      if (name === 'web_app_request_theme') emitEvent('theme_changed', { theme_params: DEV_THEME });
      if (name === 'web_app_request_viewport') {
        emitEvent('viewport_changed', {
          height: window.innerHeight,
          width: window.innerWidth,
          is_expanded: true,
          is_state_stable: true,
        });
      }
      if (name === 'web_app_request_safe_area') emitEvent('safe_area_changed', noInsets);
      if (name === 'web_app_request_content_safe_area') emitEvent('content_safe_area_changed', noInsets);
    },
  });
}

function readRawInitData(): string | undefined {
  try {
    return retrieveRawInitData();
  } catch {
    return undefined;
  }
}

function readLaunchStartParam(): string | null {
  try {
    return retrieveLaunchParams(true).tgWebAppStartParam ?? null;
  } catch {
    return null;
  }
}

/** Who launched the app: the raw init data (Telegram's, or development data for `?user=`) and the start parameter. */
export async function readLaunch(): Promise<Launch> {
  // A development URL (?user=…) wins over launch data kept from an earlier visit in this tab.
  const devUser = devUserFromUrl(location.search);
  let raw: string | undefined;
  if (devUser) {
    const start = new URLSearchParams(location.search).get('start');
    const dev = await fetchDevInitData(devUser, start);
    if (!dev) throw new LaunchError('no_init_data');
    raw = dev;
    mockTelegram(raw, start);
  } else {
    raw = readRawInitData();
  }
  if (!raw) {
    // A server that offers development sign-in (never a production one) lets a plain browser pick a
    // test player, so the built product is playable outside Telegram too.
    const offered = import.meta.env.DEV || (await devSignInOffered());
    throw new LaunchError(offered ? 'dev_pick_user' : 'no_init_data');
  }
  const fromInitData = startParamFrom(raw, null);
  return {
    initDataRaw: raw,
    startParam: fromInitData ?? readLaunchStartParam(),
    user: userFromInitData(raw),
    dev: devUser !== null,
  };
}

/** Initialises the SDK and mounts the components the app uses (back button, theme, viewport, …). */
export function initTelegramSdk(): void {
  try {
    init();
  } catch {
    throw new LaunchError('sdk_init_failed');
  }
  mountTelegramComponents();
}

function attempt(fn: () => void): void {
  try {
    fn();
  } catch (err) {
    console.warn('[telegram]', err);
  }
}

function mountTelegramComponents(): void {
  attempt(() => {
    if (mountMiniAppSync.isAvailable()) {
      mountMiniAppSync();
      bindMiniAppCssVars.ifAvailable();
      setMiniAppHeaderColor.ifAvailable(FELT);
      setMiniAppBackgroundColor.ifAvailable(FELT);
    }
  });
  attempt(() => {
    if (mountThemeParamsSync.isAvailable()) {
      mountThemeParamsSync();
      bindThemeParamsCssVars.ifAvailable();
    }
  });
  attempt(() => mountBackButton.ifAvailable());
  attempt(() => mountClosingBehavior.ifAvailable());
  attempt(() => mountSwipeBehavior.ifAvailable());
  if (mountViewport.isAvailable()) {
    mountViewport()
      .then(() => {
        bindViewportCssVars.ifAvailable();
        expandViewport.ifAvailable();
      })
      .catch((err: unknown) => console.warn('[telegram] viewport', err));
  }
  attempt(() => miniAppReady.ifAvailable());
}

let backOff: (() => void) | null = null;
let historyBack: BrowserBack | null = null;

/**
 * Shows the Telegram back button with a handler, or hides it (null). An imitated client has no back
 * button on screen: there the browser's Back runs the handler too.
 */
export function setBackButton(handler: (() => void) | null): void {
  if (mocked) {
    historyBack ??= browserBack();
    historyBack.set(handler);
  }
  backOff?.();
  backOff = null;
  if (!handler) {
    attempt(() => hideBackButton.ifAvailable());
    return;
  }
  attempt(() => {
    showBackButton.ifAvailable();
    const [called, off] = onBackButtonClick.ifAvailable(handler);
    if (called) backOff = off;
  });
}

/** A light tap on actions; success/error notifications. Respects the haptics setting. */
export function haptic(kind: 'tap' | 'success' | 'error' | 'warning' = 'tap'): void {
  if (!settings.get().haptic) return;
  attempt(() => {
    if (kind === 'tap') hapticFeedbackImpactOccurred.ifAvailable('light');
    else hapticFeedbackNotificationOccurred.ifAvailable(kind);
  });
}

export function setClosingConfirmation(on: boolean): void {
  attempt(() => (on ? enableClosingConfirmation.ifAvailable() : disableClosingConfirmation.ifAvailable()));
}

export function setVerticalSwipes(enabled: boolean): void {
  attempt(() => (enabled ? enableVerticalSwipes.ifAvailable() : disableVerticalSwipes.ifAvailable()));
}

/**
 * Outside Telegram the imitated client accepts openLink and openTelegramLink and does nothing with
 * them: links open in a new browser tab instead (as payments do).
 */
function openInBrowser(url: string): boolean {
  if (!mocked) return false;
  window.open(url, '_blank', 'noopener');
  return true;
}

/** Opens a t.me link inside Telegram (share, chats), or a new tab elsewhere. */
export function openTelegram(url: string): void {
  if (openInBrowser(url)) return;
  const [called] = (() => {
    try {
      return openTelegramLink.ifAvailable(url);
    } catch {
      return [false] as const;
    }
  })();
  if (!called) window.open(url, '_blank', 'noopener');
}

/**
 * Lets the player pick a chat and puts `@bot <query>` into its input field, where the bot's inline
 * answer is one tap away. False where that cannot happen: an older client, or a bot without inline
 * mode (the launch data says so; the imitated client's never claims it).
 */
export function shareInline(query: string, chatTypes: SwitchInlineQueryChatType[]): boolean {
  try {
    if (!switchInlineQuery.isAvailable()) return false;
    switchInlineQuery(query, chatTypes);
    return true;
  } catch {
    return false;
  }
}

/** Opens an external page in the browser. */
export function openExternal(url: string): void {
  if (openInBrowser(url)) return;
  const [called] = (() => {
    try {
      return openLink.ifAvailable(url);
    } catch {
      return [false] as const;
    }
  })();
  if (!called) window.open(url, '_blank', 'noopener');
}

/**
 * Opens a payment page: inside Telegram a t.me link (the payment bot's chat) with openTelegramLink
 * and any other page with openLink; outside Telegram (or an imitated client, which would swallow
 * both) a new browser tab.
 */
export function openPaymentUrl(url: string): void {
  if (openInBrowser(url)) return;
  if (isTelegramLink(url)) openTelegram(url);
  else openExternal(url);
}
