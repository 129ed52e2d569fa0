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
  diffFields,
  diffPlayers,
  FrameDiffMemo,
  logChange,
  sameJson,
  viewerPart,
  viewFor,
  type TableState,
  type WireGameState,
} from '@svara/core';
import type { Socket } from 'socket.io';

export type FrameEvent = 'game_state' | 'game_update' | 'play_sound';

/**
 * What a connection was last sent in its room: its next frame is a patch against this. A viewer's
 * frame is its build's spectator view (`shared`) with three fields of its own; it is kept as those
 * parts, not copied into one object.
 */
export type SentFrame = {
  readonly seq: number;
  /** The viewer's id if seated, null for a spectator: the frame's `viewerId`. */
  readonly key: string | null;
  /** The build's spectator view: every top-level field but `viewerId` and the two below is its. */
  readonly shared: WireGameState;
  readonly players: WireGameState['players'];
  readonly allowedActions: WireGameState['allowedActions'];
};

/** The spectator view as JSON pieces: each seat, and the rest without its closing brace. */
type SpectatorParts = { head: string; players: string[]; playersJson: string };

function spectatorParts(view: WireGameState): SpectatorParts {
  const { players, viewerId: _viewer, allowedActions: _allowed, ...rest } = view;
  const seats = players.map((p) => JSON.stringify(p));
  return { head: JSON.stringify(rest).slice(0, -1), players: seats, playersJson: seats.join(',') };
}

/**
 * Top-level fields a viewer's frame does not take from the spectator view, or that a patch does not
 * set as such.
 */
const NOT_SHARED = new Set(['seq', 'players', 'log', 'viewerId', 'allowedActions']);

/** What two builds' spectator views differ in, as JSON: `"field":value` members, and fields now unset. */
type SharedChange = { set: string; unset: string[] };

export class FrameBuilder {
  private readonly spectator: WireGameState;
  /** By viewer key (a seated player's id; null for spectators): the frame as sent. */
  private readonly sent = new Map<string | null, SentFrame>();
  /** Patches already encoded, by the frame they apply to and the viewer they are for. */
  private readonly patches = new Map<string, string>();
  private readonly memo = new FrameDiffMemo();
  /** JSON of the parts of this change's patches that several viewers share (by identity). */
  private readonly encoded = new Map<object, string>();
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
    const { key, shared, players, allowedActions } = this.frame(viewerId);
    return key === null ? shared : { ...shared, players, viewerId: key, allowedActions };
  }

  /** The frame of `viewerId`, numbered, as the connection is now sent it (cached per viewer). */
  frame(viewerId: string | null): SentFrame {
    const own = viewerId === null ? null : viewerPart(this.state, viewerId);
    const key = own === null ? null : viewerId;
    let sent = this.sent.get(key);
    if (sent) return sent;
    const shared = this.spectator;
    if (own === null) {
      sent = { seq: this.seq, key, shared, players: shared.players, allowedActions: null };
    } else {
      let players = shared.players;
      if (own.player !== null) {
        players = players.slice();
        players[own.index] = compactPlayerView(own.player);
      }
      const allowedActions = compactAllowedActions(own.allowedActions);
      sent = { seq: this.seq, key, shared, players, allowedActions };
    }
    this.sent.set(key, sent);
    return sent;
  }

  /**
   * The whole frame of `viewerId` as JSON, with its number (game_state). Spliced from the spectator
   * view's parts, each turned into JSON once: what viewers share is not encoded again for each.
   */
  json(viewerId: string | null): string {
    const frame = this.frame(viewerId);
    const parts = (this.parts ??= spectatorParts(this.spectator));
    let players = parts.playersJson;
    if (frame.players !== this.spectator.players) {
      // The viewer's own seat shows more (their cards): that one seat is encoded for them.
      players = frame.players
        .map((p, i) => (p === this.spectator.players[i] ? parts.players[i] : JSON.stringify(p)))
        .join(',');
    }
    const allowed = frame.allowedActions === null ? 'null' : JSON.stringify(frame.allowedActions);
    return `${parts.head},"players":[${players}],"viewerId":${JSON.stringify(frame.key)},"allowedActions":${allowed},"seq":${this.seq}}`;
  }

  /**
   * The patch from `from` (what the connection got last) to `viewerId`'s frame, as JSON (game_update):
   * core's diffFrames of the two frames, key order aside. Every part the viewers of this change
   * share (the spectator view's fields, each seat's change, the log's) is compared and encoded
   * once for all of them; only the viewer's own seat and moves are theirs.
   */
  patchJson(from: SentFrame, viewerId: string | null): string {
    const to = this.frame(viewerId);
    const id = `${from.seq}:${from.key ?? ''}>${to.key ?? ''}`;
    let json = this.patches.get(id);
    if (json !== undefined) return json;
    const memo = this.memo;
    const shared =
      memo.find<SharedChange>(from.shared, to.shared) ??
      memo.keep(from.shared, to.shared, sharedChange(from.shared, to.shared));
    let set = shared.set;
    if (from.key !== to.key) set = member(set, 'viewerId', JSON.stringify(to.key));
    if (!sameJson(from.allowedActions, to.allowedActions))
      set = member(set, 'allowedActions', JSON.stringify(to.allowedActions));
    let players = '';
    if (from.players.length === to.players.length) {
      const seats = diffPlayers(from.players, to.players, memo);
      if (seats) {
        for (const index in seats) players = member(players, index, this.encode(seats[index]!));
      }
    } else set = member(set, 'players', JSON.stringify(to.players));
    const log = logChange(from.shared.log, to.shared.log, memo);
    if (log !== null && 'whole' in log) set = member(set, 'log', this.encode(log.whole));
    json = `{"seq":${this.seq},"base":${from.seq}`;
    if (set !== '') json += `,"set":{${set}}`;
    if (shared.unset.length > 0) json += `,"unset":${JSON.stringify(shared.unset)}`;
    if (players !== '') json += `,"players":{${players}}`;
    if (log !== null && 'log' in log) json += `,"log":${this.encode(log.log)}`;
    json += '}';
    this.patches.set(id, json);
    return json;
  }

  /** `part` as JSON, encoded once for every viewer whose patch holds it. */
  private encode(part: object): string {
    let json = this.encoded.get(part);
    if (json === undefined) this.encoded.set(part, (json = JSON.stringify(part)));
    return json;
  }
}

/**
 * `members` (JSON object members, comma-separated) with `"key":json` after them. Keys are field names
 * or seat indices: nothing in them needs escaping.
 */
function member(members: string, key: string, json: string): string {
  return members === '' ? `"${key}":${json}` : `${members},"${key}":${json}`;
}

/** The spectator views' difference, every field but a viewer's own and those a patch treats apart. */
function sharedChange(base: WireGameState, next: WireGameState): SharedChange {
  const change = diffFields(base, next, NOT_SHARED);
  let set = '';
  if (change?.set) {
    const values = change.set as Record<string, unknown>;
    for (const key in values) set = member(set, key, JSON.stringify(values[key]));
  }
  return { set, unset: change?.unset ?? [] };
}

type EngineConn = { write(data: string): void };

/** Sends a ready-made JSON payload as a socket.io event (one encoded once for many sockets). */
export function sendJson(socket: Socket, event: FrameEvent, json: string): void {
  (socket.conn as unknown as EngineConn).write(`2["${event}",${json}]`);
}
