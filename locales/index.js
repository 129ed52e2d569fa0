// One set of keys for every user-facing text; Russian is the default and the fallback.
import ru from './ru.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

export const resources = { ru, en };
export const LANGUAGES = ['ru', 'en'];
export const DEFAULT_LANGUAGE = 'ru';

/** Picks a supported language from a Telegram language_code ("en-US" → "en"); anything else → ru. */
export function pickLanguage(code) {
  const base = String(code ?? '')
    .slice(0, 2)
    .toLowerCase();
  return LANGUAGES.includes(base) ? base : DEFAULT_LANGUAGE;
}

/** Looks up a dotted key ("errors.room_full") in a language, falling back to Russian, then to the key. */
export function translate(language, key) {
  const find = (tree) => key.split('.').reduce((node, part) => (node == null ? undefined : node[part]), tree);
  const hit = find(resources[pickLanguage(language)]) ?? find(resources[DEFAULT_LANGUAGE]);
  return typeof hit === 'string' ? hit : key;
}
