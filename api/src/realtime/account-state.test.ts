/**
 * The account's state reaches every open socket of the player at once: a suspension and its lifting
 * by an operator, a cool-off or self-exclusion started from one tab. Each socket also hears the
 * state as it connects, so a tab that was away when it changed is right again. Other players hear
 * nothing of it.
 */
import type { AccountState } from '@svara/core';
import { accountStateSchema } from '@svara/core';
import { describe, expect, it } from 'vitest';
import { TestClient, useRealtimeBench } from './test-support/harness.js';

const bench = useRealtimeBench();
let nextId = 790_000;

/** A second open tab of the same player: another socket signed in with the same token. */
async function secondTab(first: TestClient, token = first.token): Promise<TestClient> {
  const socket = bench.rawSocket({ token });
  const tab = new TestClient(first.userId, token, socket, bench);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return tab;
}

const states = (c: TestClient) => c.all<AccountState>('account_state');
const latest = (c: TestClient) => states(c).at(-1);

/** Waits for the next account_state after those already received, and returns it. */
async function nextState(c: TestClient, what: string): Promise<AccountState> {
  const seen = states(c).length;
  await c.until(() => states(c).length > seen, what, 2_000);
  return accountStateSchema.parse(latest(c));
}

const CLEAR: AccountState = { suspension: null, exclusion: null };

describe('the account state on every socket of the player', () => {
  it('is sent to each socket as it connects', async () => {
    const player = await bench.player(nextId++);
    await player.until(() => states(player).length === 1, 'the state on connect');
    expect(latest(player)).toEqual(CLEAR);

    await bench.api.services.suspension.suspend(player.userId, '1', 'chargebacks');
    // The suspension cut the sessions: a tab opened now signs in again, and hears why at once.
    const later = await secondTab(player, await bench.login(Number(player.userId)));
    await later.until(() => states(later).length === 1, 'the state on connect');
    expect(latest(later)).toMatchObject({ suspension: { reason: 'chargebacks' }, exclusion: null });
    await bench.api.services.suspension.unsuspend(player.userId, '1');
  });

  it('follows a suspension and its lifting within a moment, in every tab', async () => {
    const lobbyTab = await bench.player(nextId++);
    const tableTab = await secondTab(lobbyTab);
    const other = await bench.player(nextId++);
    const roomId = await bench.createRoom(other.token, 1);
    expect(await tableTab.send('join_room', { roomId })).toEqual({ ok: true });
    for (const c of [lobbyTab, tableTab, other]) await c.until(() => states(c).length === 1, 'connected');

    const started = Date.now();
    const [a, b] = await Promise.all([
      nextState(lobbyTab, 'suspension in the lobby tab'),
      nextState(tableTab, 'suspension in the table tab'),
      bench.api.services.suspension.suspend(lobbyTab.userId, '1', 'multi-accounting'),
    ]);
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const s of [a, b]) {
      expect(s.exclusion).toBeNull();
      expect(s.suspension?.reason).toBe('multi-accounting');
      expect(Date.parse(s.suspension!.since)).toBeGreaterThan(started - 5_000);
    }

    const [c, d] = await Promise.all([
      nextState(lobbyTab, 'unsuspension in the lobby tab'),
      nextState(tableTab, 'unsuspension in the table tab'),
      bench.api.services.suspension.unsuspend(lobbyTab.userId, '1'),
    ]);
    expect([c, d]).toEqual([CLEAR, CLEAR]);
    expect(states(other)).toHaveLength(1);
  });

  it('tells the other tabs of a cool-off with its end, and of a self-exclusion made from one tab', async () => {
    const here = await bench.player(nextId++);
    const there = await secondTab(here);
    for (const c of [here, there]) await c.until(() => states(c).length === 1, 'connected');

    const before = Date.now();
    const [, coolOff, answer] = await Promise.all([
      nextState(here, 'cool-off here'),
      nextState(there, 'cool-off in the other tab'),
      bench.rest<{ exclusion: { until: string } }>('POST', '/protection/exclusion', here.token, {
        kind: 'cool_off',
        duration: '24h',
      }),
    ]);
    expect(answer.status).toBe(200);
    expect(coolOff).toEqual({
      suspension: null,
      exclusion: { kind: 'cool_off', until: answer.body.exclusion.until },
    });
    const hours = (Date.parse(coolOff.exclusion!.until) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);

    // The exclusion cut the sessions: the tab signs in again (as the app does), then excludes itself.
    const token = await bench.login(Number(here.userId));
    const [selfExcluded] = await Promise.all([
      nextState(there, 'self-exclusion in the other tab'),
      bench.rest('POST', '/protection/exclusion', token, { kind: 'self_exclusion', duration: '6m' }),
    ]);
    expect(selfExcluded.exclusion?.kind).toBe('self_exclusion');
    expect(Date.parse(selfExcluded.exclusion!.until) - before).toBeGreaterThan(150 * 86_400_000);
  });
});
