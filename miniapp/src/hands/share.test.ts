// @vitest-environment jsdom
import type * as Sdk from '@telegram-apps/sdk-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The Telegram client, as the SDK sees it: whether it can switch to inline mode, and what it is asked.
const client = vi.hoisted(() => ({
  inline: false,
  switched: [] as unknown[][],
  links: [] as string[],
}));

vi.mock('@telegram-apps/sdk-react', async (importOriginal) => {
  const sdk = await importOriginal<typeof Sdk>();
  const switchInlineQuery = Object.assign((...args: unknown[]) => void client.switched.push(args), {
    isAvailable: () => client.inline,
  });
  const openTelegramLink = Object.assign((url: string) => void client.links.push(url), {
    ifAvailable: (url: string) => (client.links.push(url), [true, undefined] as const),
  });
  return { ...sdk, switchInlineQuery, openTelegramLink };
});
vi.mock('../app/config', () => ({ BOT_USERNAME: 'svara_game_bot' }));

const { shareHand } = await import('./share');

const HAND = '3f1c2b7a-9d7e-4c55-8a7e-1f2d3c4b5a69';

beforeEach(() => {
  client.inline = false;
  client.switched.length = 0;
  client.links.length = 0;
});
afterEach(() => vi.restoreAllMocks());

describe('sharing a hand', () => {
  it('goes through the bot’s inline answer where the client can switch to inline mode', async () => {
    client.inline = true;
    expect(await shareHand(HAND, 'Watch this Svara hand')).toBe(true);
    expect(client.switched).toEqual([[`hand_${HAND}`, ['users', 'groups', 'channels']]]);
    expect(client.links).toEqual([]);
  });

  it('opens the share sheet with the replay’s Mini App link otherwise', async () => {
    expect(await shareHand(HAND, 'Watch this Svara hand')).toBe(true);
    expect(client.switched).toEqual([]);
    expect(client.links).toHaveLength(1);
    const sheet = new URL(client.links[0]!);
    expect(sheet.origin + sheet.pathname).toBe('https://t.me/share/url');
    expect(sheet.searchParams.get('url')).toBe(`https://t.me/svara_game_bot?startapp=hand_${HAND}`);
    expect(sheet.searchParams.get('text')).toBe('Watch this Svara hand');
  });
});
