/**
 * Players at the tables of api nodes run as real processes (api-process.ts), for the tests of
 * several nodes: logging in, a socket on a chosen node whose frames are read as a client reads
 * them, rooms, funding, a hand dealt and bet into, and playing a hand out.
 */
import type { Knex } from '@mikro-orm/postgresql';
import { AGREEMENT_VERSION, type GameState } from '@svara/core';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { signDevInitData } from '../dev/init-data.js';
import { createLedger } from '../ledger/ledger.js';
import { escrowReference } from '../realtime/ledger-plan.js';
import { followFrames } from '../realtime/test-support/follow-frames.js';
import type { ApiProcess } from './api-process.js';
import { TEST_BOT_TOKEN } from './http.js';

export type Node = ApiProcess;

const signed = (id: number) =>
  signDevInitData({ id, username: `n${id}`, languageCode: 'en' }, { botToken: TEST_BOT_TOKEN });

export async function login(node: Node, id: number): Promise<string> {
  const initData = signed(id);
  const response = await fetch(`http://127.0.0.1:${node.port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initData }),
  });
  expect(response.status).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  // Players have accepted the user agreement (player protection): no seat or room without it.
  const accepted = await fetch(`http://127.0.0.1:${node.port}/api/v1/protection/agreement`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ version: AGREEMENT_VERSION }),
  });
  expect(accepted.status).toBe(204);
  return accessToken;
}

/** A player's socket on one node, with the last game frame it received and how many. */
export type Player = { id: string; socket: Socket; state: GameState | null; frames: number };

