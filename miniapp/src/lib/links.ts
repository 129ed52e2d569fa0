/** Links the app opens: Telegram share URLs and the bot's deep links. */

/** A link Telegram opens itself (a chat, a bot, an invoice): https://t.me/… or telegram.me/…. */
export function isTelegramLink(url: string): boolean {
  return /^https?:\/\/(t|telegram)\.me\//i.test(url);
}

/** https://t.me/share/url with a link and a text. */
export function shareUrl(link: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
}

/** The bot's base link ("https://t.me/svara_bot") found in any t.me link of that bot, or null. */
export function botBaseFromLink(link: string | null | undefined): string | null {
  const m = /^https:\/\/t\.me\/([A-Za-z0-9_]{4,64})(?:[/?]|$)/.exec(link ?? '');
  return m ? `https://t.me/${m[1]}` : null;
}

/** A link that opens the Mini App with a start parameter (`join_{roomId}_{userId}`). */
export function miniAppStartLink(botBase: string, startParam: string): string {
  return `${botBase}?startapp=${encodeURIComponent(startParam)}`;
}
