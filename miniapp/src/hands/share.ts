/**
 * Sharing a hand. Where the client can, the player picks a chat and the bot's inline answer to
 * `hand_{id}` (bot/src/inline) is sent there: the hand's public facts and a button onto its replay.
 * Otherwise a link that opens the Mini App on the replay (start parameter `hand_{id}`) goes through
 * Telegram's share sheet (t.me/share/url, as the table invite does). Either way the recipient's app
 * asks for the hand as a spectator saw it, so only what was public shows.
 */
import { BOT_USERNAME } from '../app/config';
import { api } from '../api/http';
import { botBaseFromLink, miniAppStartLink, shareUrl } from '../lib/links';
import { openTelegram, shareInline } from '../telegram/sdk';

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

/** Any private chat, group or channel: where a replay is worth showing (other bots are not). */
const SHARE_TO = ['users', 'groups', 'channels'] as const;

/**
 * Shares the hand through the bot's inline answer, else the share sheet with the link (`text` goes
 * with the link only; the inline answer has its own); false when neither is possible.
 */
export async function shareHand(handId: string, text: string): Promise<boolean> {
  if (shareInline(handStartParam(handId), [...SHARE_TO])) return true;
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