/** A player's socket on `node`. */
export async function player(node: Node, id: number): Promise<Player> {
  const token = await login(node, id);
  const socket = connect(`http://127.0.0.1:${node.port}`, {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  const p: Player = { id: String(id), socket, state: null, frames: 0 };
  // Frames leave out fields at their defaults: read as a client reads them.
  followFrames(socket, (s) => {
    p.state = s;
    p.frames += 1;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return p;
}

export const send = (p: Player, event: string, payload: unknown) =>
  p.socket.timeout(5_000).emitWithAck(event, payload) as Promise<{ ok: boolean; code?: string }>;

/** Waits for `check` to hold; 15 s by default, generous for a busy machine (it returns when it holds). */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 15_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const onTurnOf = (s: GameState) => s.players[s.currentPlayerIndex]?.id;

/**
 * Plays the hand out: the player on turn looks and folds, the next folds, the last one wins. Each
 * player in `players` is one seat (one socket each; its frames decide who is on turn).
 */
export async function finishHand(players: Player[], roomId: string, handNumber: number): Promise<string> {
  const ended = () =>
    players.every((p) => p.state!.fairness.handNumber !== handNumber || p.state!.status === 'finished');
  for (let moves = 0; !ended() && moves < 6; moves++) {
    const onTurn = onTurnOf(players[0]!.state!);
    const actor = players.find((p) => p.id === onTurn);
    if (!actor) throw new Error(`${onTurn} is on turn, not one of the seats: ${views(players)}`);
    let ack = await send(actor, 'game_action', { roomId, action: 'fold' });
    if (!ack.ok) {
      expect(await send(actor, 'game_action', { roomId, action: 'look' })).toEqual({ ok: true });
      ack = await send(actor, 'game_action', { roomId, action: 'fold' });
    }
    expect(ack).toEqual({ ok: true });
    // Every view has moved on: to the next player's turn (not a moment in between), or to the end.
    const movedOn = (p: Player) => ![undefined, actor.id].includes(onTurnOf(p.state!));
    await until(() => ended() || players.every(movedOn), 'the next turn');
  }
  await until(ended, 'the end of the hand');
  const winners = players[0]!.state!.winners;
  expect(winners).toHaveLength(1);
  return winners[0]!;
}

/** What each player sees of the hand, for a failure's message. */
const views = (players: Player[]) =>
  JSON.stringify(
    players.map((p) => ({
      id: p.id,
      status: p.state?.status,
      pot: p.state?.pot,
      seated: p.state?.players.length,
      hand: p.state?.fairness.handNumber,
      turn: p.state && onTurnOf(p.state),
    })),
  );

export async function createRoom(node: Node, token: string): Promise<string> {
  const created = await fetch(`http://127.0.0.1:${node.port}/api/v1/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ type: 'public', minBet: 1 }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { roomId: string }).roomId;
}

/** 100 units of the faucet to the player's wallet (10,000 cents). */
export async function fund(knex: Knex, userId: string): Promise<void> {
  const ledger = createLedger(knex);
  await ledger.transfer({
    idempotencyKey: `cluster-test-fund:${userId}`,
    debitAccountId: await ledger.systemAccount('faucet'),
    creditAccountId: await ledger.playerWallet(userId),
    amount: 10_000,
    reason: 'faucet',
  });
}

export async function leaseOf(knex: Knex, roomId: string) {
  const result = await knex.raw<{ rows: { node_id: string; token: string; live: boolean }[] }>(
    `select node_id, token, expires_at > now() as live from table_leases where room_id = ?`,
    [roomId],
  );
  return result.rows[0];
}

/** The part of a node id that names the process (table-lease.ts: host:pid:random). */
export const ownedBy = (node: Node) => `:${node.child.pid}:`;

export type HandInPlay = {
  players: Player[];
  roomId: string;
  handNumber: number;
  escrow: number;
  /** As the players last saw it: the pot (units), the escrow's balance (cents) and who is on turn. */
  pot: number;
  escrowCents: number;
  onTurn: string | undefined;
};

/**
 * Three funded players, each on the node given for them, sit in a new room created through the
 * first one's node (which opens the table: it owns it); dealt, two blind bets made: 3 antes + 1 + 2
 * in the pot, 600 cents in the hand's escrow. Frames of players on other nodes come through Redis.
 */
export async function handInPlay(
  knex: Knex,
  nodes: [Node, Node, Node],
  firstId: number,
): Promise<HandInPlay> {
  const players = await Promise.all(nodes.map((node, i) => player(node, firstId + i)));
  for (const p of players) await fund(knex, p.id);
  const roomId = await createRoom(nodes[0], await login(nodes[0], firstId));
  const sit = async (p: Player) => {
    expect(await send(p, 'join_room', { roomId })).toEqual({ ok: true });
    expect(await send(p, 'sit_down', { roomId })).toEqual({ ok: true });
  };
  // The first opens the table on its node; the others sit together, dealt in within the start delay.
  await sit(players[0]!);
  await Promise.all(players.slice(1).map(sit));
  expect((await leaseOf(knex, roomId))?.node_id).toContain(ownedBy(nodes[0]));
  await until(
    () => players.every((p) => p.state?.status === 'blind_betting' && p.state.pot === 3),
    `the deal (${roomId})`,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}: ${views(players)}`);
  });
  for (let i = 0; i < 2; i++) {
    const actor = players.find((p) => p.id === onTurnOf(players[0]!.state!))!;
    expect(await send(actor, 'game_action', { roomId, action: 'blind_bet' })).toEqual({ ok: true });
    await until(() => players.every((p) => p.state!.pot === 3 + (i === 0 ? 1 : 3)), 'the bet');
  }
  const { handNumber } = players[0]!.state!.fairness;
  const ledger = createLedger(knex);
  const escrow = await ledger.handEscrow(escrowReference(roomId, handNumber));
  expect(await ledger.balance(escrow)).toBe(600);
  return {
    players,
    roomId,
    handNumber,
    escrow,
    pot: 6,
    escrowCents: 600,
    onTurn: onTurnOf(players[0]!.state!),
  };
}

/** The number of payouts of the hand, and how many of them went to `winner`. */
export async function payoutsOf(knex: Knex, roomId: string, handNumber: number, winner: string) {
  const payouts = await knex.raw<{ rows: { n: number; winner: number }[] }>(
    `select count(*)::int as n, count(*) filter (where a.owner_id = ?)::int as winner
       from transfers t join accounts a on a.id = t.credit_account_id
      where t.idempotency_key like ? and t.reason = 'payout'`,
    [winner, `hand:${roomId}:${handNumber}:%`],
  );
  return payouts.rows[0];
}
