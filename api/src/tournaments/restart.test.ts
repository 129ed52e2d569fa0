/**
 * A Sit & Go survives a crash (RULES §9): the api runs as its own process, three players register and
 * never act (their turns time out: they are dealt in and blinded, never stood up), the process is
 * killed mid-tournament and started again. The tournament goes on at the level it had reached, to
 * one winner, who is paid once; no chips are issued twice and the ledger's invariants hold.
 */
import { AGREEMENT_VERSION, type TournamentList } from '@svara/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knexOf } from '../db/orm.js';
import { signDevInitData } from '../dev/init-data.js';
import { checkLedger } from '../ledger/check.js';
import { createLedger } from '../ledger/ledger.js';
import { createTestDatabase, type TestDatabase } from '../test-support/db.js';
import {
  freePort,
  startApiProcess,
  stopped,
  takeTurnStartingApiProcesses,
} from '../test-support/api-process.js';
import { TEST_BOT_TOKEN } from '../test-support/http.js';

let db: TestDatabase & { drop(): Promise<void> };
let port = 0;
const base = () => `http://127.0.0.1:${port}/api/v1`;
const startApi = () =>
  startApiProcess({ databaseUrl: db.url, port, env: { TABLE_TURN_MS: '150', TABLE_RESULT_MS: '100' } });

async function call<T>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function login(id: number): Promise<string> {
  const initData = signDevInitData(
    { id, username: `s${id}`, languageCode: 'en' },
    { botToken: TEST_BOT_TOKEN },
  );
  const response = await fetch(`${base()}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initData }),
  });
  const { accessToken } = (await response.json()) as { accessToken: string };
  expect(
    (await call('POST', '/protection/agreement', accessToken, { version: AGREEMENT_VERSION })).status,
  ).toBe(204);
  return accessToken;
}

async function until<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

takeTurnStartingApiProcesses();
beforeAll(async () => {
  db = await createTestDatabase();
  port = await freePort();
});
afterAll(async () => {
  await db?.drop();
});

describe('a Sit & Go across a crash', () => {
  it(
    'goes on where it was, ends with one winner paid once, no chips issued twice',
    { timeout: 240_000 },
    async () => {
      let api = await startApi();
      const knex = knexOf(db.orm);
      const ledger = createLedger(knex);
      try {
        await knex.raw(
          `insert into tournament_templates (id, name, currency, buy_in, fee, size) values ('trio', '$1 trio', 'usd', 100, 10, 3)`,
        );
        const ids = [760_001, 760_002, 760_003];
        const tokens = [];
        for (const id of ids) {
          tokens.push(await login(id));
          await ledger.transfer({
            idempotencyKey: `sng-restart-fund:${id}`,
            debitAccountId: await ledger.systemAccount('faucet'),
            creditAccountId: await ledger.playerWallet(String(id)),
            amount: 1_000,
            reason: 'faucet',
          });
        }
        const list = await call<TournamentList>('GET', '/tournaments', tokens[0]!);
        const t = list.body.tournaments.find((x) => x.templateId === 'trio')!;
        for (const token of tokens)
          expect((await call('POST', `/tournaments/${t.id}/register`, token)).status).toBe(200);

        const row = () =>
          knex
            .raw<{ rows: { status: string; room_id: string | null }[] }>(
              `select status, room_id from tournaments where id = ?`,
              [t.id],
            )
            .then((r) => r.rows[0]!);
        const { room_id: roomId } = await until(row, (r) => r.status === 'running', 'the start', 5_000);
        const dealt = () =>
          knex
            .raw<{ rows: { n: number | null }[] }>(
              `select max((state->'tournament'->>'handsDealt')::int) as n from hands where room_id = ?`,
              [roomId],
            )
            .then((r) => r.rows[0]!.n ?? 0);
        const before = await until(dealt, (n) => n >= 4, 'a few hands');

        api.child.kill('SIGKILL');
        await stopped(api.child);
        api = await startApi();

        // The level goes on from where it was (the hands dealt are not counted again from one).
        const after = await until(dealt, (n) => n > before, 'a hand after the restart', 20_000);
        expect(after).toBeGreaterThan(before);
        await until(row, (r) => r.status === 'finished', 'the end', 180_000);

        const chips = await knex.raw<{ rows: { n: number }[] }>(
          `select count(*)::int as n from transfers where idempotency_key like ?`,
          [`tourney:${t.id}:chips:%`],
        );
        expect(chips.rows[0]!.n).toBe(3);
        const prizes = await knex.raw<{ rows: { amount: string }[] }>(
          `select amount from transfers where idempotency_key like ? and reason = 'tournament_prize'`,
          [`tourney:${t.id}:prize:%`],
        );
        expect(prizes.rows.map((r) => Number(r.amount))).toEqual([300]);
        const wallets = await Promise.all(ids.map((id) => ledger.walletBalance(String(id))));
        expect([...wallets].sort((a, b) => b - a)).toEqual([890 + 300, 890, 890]);
        // Nobody was stood up for being away: everyone left the table only by losing their chips.
        const out = await knex.raw<{ rows: { place: number }[] }>(
          `select place from tournament_entries where tournament_id = ? order by place`,
          [t.id],
        );
        expect(out.rows.map((r) => r.place)[0]).toBe(1);
        expect(api.output.join('')).not.toContain('voided a hand');
        const report = await checkLedger(knex);
        expect(report).toMatchObject({ ok: true, mismatches: [], negatives: [] });
      } finally {
        api.child.kill('SIGTERM');
        await stopped(api.child);
      }
    },
  );
});
