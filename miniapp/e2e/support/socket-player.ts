/**
 * A player driven through socket.io-client instead of a browser, for tests that need more people at a
 * table than browsers are worth: signed in with development init data, agreement accepted, REST with
 * its token, and a table strategy that plays every turn it gets.
 */
import { FrameFollower } from '@svara/core/plain';
import type { FramePatch, WireGameState } from '@svara/core';
import { io, type Socket } from 'socket.io-client';

type Frame = {
  roomId: string;
  status: string;
  viewerId: string | null;
  currentPlayerIndex: number;
  players: { id: string }[];
  allowedActions?: {
    blindBet: { amount: number } | null;
    look: boolean;
    call: { amount: number } | null;
    raise: { min: number; max: number } | null;
    fold: boolean;
    joinSvara: { amount: number } | null;
    skipSvara: boolean;
  } | null;
};

export type SocketPlayer = {
  id: string;
  token: string;
  socket: Socket;
  /** Every server event received, in order. */
  events: { event: string; payload: unknown }[];
  rest<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** From now on: joins the table a tournament starts at and plays every turn all-in (or pays). */
  playAllIn(): void;
  close(): void;
};

export async function openSocketPlayer(baseUrl: string, id: string, name: string): Promise<SocketPlayer> {
  const query = new URLSearchParams({ id, username: name, first_name: name });
  const init = await fetch(`${baseUrl}/api/v1/dev/init-data?${query}`);
  const text = await init.text();
  const initData = (init.headers.get('content-type') ?? '').includes('json')
    ? (JSON.parse(text) as { initData: string }).initData
    : text;
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ initData, startPayload: null }),
  });
  const { accessToken: token } = (await login.json()) as { accessToken: string };

  async function rest<T>(method: string, path: string, body?: unknown) {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const raw = await res.text();
    return { status: res.status, body: (raw ? JSON.parse(raw) : undefined) as T };
  }

  // The first-open gate, as the app's gate accepts it: the server's current agreement.
  const protection = await rest<{ agreement: { currentVersion: string } }>('GET', '/protection');
  const accepted = await rest('POST', '/protection/agreement', {
    version: protection.body.agreement.currentVersion,
  });
  if (accepted.status !== 204) throw new Error(`agreement answered ${accepted.status}`);

  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token, telegramId: id, userData: { username: name, avatar: null } },
  });
  const events: SocketPlayer['events'] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.emit('join', id);

  let acting = '';
  function onFrame(frame: Frame) {
    const a = frame.allowedActions;
    if (!a) return;
    const onTurn = frame.players[frame.currentPlayerIndex]?.id === id;
    const key = `${frame.roomId}:${frame.status}:${frame.currentPlayerIndex}:${JSON.stringify(a)}`;
    if (key === acting) return;
    let move: { action: string; amount?: number } | null = null;
    if (frame.status === 'svara_pending') {
      if (a.joinSvara) move = { action: 'join_svara' };
      else if (a.skipSvara) move = { action: 'skip_svara' };
    } else if (onTurn) {
      if (a.raise) move = { action: 'raise', amount: a.raise.max };
      else if (a.call) move = { action: 'call' };
      else if (a.blindBet) move = { action: 'blind_bet' };
      else if (a.look) move = { action: 'look' };
      else if (a.fold) move = { action: 'fold' };
    }
    if (!move) return;
    acting = key;
    socket.emit('game_action', { roomId: frame.roomId, ...move }, () => undefined);
  }

  return {
    id,
    token,
    socket,
    events,
    rest,
    playAllIn() {
      socket.on('tournament_started', ({ roomId }: { roomId: string }) => {
        socket.emit('join_room', { roomId }, () => undefined);
      });
      // A whole frame on entering the table, then patches against it (a gap asks for it whole again).
      const frames = new FrameFollower();
      socket.on('game_state', (frame: WireGameState) => onFrame(frames.full(frame) as unknown as Frame));
      socket.on('game_update', (patch: FramePatch) => {
        const held = frames.frame;
        const frame = frames.patch(patch);
        if (frame) onFrame(frame as unknown as Frame);
        else if (held) socket.emit('join_room', { roomId: held.roomId }, () => undefined);
      });
    },
    close: () => void socket.close(),
  };
}
