/**
 * Per-viewer game frames, serialised once per change. Every viewer's view is the spectator view
 * except for three things: `viewerId`, `allowedActions` and, once the viewer has looked, their own
 * seat (its cards and score). So the shared part is turned into JSON once and each viewer's frame is
 * spliced from it (core's viewerPart says what differs), instead of serialising six nearly identical
 * objects. Frames are compact (core's compactGameState: fields at their defaults are left out; the
 * protocol schemas put them back).
 *
 * The frames go out as ready-made socket.io packets (`2["game_update",{…}]`, the socket.io v5
 * encoding of an event without acknowledgement on the main namespace), written to the engine.io
 * connection: byte for byte what socket.emit would send, without encoding the object again.
 */
import {
  compactAllowedActions,
  compactGameState,
  compactPlayerView,
  NO_ALLOWED_ACTIONS,
  viewerPart,
  viewFor,
  type AllowedActions,
  type TableState,
} from '@svara/core';
import type { Socket } from 'socket.io';

export type FrameEvent = 'game_state' | 'game_update' | 'play_sound';

/** `allowedActions` of a seated viewer who may do nothing now, as a frame carries it. */
export const NOTHING_ALLOWED = JSON.stringify(compactAllowedActions(NO_ALLOWED_ACTIONS));

function allowedJson(allowed: AllowedActions): string {
  return allowed === NO_ALLOWED_ACTIONS ? NOTHING_ALLOWED : JSON.stringify(compactAllowedActions(allowed));
}

export class FrameBuilder {
  /** Each seat as the spectator view shows it, as JSON. */
  private readonly players: string[];
  private readonly playersJson: string;
  private readonly head: string;
  private spectator: string | null = null;

  constructor(
    private readonly state: TableState,
    now: number,
  ) {
    const base = compactGameState(viewFor(state, null, now));
    const { players, viewerId: _viewer, allowedActions: _allowed, ...rest } = base;
    this.players = players.map((p) => JSON.stringify(p));
    this.playersJson = this.players.join(',');
    // Everything else, without its closing brace: the per-viewer fields are appended to it.
    this.head = JSON.stringify(rest).slice(0, -1);
  }

  private assemble(players: string, viewerId: string | null, allowed: string): string {
    return `${this.head},"players":[${players}],"viewerId":${JSON.stringify(viewerId)},"allowedActions":${allowed}}`;
  }

  /** The frame of `viewerId` as JSON (a spectator's when null or not seated). */
  json(viewerId: string | null): string {
    const own = viewerId === null ? null : viewerPart(this.state, viewerId);
    if (own === null) return (this.spectator ??= this.assemble(this.playersJson, null, 'null'));
    let players = this.playersJson;
    if (own.player !== null) {
      const seats = this.players.slice();
      seats[own.index] = JSON.stringify(compactPlayerView(own.player));
      players = seats.join(',');
    }
    return this.assemble(players, viewerId, allowedJson(own.allowedActions));
  }
}

type EngineConn = { write(data: string): void };

/** Sends a ready-made JSON payload as a socket.io event (one encoded once for many sockets). */
export function sendJson(socket: Socket, event: FrameEvent, json: string): void {
  (socket.conn as unknown as EngineConn).write(`2["${event}",${json}]`);
}
