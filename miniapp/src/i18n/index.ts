/** i18next with the shared locales: Russian by default and as the fallback; English when the user picks it. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ru from '@svara/locales/ru.json';
import en from '@svara/locales/en.json';
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

export function setLanguage(lang: Language): void {
  updateSettings({ language: lang });
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'ru';
}

/**
 * The text for a refused request: the catalogue text of its code when it names a precise reason,
 * else the given fallback code's text (SPEC §8: 'Failed to create room', 'Failed to join room', …).
 */
export function refusalText(err: unknown, fallbackCode: string): string {
  const code = (err as { code?: unknown } | null)?.code;
  const vague = code === undefined || code === 'unknown_error' || code === 'validation_failed';
  if (!vague && typeof code === 'string' && i18n.exists(`errors.${code}`)) return i18n.t(`errors.${code}`);
  return i18n.t(`errors.${fallbackCode}`);
}

/** The catalogue text for an error code; the server's message or unknown_error when there is none. */
export function errorText(code: string | null | undefined, message?: string | null): string {
  const key = `errors.${code}`;
  if (code && i18n.exists(key)) return i18n.t(key);
  return message || i18n.t('errors.unknown_error');
}
