/**
 * The Mini App's t.me link, for TON Connect's `twaReturnUrl` (README "TON Connect"): from the build's
 * VITE_BOT_USERNAME (and VITE_MINIAPP_SHORT_NAME), else from the bot named in the player's referral
 * link (the api's BOT_USERNAME); null while unknown, and when the bot cannot be found.
 */
import { useEffect, useState } from 'react';
import { api } from '../../../api/http';
import { BOT_USERNAME, MINIAPP_SHORT_NAME } from '../../../app/config';
import { botBaseFromLink } from '../../../lib/links';

type Url = `${string}://${string}`;

/**
 * TON Connect's `twaReturnUrl`: the Mini App's own link, `https://t.me/<bot>/<app>` with the app's
 * short name, else the bot's `https://t.me/<bot>` (Telegram, where the Mini App stays open over the
 * bot's chat); null when the bot is not known.
 */
export function twaReturnUrl(botUsername: string, shortName: string): Url | null {
  const bot = botUsername.replace(/^@/, '');
  if (!/^\w{4,64}$/.test(bot)) return null;
  return /^\w{3,64}$/.test(shortName) ? `https://t.me/${bot}/${shortName}` : `https://t.me/${bot}`;
}

let known: Promise<Url | null> | null = null;

async function findReturnUrl(): Promise<Url | null> {
  const built = twaReturnUrl(BOT_USERNAME, MINIAPP_SHORT_NAME);
  if (built) return built;
  try {
    const base = botBaseFromLink((await api.referral()).referralLink);
    return base ? twaReturnUrl(base.slice('https://t.me/'.length), MINIAPP_SHORT_NAME) : null;
  } catch {
    return null;
  }
}

export function useReturnUrl(): Url | null {
  const [url, setUrl] = useState<Url | null>(null);
  useEffect(() => {
    let live = true;
    known ??= findReturnUrl();
    void known.then((found) => live && setUrl(found));
    return () => {
      live = false;
    };
  }, []);
  return url;
}
