/**
 * Frame patches (frame-patch.ts describes the format): the server's diff of two frames and the
 * client's apply, both pure and without zod, so the server, the Mini App (its zod-free entry) and
 * the tests use the same code. Both work on frames in their wire form (game-state.ts: fields at
 * their defaults left out), as JSON carries them: a value `undefined` counts as absent.
 */
import type { FramePatch, PlayerPatch } from './frame-patch.js';
import type { WireGameState } from './game-state.js';

/** A frame as a client holds it: the wire form of a game_state, numbered. */
export type WireFrame = WireGameState & { seq: number };

type Fields = Record<string, unknown>;

/** Deep equality of two JSON values (`undefined` members as absent). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const x = a as Fields;
  const y = b as Fields;
  for (const k in x) if (x[k] !== undefined && !sameJson(x[k], y[k])) return false;
  for (const k in y) if (y[k] !== undefined && x[k] === undefined) return false;
  return true;
}

/** The fields of `next` that differ from `base`'s (top-level `skip` excepted), or null if none. */
export function diffFields(base: Fields, next: Fields, skip?: ReadonlySet<string>): PlayerPatch | null {
  let set: Fields | undefined;
  let unset: string[] | undefined;
  for (const k in next) {
    const v = next[k];
    if (v === undefined || skip?.has(k)) continue;
    if (!sameJson(base[k], v)) (set ??= {})[k] = v;
  }
  for (const k in base) {
    if (base[k] === undefined || skip?.has(k)) continue;
    if (next[k] === undefined) (unset ??= []).push(k);
  }
  if (!set && !unset) return null;
  return { ...(set && { set }), ...(unset && { unset }) } as PlayerPatch;
}

/** Fields the top level of a patch never carries as such. */
const SPECIAL = new Set(['seq', 'players', 'log']);

/**
 * How the log went from `base` to `next`: the fewest entries dropped from its start such that the
 * rest begins `next`, and what follows them. Null when nothing is shared (the whole log is sent).
 */
function diffLog(base: readonly unknown[], next: readonly unknown[]): FramePatch['log'] | null {
  for (let drop = 0; drop < base.length; drop++) {
    const kept = base.length - drop;
    if (kept > next.length) continue;
    let fits = true;
    for (let i = 0; i < kept && fits; i++) fits = sameJson(base[drop + i], next[i]);
    if (fits) return { drop, add: next.slice(kept) };
  }
  return null;
}

/**
 * Diffs of one change's frames, kept by the identity of the parts compared. The viewers' frames of
 * one change share most of their parts (a server builds the spectator view once: its seats and its
 * log are in every viewer's frame), so each pair of parts is compared once for all of them.
 */
export class FrameDiffMemo {
  private readonly pairs = new Map<object, Map<object, unknown>>();

  /** What was kept for the pair `a`, `b`; undefined if nothing (what is kept is never undefined). */
  find<T>(a: object, b: object): T | undefined {
    return this.pairs.get(a)?.get(b) as T | undefined;
  }

  keep<T>(a: object, b: object, value: T): T {
    let row = this.pairs.get(a);
    if (!row) this.pairs.set(a, (row = new Map()));
    row.set(b, value);
    return value;
  }
}

type PlayersPatch = Record<string, PlayerPatch> | null;
/** How the log changed: a patch's `log` (dropped and added entries), or the whole new log. */
export type LogChange = { log: NonNullable<FramePatch['log']> } | { whole: unknown[] } | null;

/**
 * By seat index, the fields of each seat that changed (seats compared pair by pair). With `memo`,
 * the two lists and each pair of seats are compared once for every viewer whose frames hold them;
 * looked up before computing, so that no closure is made for a pair already compared.
 */
export function diffPlayers(
  base: readonly object[],
  next: readonly object[],
  memo?: FrameDiffMemo,
): PlayersPatch {
  const kept = memo?.find<PlayersPatch>(base, next);
  if (kept !== undefined) return kept;
  let players: Record<string, PlayerPatch> | null = null;
  for (let i = 0; i < next.length; i++) {
    const a = base[i] as Fields;
    const b = next[i] as Fields;
    let p = memo?.find<PlayerPatch | null>(a, b);
    if (p === undefined) {
      p = diffFields(a, b);
      memo?.keep(a, b, p);
    }
    if (p) (players ??= {})[i] = p;
  }
  memo?.keep(base, next, players);
  return players;
}

