import { describe, expect, it } from 'vitest';
import { botBaseFromLink, isTelegramLink, miniAppStartLink, shareUrl } from './links';

describe('links', () => {
  it('builds the Telegram share URL', () => {
    expect(shareUrl('https://t.me/b?start=x', 'Играем!')).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Ft.me%2Fb%3Fstart%3Dx&text=%D0%98%D0%B3%D1%80%D0%B0%D0%B5%D0%BC!',
    );
  });
  it('finds the bot in a referral link', () => {
    expect(botBaseFromLink('https://t.me/svara_bot?start=ref_42')).toBe('https://t.me/svara_bot');
    expect(botBaseFromLink('https://t.me/svara_bot')).toBe('https://t.me/svara_bot');
    expect(botBaseFromLink('https://example.com/x')).toBeNull();
    expect(botBaseFromLink(null)).toBeNull();
  });
  it('tells Telegram links (the payment bot) from web pages (the sandbox pay page)', () => {
    expect(isTelegramLink('https://t.me/CryptoBot?start=IVabc')).toBe(true);
    expect(isTelegramLink('https://telegram.me/CryptoBot')).toBe(true);
    expect(isTelegramLink('http://localhost:3000/api/v1/sandbox/invoice/abc')).toBe(false);
    expect(isTelegramLink('https://t.me.example.com/x')).toBe(false);
  });
  it('opens the Mini App with the join parameter', () => {
    expect(miniAppStartLink('https://t.me/svara_bot', 'join_abc_1')).toBe(
      'https://t.me/svara_bot?startapp=join_abc_1',
    );
  });
});
