/** The operators' Sit & Go routes (RULES §9): offers configured in the database, a cancel that refunds. */
import { tournamentSummarySchema, type TournamentList, type TournamentTemplate } from '@svara/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/http.js';

const api = useTestServer({ env: { BOT_ADMIN_IDS: '7950' } });

let operator: string;
let player: string;

beforeAll(async () => {
  operator = await api.login({ id: 7950 });
  player = await api.login({ id: 7960 });
  await api.fund('7960', 5_000);
});

describe('Sit & Go offers', () => {
  it('are seeded, closed to anyone but operators, and changed by an operator', async () => {
    expect((await api.request('GET', '/admin/tournament-templates', { token: player })).status).toBe(403);
    const seeded = await api.request<TournamentTemplate[]>('GET', '/admin/tournament-templates', {
      token: operator,
    });
    expect(seeded.body.map((t) => [t.id, t.currency, t.buyIn, t.fee, t.size])).toEqual([
      ['usd-1', 'usd', 1, 0.1, 6],
      ['usd-5', 'usd', 5, 0.5, 6],
      ['usd-20', 'usd', 20, 2, 6],
      ['chips-free', 'chips', 100, 0, 3],
    ]);
    const saved = await api.request<TournamentTemplate>('PUT', '/admin/tournament-templates/usd-2', {
      token: operator,
      body: { name: '$2 trio', currency: 'usd', buyIn: 2, fee: 0.2, size: 3 },
    });
    expect(saved.body).toEqual({
      id: 'usd-2',
      name: '$2 trio',
      currency: 'usd',
      buyIn: 2,
      fee: 0.2,
      size: 3,
      active: true,
    });
    const bad = await api.request('PUT', '/admin/tournament-templates/usd-4', {
      token: operator,
      body: { name: 'four', currency: 'usd', buyIn: 2, fee: 0.2, size: 4 },
    });
    expect(bad.status).toBe(400);
    // Anyone may look (no sign-in): one Sit & Go registers per offer.
    const list = await api.request<TournamentList>('GET', '/tournaments');
    expect(list.body.tournaments.map((t) => t.templateId).sort()).toEqual(
      ['chips-free', 'usd-1', 'usd-2', 'usd-20', 'usd-5'].sort(),
    );
    expect(list.body.tournaments.every((t) => !t.registered)).toBe(true);
  });

  it("an operator's cancel of a registering Sit & Go gives back the buy-in and the fee", async () => {
    const list = await api.request<TournamentList>('GET', '/tournaments', { token: player });
    const t = list.body.tournaments.find((x) => x.templateId === 'usd-2')!;
    const reg = await api.request('POST', `/tournaments/${t.id}/register`, { token: player });
    expect(tournamentSummarySchema.parse(reg.body)).toMatchObject({ registered: true, registeredCount: 1 });
    expect((await api.request('POST', `/admin/tournaments/${t.id}/cancel`, { token: player })).status).toBe(
      403,
    );
    const cancelled = await api.request<{ status: string }>('POST', `/admin/tournaments/${t.id}/cancel`, {
      token: operator,
    });
    expect(cancelled.body.status).toBe('cancelled');
    const again = await api.request<{ code: string }>('POST', `/admin/tournaments/${t.id}/cancel`, {
      token: operator,
    });
    expect(again.body.code).toBe('not_found');
    const profile = await api.request<{ balance: number }>('GET', '/users/profile', { token: player });
    expect(profile.body.balance).toBe(50);
    // The next $2 Sit & Go is open for registration.
    const next = await api.request<TournamentList>('GET', '/tournaments', { token: player });
    const open = next.body.tournaments.find((x) => x.templateId === 'usd-2' && x.status === 'registering')!;
    expect(open.id).not.toBe(t.id);
    // The player's cancelled one is listed too, with nothing owed.
    expect(next.body.tournaments.find((x) => x.id === t.id)).toMatchObject({ status: 'cancelled' });
    const ledger = await api.services.checkLedger();
    expect(ledger).toMatchObject({ ok: true, tournaments: [] });
  });
});
