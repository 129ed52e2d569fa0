import { describe, expect, it } from 'vitest';
import { API_PREFIX, avatarPath } from '@svara/core';
import { useTestServer } from '../../test-support/http.js';
import { avatarOf } from './avatars.js';

const api = useTestServer();

/** GET without following the redirect, so its target can be read. */
function get(path: string) {
  return fetch(`${api.baseUrl}${path}`, { redirect: 'manual' });
}

describe('GET /avatars/:telegramId', () => {
  it("redirects a frame's short avatar path to the player's Telegram photo, cacheable for an hour", async () => {
    const photo = 'https://t.me/i/userpic/320/e0c7KJmPwXzQh4Tn9sLbVfY2RaUoD3iGkMqW8jZtHxA.jpg';
    await api.login({ id: 4301, photoUrl: photo });
    expect(avatarPath('4301')).toBe(`${API_PREFIX}/avatars/4301`);
    const response = await get(avatarPath('4301'));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(photo);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers not_found for a user without a photo, an unknown user and a malformed id', async () => {
    await api.login({ id: 4302 });
    for (const id of ['4302', '4399', 'abc', '1'.repeat(21)]) {
      const response = await get(`${API_PREFIX}/avatars/${id}`);
      expect(response.status, id).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe('not_found');
    }
  });

  it('never redirects to an address that is not https', async () => {
    await api.login({ id: 4303, photoUrl: 'javascript:alert(1)' });
    await api.login({ id: 4304, photoUrl: 'http://t.me/i/userpic/320/a.jpg' });
    for (const id of ['4303', '4304']) expect((await get(avatarPath(id))).status, id).toBe(404);
  });

  it('is what a frame shows only for a photo the route would follow', () => {
    expect(avatarOf('4305', 'https://t.me/i/userpic/320/a.jpg')).toBe(avatarPath('4305'));
    for (const photo of [null, 'http://t.me/i/userpic/320/a.jpg', 'javascript:alert(1)', 'not a url'])
      expect(avatarOf('4305', photo), String(photo)).toBeNull();
  });
});
