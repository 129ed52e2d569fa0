/** i18next with the shared locales: Russian by default and as the fallback; English when the user picks it. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ru from 'virtual:svara-locales/ru/core';
import en from 'virtual:svara-locales/en/core';
import { settings, updateSettings, type Language } from '../app/settings';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { ru: { translation: ru }, en: { translation: en } },
  lng: settings.get().language ?? 'ru',
  fallbackLng: 'ru',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export function setLanguage(lang: Language): void {
  updateSettings({ language: lang });
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'ru';
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
