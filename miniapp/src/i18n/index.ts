/**
 * i18next with the shared locales: Russian by default and as the fallback; English when the user picks it.
 * The first screens' texts (vite-plugin-locales.ts) of Russian come with the app, English ones are
 * loaded when wanted: before the first paint for a player who chose English (main.tsx waits for
 * `languageReady`), before switching for one who picks it. The later screens' texts come with those
 * screens (src/i18n/later.ts), the long reading texts with the modals that show them.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ru from 'virtual:svara-locales/ru/core';
import { settings, updateSettings, type Language } from '../app/settings';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { ru: { translation: ru } },
  lng: 'ru',
  fallbackLng: 'ru',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const loading = new Map<Language, Promise<void>>([['ru', Promise.resolve()]]);
const loaded = new Set<Language>(['ru']);

/** Brings a language's first-screen texts into i18next (once); Russian's are always there. */
export function loadLanguage(lang: Language): Promise<void> {
  let texts = loading.get(lang);
  if (!texts) {
    texts = import('virtual:svara-locales/en/core').then(
      (en) => {
        i18n.addResourceBundle('en', 'translation', en.default, true, false);
        loaded.add('en');
      },
      (err: unknown) => {
        loading.delete(lang);
        throw err;
      },
    );
    loading.set(lang, texts);
  }
  return texts;
}

/** The language the player wants; the texts follow as soon as they are loaded. */
let wanted: Language = 'ru';
i18n.on('languageChanged', (lang) => {
  wanted = lang === 'en' ? 'en' : 'ru';
});

function shown(): Language {
  return i18n.language === 'en' ? 'en' : 'ru';
}

function show(lang: Language): void {
  void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Shows the app in `lang` without keeping it as the player's choice (the public verify page): at once
 * when its texts are loaded, else as soon as they are.
 */
export function showLanguage(lang: Language): Promise<void> {
  wanted = lang;
  if (loaded.has(lang)) {
    show(lang);
    return Promise.resolve();
  }
  return loadLanguage(lang).then(
    () => {
      if (wanted === lang) show(lang);
    },
    (err: unknown) => {
      console.warn('[i18n] texts not loaded', lang, err);
      if (wanted === lang) wanted = shown();
    },
  );
}

/** Resolves when the texts of the language the app opens in are there. */
export const languageReady: Promise<void> = showLanguage(settings.get().language ?? 'ru');

/** The player's choice: kept in the settings and shown at once, or once its texts are loaded. */
export function setLanguage(lang: Language): Promise<void> {
  updateSettings({ language: lang });
  return showLanguage(lang);
}

export function currentLanguage(): Language {
  return wanted;
}

/**
 * Refusals the server words itself in the player's language, because their text names a time or an
 * amount (a break's end, what a limit still allows): api/src/protection/errors.ts.
 */
const WORDED_BY_SERVER: readonly string[] = [
  'self_excluded',
  'loss_limit_reached',
  'session_limit_reached',
  'deposit_limit_exceeded',
];

/**
 * The text for a refused request: the server's own wording of a protection refusal, the catalogue
 * text of its code when it names a precise reason, else the given fallback code's text (SPEC §8:
 * 'Failed to create room', 'Failed to join room', …).
 */
export function refusalText(err: unknown, fallbackCode: string): string {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && WORDED_BY_SERVER.includes(code) && typeof message === 'string' && message)
    return message;
  const vague = code === undefined || code === 'unknown_error' || code === 'validation_failed';
  if (!vague && typeof code === 'string' && i18n.exists(`errors.${code}`)) return i18n.t(`errors.${code}`);
  return i18n.t(`errors.${fallbackCode}`);
}

let reading: Promise<void> | null = null;

/** Loads the long reading texts (rules, agreement) of both languages; the modals wait for it. */
export function loadReadingTexts(): Promise<void> {
  reading ??= Promise.all([
    import('virtual:svara-locales/ru/reading'),
    import('virtual:svara-locales/en/reading'),
  ]).then(([ruTexts, enTexts]) => {
    i18n.addResourceBundle('ru', 'translation', ruTexts.default, true, false);
    i18n.addResourceBundle('en', 'translation', enTexts.default, true, false);
  });
  return reading;
}

/** The catalogue text for an error code; the server's message or unknown_error when there is none. */
export function errorText(code: string | null | undefined, message?: string | null): string {
  const key = `errors.${code}`;
  if (code && i18n.exists(key)) return i18n.t(key);
  return message || i18n.t('errors.unknown_error');
}
