/** The invite link for a seat: the server's start parameter on the bot's Mini App link, shared through Telegram. */
import { api } from '../../api/http';
import { BOT_USERNAME } from '../../app/config';
import { botBaseFromLink, miniAppStartLink, shareUrl } from '../../lib/links';

let botBase: string | null = BOT_USERNAME ? `https://t.me/${BOT_USERNAME}` : null;

async function findBotBase(): Promise<string | null> {
  if (botBase) return botBase;
  try {
    botBase = botBaseFromLink((await api.referral()).referralLink);
  } catch {
    botBase = null;
  }
  return botBase;
}

/** The t.me share URL inviting a friend to this table, or null when the bot is unknown. */
export async function inviteShareUrl(startParam: string, text: string): Promise<string | null> {
  const base = await findBotBase();
  return base ? shareUrl(miniAppStartLink(base, startParam), text) : null;
}
