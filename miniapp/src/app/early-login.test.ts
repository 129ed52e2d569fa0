// @vitest-environment jsdom
/**
 * The early sign-in (SPEC §4 "Sign-in"): a Telegram launch's init data is in the URL's hash, so the
 * page sends POST /auth/login before the app's scripts arrive; start-up then reads that answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchFromUrl, sendEarlyLogin } from './early-login';

const initData = new URLSearchParams({
  user: '{"id":1001}',
  auth_date: '1700000000',
  hash: 'abc',
}).toString();
const hashOf = (params: Record<string, string>) => `#${new URLSearchParams(params).toString()}`;

afterEach(() => {
  delete window.svaraEarlyLogin;
  history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('the launch data in the URL', () => {
  it("is the hash's tgWebAppData, with no start parameter when there is none", () => {
    expect(launchFromUrl(hashOf({ tgWebAppData: initData, tgWebAppVersion: '8.0' }), '')).toEqual({
      initData,
      startPayload: null,
    });
  });

  it("takes the init data's start_param first, then the launch parameter", () => {
    const withStart = `${initData}&start_param=join_abc_7`;
    expect(
      launchFromUrl(hashOf({ tgWebAppData: withStart, tgWebAppStartParam: 'other' }), '')?.startPayload,
    ).toBe('join_abc_7');
    expect(
      launchFromUrl(hashOf({ tgWebAppData: initData, tgWebAppStartParam: 'ref_42' }), '')?.startPayload,
    ).toBe('ref_42');
  });

  it('is none without launch data, or on a development URL that picks its own player', () => {
    expect(launchFromUrl('', '')).toBeNull();
    expect(launchFromUrl('#tgWebAppVersion=8.0', '')).toBeNull();
    expect(launchFromUrl(hashOf({ tgWebAppData: initData }), '?user=1001')).toBeNull();
  });
});

describe('sending the sign-in early', () => {
  it('posts the launch data to /auth/login and leaves the answer for start-up', async () => {
    const answer = new Response('{}');
    const fetch = vi.fn(async () => answer);
    vi.stubGlobal('fetch', fetch);
    history.replaceState(null, '', `/${hashOf({ tgWebAppData: initData, tgWebAppStartParam: 'ref_42' })}`);
    sendEarlyLogin(window);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ initData, startPayload: 'ref_42' });
    expect(window.svaraEarlyLogin?.initData).toBe(initData);
    expect(window.svaraEarlyLogin?.startPayload).toBe('ref_42');
    expect(await window.svaraEarlyLogin?.answer).toBe(answer);
  });

  it('sends nothing when the page was not opened with launch data', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    sendEarlyLogin(window);
    expect(fetch).not.toHaveBeenCalled();
    expect(window.svaraEarlyLogin).toBeUndefined();
  });
});
