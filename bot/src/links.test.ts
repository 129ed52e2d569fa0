import { retrieveLaunchParams } from '@telegram-apps/bridge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { miniAppUrlWithStartParam, shareUrl } from './links.js';

const JOIN = 'join_3f1c2b7a-9d7e-4c55-8a7e-1f2d3c4b5a69_1001';

describe('Mini App links', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('put the start parameter into the query, keeping the URL’s own path and parameters', () => {
    const url = new URL(miniAppUrlWithStartParam('https://svara.example/app?v=2', JOIN));
    expect(url.origin + url.pathname).toBe('https://svara.example/app');
    expect(url.searchParams.get('v')).toBe('2');
    expect(url.searchParams.get('tgWebAppStartParam')).toBe(JOIN);
  });

  it('are read by the Mini App SDK once Telegram appends its launch data', () => {
    // What Telegram opens for a web_app button: the button's URL plus the launch data after '#'.
    const launchData = new URLSearchParams({
      tgWebAppData: new URLSearchParams({
        user: JSON.stringify({ id: 1002, first_name: 'Bob' }),
        auth_date: '1700000000',
        signature: 'sig',
        hash: 'hash',
      }).toString(),
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'ios',
      tgWebAppThemeParams: '{}',
    });
    const href = `${miniAppUrlWithStartParam('https://svara.example/', JOIN)}#${launchData}`;
    const storage = new Map<string, string>();
    vi.stubGlobal('window', { location: { href } });
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    });
    expect(retrieveLaunchParams().tgWebAppStartParam).toBe(JOIN);
  });

  it('share through Telegram’s share sheet', () => {
    const url = new URL(shareUrl('https://t.me/svara_game_bot?start=ref_1001', 'Play with me & win'));
    expect(url.origin + url.pathname).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toBe('https://t.me/svara_game_bot?start=ref_1001');
    expect(url.searchParams.get('text')).toBe('Play with me & win');
  });
});
