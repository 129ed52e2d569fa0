/**
 * The bot's texts: `bot.*` keys of the shared locales, checked against the English file at compile
 * time, with `{{name}}` placeholders filled in.
 */
import type English from '@svara/locales/en.json';
import { DEFAULT_LANGUAGE, LANGUAGES, pickLanguage, translate, type Language } from '@svara/locales';

/** Dotted paths to the string leaves of a locale tree. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type BotTextKey = Leaves<(typeof English)['bot']>;
export type TextParams = Record<string, string | number>;

export type { Language };
export { DEFAULT_LANGUAGE, LANGUAGES, pickLanguage };

/** Replaces `{{name}}` with the parameter; unknown placeholders stay visible rather than vanish. */
export function interpolate(text: string, params: TextParams = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export function t(language: Language, key: BotTextKey, params?: TextParams): string {
  return interpolate(translate(language, `bot.${key}`), params);
}

/** A text outside the bot namespace (shared with the Mini App), e.g. `referral.shareText`. */
export function shared(language: Language, key: string): string {
  return translate(language, key);
}