/** How the log changed from `base` to `next` (with `memo`: once for every viewer's frames). */
export function logChange(base: unknown[], next: unknown[], memo?: FrameDiffMemo): LogChange {
  const kept = memo?.find<LogChange>(base, next);
  if (kept !== undefined) return kept;
  let change: LogChange = null;
  if (!sameJson(base, next)) {
    const log = diffLog(base, next);
    change = log && log.add.length < next.length ? { log } : { whole: next };
  }
  memo?.keep(base, next, change);
  return change;
}

/**
 * The patch that turns frame `base` (numbered `baseSeq`) into frame `next` (numbered `seq`), for
 * the same viewer or not (a seat taken changes the view; the patch says how). `memo`: the diffs of
 * the other viewers' frames of the same two changes, to share.
 */
export function diffFrames(
  base: WireGameState,
  next: WireGameState,
  baseSeq: number,
  seq: number,
  memo?: FrameDiffMemo,
): FramePatch {
  const patch: FramePatch = { seq, base: baseSeq };
  const top = diffFields(base as Fields, next as Fields, SPECIAL);
  if (top?.set) patch.set = top.set;
  if (top?.unset) patch.unset = top.unset;

  if (base.players.length === next.players.length) {
    const players = diffPlayers(base.players, next.players, memo);
    if (players) patch.players = players;
  } else (patch.set ??= {}).players = next.players;

  const log = logChange(base.log, next.log, memo);
  if (log && 'log' in log) patch.log = log.log;
  else if (log) (patch.set ??= {}).log = log.whole;
  return patch;
}

/** `target[key] = value`, never through an inherited setter (a key `__proto__` is skipped). */
function put(target: Fields, key: string, value: unknown): void {
  if (key !== '__proto__') target[key] = value;
}

function applyFields(base: Fields, set: Fields | undefined, unset: readonly string[] | undefined): Fields {
  const out: Fields = { ...base };
  if (set) for (const k in set) put(out, k, set[k]);
  if (unset) for (const k of unset) delete out[k];
  return out;
}

/**
 * Frame `base` with `patch` applied: the wire form of the frame the server would have sent whole.
 * Null when the patch does not apply to `base` (a gap: `base` is not the frame it names, or none is
 * held; or a seat it names is missing): the client then asks for a whole frame.
 */
export function applyFramePatch(base: WireFrame | null, patch: FramePatch): WireFrame | null {
  if (base === null || base.seq !== patch.base) return null;
  const out = applyFields(base as Fields, patch.set, patch.unset);
  out.seq = patch.seq;
  if (patch.players) {
    const players = base.players.slice() as Fields[];
    for (const key in patch.players) {
      const i = Number(key);
      const p = patch.players[key]!;
      if (!(i >= 0 && i < players.length)) return null;
      players[i] = applyFields(players[i]!, p.set, p.unset);
    }
    out.players = players;
  }
  if (patch.log) out.log = [...base.log.slice(patch.log.drop), ...patch.log.add];
  return out as WireFrame;
}

/**
 * A client's view of one connection's frames: the last one, whole. `full` takes a game_state,
 * `patch` a game_update; null from `patch` means a gap (the follower then holds nothing, so later
 * patches are dropped too until the whole frame asked for arrives).
 */
export class FrameFollower {
  frame: WireFrame | null = null;

  full(frame: WireGameState): WireFrame {
    // A frame without a number (none of ours) takes no patch: the next one asks for a whole frame.
    this.frame = { ...frame, seq: frame.seq ?? -1 };
    return this.frame;
  }

  patch(patch: FramePatch): WireFrame | null {
    this.frame = applyFramePatch(this.frame, patch);
    return this.frame;
  }

  reset(): void {
    this.frame = null;
  }
}
