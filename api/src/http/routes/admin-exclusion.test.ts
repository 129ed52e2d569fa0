/**
 * An operator may make a player's cool-off or self-exclusion longer, never shorter, and only an
 * operator may (POST /admin/users/:id/exclusion).
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/http.js';

const api = useTestServer({ env: { BOT_ADMIN_IDS: '7960' } });

type Answer = { exclusion: { kind: string; until: string } | null };

describe('POST /admin/users/:id/exclusion', () => {
  it('extends an exclusion for an operator; refuses shortening, a player without one and anyone else', async () => {
    const operator = await api.login({ id: 7960 });
    const player = await api.login({ id: 7961, languageCode: 'en' });
    const extend = (userId: string, until: Date | string, token = operator) =>
      api.request<Answer>('POST', `/admin/users/${userId}/exclusion`, {
        token,
        body: { until: typeof until === 'string' ? until : until.toISOString() },
      });

    // No exclusion yet: nothing to extend.
    expect((await extend('7961', new Date(Date.now() + 86_400_000))).status).toBe(404);

    const started = await api.request<Answer>('POST', '/protection/exclusion', {
      token: player,
      body: { kind: 'cool_off', duration: '24h' },
    });
    const until = Date.parse(started.body.exclusion!.until);

    const longer = new Date(until + 30 * 86_400_000);
    const extended = await extend('7961', longer);
    expect(extended.status).toBe(200);
    expect(extended.body.exclusion).toEqual({ kind: 'cool_off', until: longer.toISOString() });

    expect((await extend('7961', new Date(until))).status).toBe(400);
    expect((await extend('7961', 'tomorrow')).status).toBe(400);
    expect((await extend('7961', new Date(Date.now() + 11 * 366 * 86_400_000))).status).toBe(400);
    const self = await api.login({ id: 7961, languageCode: 'en' });
    expect((await extend('7961', new Date(until + 60 * 86_400_000), self)).status).toBe(403);
    const still = await api.request<Answer>('GET', '/protection', { token: self });
    expect(still.body.exclusion?.until).toBe(longer.toISOString());
  });
});
