/**
 * A crash in the middle of a hand, for real: the api runs as its own process (api/src/main.ts),
 * players bet over sockets, the process is killed with SIGKILL and started again. The hand left
 * running is voided at start: every wallet is back where it was before the hand, the escrow is
 * empty and the ledger's invariants hold.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { GameState } from '@svara/core';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { knexOf } from '../db/orm.js';
import { signDevInitData } from '../dev/init-data.js';
import { checkLedger } from '../ledger/check.js';
import { createLedger } from '../ledger/ledger.js';
import { createTestDatabase, type TestDatabase } from '../test-support/db.js';
import { TEST_BOT_TOKEN } from '../test-support/http.js';
import { escrowReference } from './ledger-plan.js';

const MAIN = path.join(REPO_ROOT, 'api', 'src', 'main.ts');
let db: TestDatabase & { drop(): Promise<void> };
let port = 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as { port: number };
      probe.close(() => resolve(p));
    });
  });
}

/** Starts the api as a child process and resolves once it listens. */
function startApi(): Promise<{ child: ChildProcess; output: string[] }> {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      BOT_TOKEN: TEST_BOT_TOKEN,
      JWT_SECRET: 'test-jwt-secret-long-enough-for-the-rule',
      LOG_LEVEL: 'info',
      TABLE_TURN_MS: '20000',
      TABLE_RESULT_MS: '200',
      TABLE_START_DELAY_MS: '300',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`api did not start:\n${output.join('')}`)), 45_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('svara api listening')) {
        clearTimeout(timer);
        resolve({ child, output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`api exited with ${code}:\n${output.join('')}`));
    });
  });
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function login(id: number): Promise<string> {
  const initData = signDevInitData(
    { id, username: `r${id}`, languageCode: 'en' },
    { botToken: TEST_BOT_TOKEN },
  );
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initData }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

type Player = { id: string; token: string; socket: Socket; state: GameState | null };

async function player(id: number): Promise<Player> {
  const token = await login(id);
  const socket = connect(`http://127.0.0.1:${port}`, {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  const p: Player = { id: String(id), token, socket, state: null };
  socket.on('game_state', (s: GameState) => (p.state = s));
  socket.on('game_update', (s: GameState) => (p.state = s));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return p;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  db = await createTestDatabase();
  port = await freePort();
});

afterAll(async () => {
  await db?.drop();
});

describe('a restart in the middle of a hand', () => {
  it(
    'voids the hand: every wallet is as before it, the escrow is empty, the ledger holds',
    { timeout: 120_000 },
    async () => {
      const knex = knexOf(db.orm);
      const ledger = createLedger(knex);
      let api = await startApi();
      try {
        const players = [await player(730_001), await player(730_002), await player(730_003)];
        for (const p of players) {
          await ledger.transfer({
            idempotencyKey: `restart-test-fund:${p.id}`,
            debitAccountId: await ledger.systemAccount('faucet'),
            creditAccountId: await ledger.playerWallet(p.id),
            amount: 10_000,
            reason: 'faucet',
          });
        }
        const created = await fetch(`http://127.0.0.1:${port}/api/v1/rooms`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${players[0]!.token}` },
          body: JSON.stringify({ type: 'public', minBet: 1 }),
        });
        const { roomId } = (await created.json()) as { roomId: string };
        await Promise.all(
          players.map(async (p) => {
            expect(await p.socket.timeout(5_000).emitWithAck('join_room', { roomId })).toEqual({ ok: true });
            expect(await p.socket.timeout(5_000).emitWithAck('sit_down', { roomId })).toEqual({ ok: true });
          }),
        );
        await until(
          () => players.every((p) => p.state?.status === 'blind_betting' && p.state.pot === 3),
          'the deal',
        );
        // Two blind bets: 3 antes + 1 + 2 in the pot.
        for (let i = 0; i < 2; i++) {
          const s = players[0]!.state!;
          const actor = players.find((p) => p.id === s.players[s.currentPlayerIndex]!.id)!;
          expect(
            await actor.socket.timeout(5_000).emitWithAck('game_action', { roomId, action: 'blind_bet' }),
          ).toEqual({
            ok: true,
          });
          await until(() => players.every((p) => p.state!.pot === 3 + (i === 0 ? 1 : 3)), 'the bet');
        }
        const handNumber = players[0]!.state!.fairness.handNumber;
        const escrow = await ledger.handEscrow(escrowReference(roomId, handNumber));
        expect(await ledger.balance(escrow)).toBe(600);
        const during = await Promise.all(players.map((p) => ledger.walletBalance(p.id)));
        expect(during.reduce((a, b) => a + b, 0)).toBe(30_000 - 600);

        api.child.kill('SIGKILL');
        await stopped(api.child);
        for (const p of players) p.socket.disconnect();
        // On record: the hand as dealt, and the two bets as its steps, which the restart replays.
        const left = await knex.raw<{ rows: { status: string; pot: number; steps: number }[] }>(
          `select status, (state->>'pot')::int as pot,
                  (select count(*)::int from hand_steps s where s.room_id = h.room_id and s.hand_number = h.hand_number) as steps
             from hands h where room_id = ? and hand_number = ?`,
          [roomId, handNumber],
        );
        expect(left.rows[0]).toEqual({ status: 'running', pot: 300, steps: 2 });

        api = await startApi();
        for (const p of players) expect(await ledger.walletBalance(p.id)).toBe(10_000);
        expect(await ledger.balance(escrow)).toBe(0);
        const after = await knex.raw<{ rows: { status: string }[] }>(
          `select status from hands where room_id = ? and hand_number = ?`,
          [roomId, handNumber],
        );
        expect(after.rows[0]!.status).toBe('voided');
        const steps = await knex.raw<{ rows: unknown[] }>(`select 1 from hand_steps where room_id = ?`, [
          roomId,
        ]);
        expect(steps.rows).toEqual([]);
        const report = await checkLedger(knex);
        expect(report).toMatchObject({ ok: true, totalBalance: 0, mismatches: [], negatives: [] });

        // The room is still there; a player who comes back finds a fresh table and can sit again.
        const back = await player(730_001);
        expect(await back.socket.timeout(5_000).emitWithAck('join_room', { roomId })).toEqual({ ok: true });
        await until(() => back.state !== null, 'the view');
        expect(back.state!.players).toEqual([]);
        expect(back.state!.fairness.handNumber).toBe(handNumber);
        expect(await back.socket.timeout(5_000).emitWithAck('sit_down', { roomId })).toEqual({ ok: true });
        back.socket.disconnect();
      } finally {
        api.child.kill('SIGTERM');
        await stopped(api.child);
      }
    },
  );
});
