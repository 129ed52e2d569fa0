import type { RoomSummary } from '@svara/core';
import type { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.js';
import { LobbyFeed, LOBBY_ROOM } from './lobby.js';

function room(id: string, players: string[], status: string): RoomSummary {
  return {
    roomId: id,
    players: players.map((p) => ({ id: p })),
    maxPlayers: 6,
    minBet: 1,
    type: 'public',
    status,
  };
}

describe('LobbyFeed', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('sends seat changes at the next interval and status-only changes at most every status interval', async () => {
    const sent: RoomSummary[][] = [];
    const io = {
      of: () => ({ adapter: { rooms: new Map([[LOBBY_ROOM, new Set(['s1'])]]) } }),
      local: { to: () => ({ emit: (_e: string, p: { rooms: RoomSummary[] }) => sent.push(p.rooms) }) },
    } as unknown as Server;
    let rooms = [room('a', ['1'], 'waiting')];
    const feed = new LobbyFeed(
      io,
      async () => rooms,
      1_000,
      createLogger({ level: 'silent', pretty: false }),
      5_000,
    );

    feed.mark();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);

    // Status churn only: held back until five seconds after the last list.
    for (let t = 0; t < 4; t++) {
      rooms = [room('a', ['1'], t % 2 ? 'betting' : 'blind_betting')];
      feed.mark();
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(2);

    // A player sits: out at the next interval.
    rooms = [room('a', ['1', '2'], 'betting')];
    feed.mark();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(3);
    expect(sent[2]![0]!.players).toHaveLength(2);
    feed.stop();
  });
});
