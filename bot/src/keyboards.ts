/** Inline keyboards the bot attaches to its messages. */
import { InlineKeyboard } from 'grammy';
import { t, type Language } from './i18n.js';
import { miniAppUrlWithStartParam, shareUrl } from './links.js';

/** "Play": opens the Mini App. */
export function playKeyboard(language: Language, miniAppUrl: string): InlineKeyboard {
  return new InlineKeyboard().webApp(t(language, 'play'), miniAppUrl);
}

/** "Take a seat": opens the Mini App with the invitation's start parameter, so it joins that room. */
export function joinTableKeyboard(
  language: Language,
  miniAppUrl: string,
  startParam: string,
): InlineKeyboard {
  return new InlineKeyboard().webApp(
    t(language, 'join_table'),
    miniAppUrlWithStartParam(miniAppUrl, startParam),
  );
}

/** "Open the table": the Mini App at a table where the player already has a seat (a Sit & Go's). */
export function openTableKeyboard(
  language: Language,
  miniAppUrl: string,
  startParam: string,
): InlineKeyboard {
  return new InlineKeyboard().webApp(
    t(language, 'open_table'),
    miniAppUrlWithStartParam(miniAppUrl, startParam),
  );
}

/** The Deposit button's data: it starts the same flow as /deposit (bot/src/deposit). */
export const DEPOSIT_CALLBACK = 'deposit:start';

/** Under /balance: "Play", and "Deposit", which asks for an amount and makes an invoice. */
export function balanceKeyboard(language: Language, miniAppUrl: string): InlineKeyboard {
  return playKeyboard(language, miniAppUrl).row().text(t(language, 'deposit.button'), DEPOSIT_CALLBACK);
}

export const LANGUAGE_CALLBACK = /^language:(ru|en)$/;

/** One button per language, each named in its own language. */
export function languageKeyboard(): InlineKeyboard {
  return new InlineKeyboard().text('Русский', 'language:ru').text('English', 'language:en');
}

/** "Share" (Telegram's share sheet with the link) and "Play". */
export function inviteKeyboard(
  language: Language,
  miniAppUrl: string,
  link: string,
  text: string,
): InlineKeyboard {
  return new InlineKeyboard()
    .url(t(language, 'share'), shareUrl(link, text))
    .row()
    .webApp(t(language, 'play'), miniAppUrl);
}
