/**
 * Links the bot hands out. A web_app button opens its URL as given (Telegram appends the launch data
 * after `#`), and Telegram sets `tgWebAppStartParam` only for t.me `startapp` links; so the bot puts
 * the start parameter into the URL's query itself, where the Mini App SDK's launch-parameter reader
 * (retrieveLaunchParams, which parses the query and the hash together) finds it.
 */

/** The query parameter the Mini App reads its start parameter from. */
export const START_PARAM_QUERY = 'tgWebAppStartParam';

/** The Mini App URL that opens with `startParam` (e.g. `join_{roomId}_{referrerId}`). */
export function miniAppUrlWithStartParam(miniAppUrl: string, startParam: string): string {
  const url = new URL(miniAppUrl);
  url.searchParams.set(START_PARAM_QUERY, startParam);
  return url.toString();
}

/** https://t.me/share/url: Telegram's share sheet with a link and a text. */
export function shareUrl(link: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
}

/**
 * t.me/<bot>?startapp=…: opens the bot's main Mini App with a start parameter from any chat (a
 * web_app button works only in the bot's own chat, so messages sent elsewhere carry this link).
 */
export function miniAppStartLink(botUsername: string, startParam: string): string {
  return `https://t.me/${botUsername}?startapp=${encodeURIComponent(startParam)}`;
}
