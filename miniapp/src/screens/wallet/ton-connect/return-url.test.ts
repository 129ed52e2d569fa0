import { describe, expect, it } from 'vitest';
import { twaReturnUrl } from './return-url';

describe("TON Connect's twaReturnUrl", () => {
  it("is the named Mini App's link, else the bot's; none without a bot", () => {
    expect(twaReturnUrl('svara_game_bot', 'play')).toBe('https://t.me/svara_game_bot/play');
    expect(twaReturnUrl('@svara_game_bot', '')).toBe('https://t.me/svara_game_bot');
    expect(twaReturnUrl('', 'play')).toBeNull();
    expect(twaReturnUrl('bad name', '')).toBeNull();
  });
});
