/**
 * Per-viewer game frames, serialised once per change. Every viewer's view is the spectator view
 * except for three things: the viewer's own seat (its cards and score once seen), `viewerId` and
 * `allowedActions`. So the shared part is turned into JSON once and each viewer's frame is spliced
 * from it, instead of serialising six nearly identical objects. Frames are compact (core's
 * compactGameState: fields at their defaults are left out; the protocol schemas put them back).
 *
 * The frames go out as ready-made socket.io packets (`2["game_update",{…}]`, the socket.io v5
 * encoding of an event without acknowledgement on the main namespace), written to the engine.io
 * connection: byte for byte what socket.emit would send, without encoding the object again.
 */
import { compactGameState, compactPlayerView, viewerPart, viewFor, type TableState } from '@svara/core';
import type { Socket } from 'socket.io';

export type FrameEvent = 'game_state' | 'game_update' | 'play_sound';

export class FrameBuilder {
  private readonly players: string[];
  private readonly seatIndex = new Map<string, number>();
  private readonly head: string;
  private spectator: string | null = null;

  constructor(
    private readonly state: TableState,
    now: number,
  ) {
    const base = compactGameState(viewFor(state, null, now));
    const { players, viewerId: _viewer, allowedActions: _allowed, ...rest } = base;
    this.players = players.map((p, i) => {
      this.seatIndex.set(p.id, i);
      return JSON.stringify(p);
    });
    // Everything else, without its closing brace: the per-viewer fields are appended to it.
    this.head = JSON.stringify(rest).slice(0, -1);
  }

  private assemble(players: string[], viewerId: string | null, allowed: string): string {
    return `${this.head},"players":[${players.join(',')}],"viewerId":${JSON.stringify(viewerId)},"allowedActions":${allowed}}`;
  }

  /** The frame of `viewerId` as JSON (a spectator's when null or not seated). */
  json(viewerId: string | null): string {
    const own = viewerId === null || !this.seatIndex.has(viewerId) ? null : viewerPart(this.state, viewerId);
    if (own === null) return (this.spectator ??= this.assemble(this.players, null, 'null'));
    const players = this.players.slice();
    players[own.index] = JSON.stringify(compactPlayerView(own.player));
    return this.assemble(players, viewerId, JSON.stringify(own.allowedActions));
  }
}

type EngineConn = { write(data: string): void };

/** Sends a ready-made JSON payload as a socket.io event (one encoded once for many sockets). */
export function sendJson(socket: Socket, event: FrameEvent, json: string): void {
  (socket.conn as unknown as EngineConn).write(`2["${event}",${json}]`);
}
