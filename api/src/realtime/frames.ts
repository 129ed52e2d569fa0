/**
 * Per-viewer game frames, built once per change. Every viewer's view is the spectator view except
 * for three things: `viewerId`, `allowedActions` and, once the viewer has looked, their own seat
 * (its cards and score). So the spectator view is built once (compact: core's compactGameState) and
 * each seated viewer's frame shares all of it but those three (core's viewerPart says what differs).
 *
 * A connection gets its room's frame whole once (`game_state`, on entering or asking again), then
 * each change as a patch against the frame it got before (`game_update`; core's frame-patch.ts).
 * Frames are numbered: one number per build, for every viewer of that change. Connections that got
 * the same frame get the same patch, encoded once: all the spectators of a table, and every tab of
 * one player.
 *
 * The frames go out as ready-made socket.io packets (`2["game_update",{…}]`, the socket.io v5
 * encoding of an event without acknowledgement on the main namespace), written to the engine.io
 * connection: byte for byte what socket.emit would send, without encoding the object again.
 */
import {
  compactAllowedActions,
  compactGameState,
  compactPlayerView,
  diffFrames,
  FrameDiffMemo,
  viewerPart,
  viewFor,
  type TableState,
  type WireGameState,
} from '@svara/core';
import type { Socket } from 'socket.io';

export type FrameEvent = 'game_state' | 'game_update' | 'play_sound';

/** What a connection was last sent in its room: its next frame is a patch against this. */
export type SentFrame = { readonly seq: number; readonly key: string | null; readonly wire: WireGameState };

/** The spectator view as JSON pieces: each seat, and the rest without its closing brace. */
type SpectatorParts = { head: string; players: string[]; playersJson: string };

function spectatorParts(view: WireGameState): SpectatorParts {
  const { players, viewerId: _viewer, allowedActions: _allowed, ...rest } = view;
  const seats = players.map((p) => JSON.stringify(p));
  return { head: JSON.stringify(rest).slice(0, -1), players: seats, playersJson: seats.join(',') };
}

export class FrameBuilder {
  private readonly spectator: WireGameState;
  /** By viewer key (a seated player's id; null for spectators): the frame as sent. */
  private readonly sent = new Map<string | null, SentFrame>();
  /** Patches already encoded, by the frame they apply to and the viewer they are for. */
  private readonly patches = new Map<string, string>();
  private readonly memo = new FrameDiffMemo();
  private parts: SpectatorParts | null = null;

  constructor(
    private readonly state: TableState,
    now: number,
    /** This build's frame number (the gateway counts them). */
    readonly seq = 0,
  ) {
    this.spectator = compactGameState(viewFor(state, null, now));
  }

  /** The frame of `viewerId` in its wire form (a spectator's when null or not seated). */
  wire(viewerId: string | null): WireGameState {
    return this.frame(viewerId).wire;
  }

  /** The frame of `viewerId`, numbered, as the connection is now sent it (cached per viewer). */
  frame(viewerId: string | null): SentFrame {
    const own = viewerId === null ? null : viewerPart(this.state, viewerId);
    const key = own === null ? null : viewerId;
    let sent = this.sent.get(key);
    if (sent) return sent;
    let wire = this.spectator;
    if (own !== null) {
      let players = wire.players;
      if (own.player !== null) {
        players = players.slice();
        players[own.index] = compactPlayerView(own.player);
      }
      wire = { ...wire, players, viewerId, allowedActions: compactAllowedActions(own.allowedActions) };
    }
    sent = { seq: this.seq, key, wire };
    this.sent.set(key, sent);
    return sent;
  }

  /**
   * The whole frame of `viewerId` as JSON, with its number (game_state). Spliced from the spectator
   * view's parts, each turned into JSON once: what viewers share is not encoded again for each.
   */
  json(viewerId: string | null): string {
    const { wire } = this.frame(viewerId);
    const parts = (this.parts ??= spectatorParts(this.spectator));
    let players = parts.playersJson;
    if (wire.players !== this.spectator.players) {
      // The viewer's own seat shows more (their cards): that one seat is encoded for them.
      players = wire.players
        .map((p, i) => (p === this.spectator.players[i] ? parts.players[i] : JSON.stringify(p)))
        .join(',');
    }
    const allowed = wire.allowedActions === null ? 'null' : JSON.stringify(wire.allowedActions);
    return `${parts.head},"players":[${players}],"viewerId":${JSON.stringify(wire.viewerId)},"allowedActions":${allowed},"seq":${this.seq}}`;
  }

  /** The patch from `from` (what the connection got last) to `viewerId`'s frame, as JSON (game_update). */
  patchJson(from: SentFrame, viewerId: string | null): string {
    const to = this.frame(viewerId);
    const id = `${from.seq}:${from.key ?? ''}>${to.key ?? ''}`;
    let json = this.patches.get(id);
    if (json === undefined) {
      json = JSON.stringify(diffFrames(from.wire, to.wire, from.seq, this.seq, this.memo));
      this.patches.set(id, json);
    }
    return json;
  }
}

type EngineConn = { write(data: string): void };

/** Sends a ready-made JSON payload as a socket.io event (one encoded once for many sockets). */
export function sendJson(socket: Socket, event: FrameEvent, json: string): void {
  (socket.conn as unknown as EngineConn).write(`2["${event}",${json}]`);
}
