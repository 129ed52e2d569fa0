// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openExternal, openPaymentUrl, openTelegram, readLaunch } from './sdk';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('links in a development browser (an imitated Telegram client)', () => {
  it('open in a new tab: invite and share, news, support, payments', async () => {
    history.replaceState(null, '', '/?user=1001&name=alice');
    const initData = new URLSearchParams({
      user: JSON.stringify({ id: 1001, first_name: 'Alice', username: 'alice' }),
      auth_date: '1764000000',
      signature: 'sig',
      hash: 'a'.repeat(64),
    }).toString();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(initData, { headers: { 'content-type': 'text/plain' } })),
    );
    const launch = await readLaunch().catch((e: unknown) => e);
    expect(launch).toMatchObject({ dev: true });

    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openTelegram('https://t.me/share/url?url=x');
    openTelegram('https://t.me/svara_news');
    openExternal('https://example.com/support');
    openPaymentUrl('https://t.me/CryptoBot?start=inv');
    expect(open.mock.calls.map((c) => c[0])).toEqual([
      'https://t.me/share/url?url=x',
      'https://t.me/svara_news',
      'https://example.com/support',
      'https://t.me/CryptoBot?start=inv',
    ]);
    expect(open.mock.calls.every((c) => c[1] === '_blank')).toBe(true);
  });
});
