/**
 * Sharing a hand: a link that opens the Mini App on the hand's replay (start parameter
 * `hand_{id}`), sent through Telegram's share sheet (t.me/share/url, as the table invite does).
 * The recipient's app asks for the hand as a spectator saw it, so only what was public shows.
 */
import { BOT_USERNAME } from '../app/config';
import { api } from '../api/http';
import { botBaseFromLink, miniAppStartLink, shareUrl } from '../lib/links';
import { openTelegram } from '../telegram/sdk';

const START_PREFIX = 'hand_';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function handStartParam(handId: string): string {
  return `${START_PREFIX}${handId}`;
}

/** The hand a `hand_{id}` start parameter opens, or null. */
export function handFromStartParam(param: string | null | undefined): string | null {
  if (!param?.startsWith(START_PREFIX)) return null;
  const id = param.slice(START_PREFIX.length);
  return UUID.test(id) ? id.toLowerCase() : null;
}

async function botBase(): Promise<string | null> {
  if (BOT_USERNAME) return `https://t.me/${BOT_USERNAME}`;
  try {
    return botBaseFromLink((await api.referral()).referralLink);
  } catch {
    return null;
  }
}

/** The link to the hand's replay, or null when the bot is unknown. */
export async function handShareLink(handId: string): Promise<string | null> {
  const base = await botBase();
  return base ? miniAppStartLink(base, handStartParam(handId)) : null;
}

/** Opens Telegram's share sheet with the link; false when there is no link to share. */
export async function shareHand(handId: string, text: string): Promise<boolean> {
  const link = await handShareLink(handId);
  if (!link) return false;
  openTelegram(shareUrl(link, text));
  return true;
}

let sharedHandTaken = false;

/** The hand a `hand_{id}` launch asks to show, given once per app start (then null). */
export function takeSharedHand(startParam: string | null | undefined): string | null {
  if (sharedHandTaken) return null;
  sharedHandTaken = true;
  return handFromStartParam(startParam);
}
