/**
 * Two api nodes for real (two processes on one database and one Redis): a player has a tab on each.
 * An operator suspends the account through node A, lifts it through node B, and the player starts
 * a self-exclusion through node B: every change reaches the player's sockets on both nodes within
 * two seconds (`account_state` through the user's socket.io room and the Redis adapter). Skipped
 * when no Redis answers on 127.0.0.1:6379.
 */
import { AGREEMENT_VERSION, accountStateSchema, type AccountState } from '@svara/core';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevInitData } from '../../dev/init-data.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/db.js';
import {
  startApiProcess,
  stopped,
  type ApiProcess,
  takeTurnStartingApiProcesses,
} from '../../test-support/api-process.js';
import { redisAnswers, TEST_REDIS_URL } from '../../test-support/redis.js';
import { TEST_BOT_TOKEN } from '../../test-support/http.js';

const redisUp = await redisAnswers();
if (!redisUp) console.warn(`account-news.test.ts skipped: no Redis answers at ${TEST_REDIS_URL}`);

const OPERATOR = 9_761;
const PLAYER = 761_001;
let db: TestDatabase & { drop(): Promise<void> };

async function post(node: ApiProcess, path: string, token: string | null, body: unknown) {
  const response = await fetch(`http://127.0.0.1:${node.port}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

async function login(node: ApiProcess, id: number): Promise<string> {
  const initData = signDevInitData(
    { id, username: `n${id}`, languageCode: 'en' },
    { botToken: TEST_BOT_TOKEN },
  );
  const answer = await post(node, '/auth/login', null, { initData });
  expect(answer.status).toBe(200);
  const token = (answer.body as { accessToken: string }).accessToken;
  expect((await post(node, '/protection/agreement', token, { version: AGREEMENT_VERSION })).status).toBe(204);
  return token;
}

type Tab = { socket: Socket; states: AccountState[] };

async function openTab(node: ApiProcess, token: string): Promise<Tab> {
  const socket = connect(`http://127.0.0.1:${node.port}`, {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  const tab: Tab = { socket, states: [] };
  socket.on('account_state', (raw: unknown) => tab.states.push(accountStateSchema.parse(raw)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return tab;
}

/** Resolves with the tab's next state and how long it took from `since`. */
async function nextState(
  tab: Tab,
  seen: number,
  since: number,
): Promise<{ state: AccountState; ms: number }> {
  const end = since + 2_000;
  while (Date.now() < end) {
    if (tab.states.length > seen) return { state: tab.states.at(-1)!, ms: Date.now() - since };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no account_state within 2 s');
}

takeTurnStartingApiProcesses();
beforeAll(async () => {
  if (redisUp) db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

describe.skipIf(!redisUp)('the account state across two api nodes', () => {
  it('reaches the player’s tabs on both nodes within two seconds', { timeout: 120_000 }, async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, BOT_ADMIN_IDS: String(OPERATOR) };
    const nodes: ApiProcess[] = [];
    const tabs: Tab[] = [];
    try {
      const a = await startApiProcess({ databaseUrl: db.url, env });
      nodes.push(a);
      const b = await startApiProcess({ databaseUrl: db.url, env });
      nodes.push(b);
      const operator = await login(a, OPERATOR);
      const onA = await openTab(a, await login(a, PLAYER));
      const onB = await openTab(b, await login(b, PLAYER));
      tabs.push(onA, onB);
      await expect.poll(() => onA.states.length + onB.states.length).toBe(2);
      const times: number[] = [];
      const expectBoth = async (change: () => Promise<unknown>): Promise<AccountState[]> => {
        const seen = [onA.states.length, onB.states.length];
        const since = Date.now();
        await change();
        const got = await Promise.all([nextState(onA, seen[0]!, since), nextState(onB, seen[1]!, since)]);
        times.push(...got.map((g) => g.ms));
        return got.map((g) => g.state);
      };

      const suspended = await expectBoth(async () =>
        expect(
          (await post(a, `/admin/users/${PLAYER}/suspend`, operator, { reason: 'chargebacks' })).status,
        ).toBe(200),
      );
      for (const s of suspended)
        expect(s).toMatchObject({ suspension: { reason: 'chargebacks' }, exclusion: null });

      const lifted = await expectBoth(async () =>
        expect((await post(b, `/admin/users/${PLAYER}/unsuspend`, await login(b, OPERATOR), {})).status).toBe(
          200,
        ),
      );
      expect(lifted).toEqual([
        { suspension: null, exclusion: null },
        { suspension: null, exclusion: null },
      ]);

      // The suspension cut the player's sessions: the tab on B signs in again, as the app does.
      const token = await login(b, PLAYER);
      const excluded = await expectBoth(async () =>
        expect(
          (await post(b, '/protection/exclusion', token, { kind: 'self_exclusion', duration: '1y' })).status,
        ).toBe(200),
      );
      for (const s of excluded) expect(s.exclusion?.kind).toBe('self_exclusion');
      console.info(`account-news: account_state reached both nodes' sockets in ${times.join(', ')} ms`);
    } finally {
      for (const tab of tabs) tab.socket.disconnect();
      for (const node of nodes) {
        node.child.kill('SIGTERM');
        await stopped(node.child);
      }
    }
  });
});
