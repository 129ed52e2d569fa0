/**
 * Checks a game frame (game_state / game_update) a client received for anything it must not see:
 * another player's cards before a showdown, its own cards before looking, a server seed before its
 * hand is over (the next hand's committed seed included), or any field outside the wire shape.
 * Every realtime test runs every frame through it.
 */
import { createHash } from 'node:crypto';
import { gameStateSchema, playerViewSchema, type GameState } from '@svara/core';

/** Statuses in which the cards of the players still in the hand may be shown to everyone. */
const REVEAL_STATUSES = new Set(['showdown', 'finished', 'svara_pending']);
/** Statuses in which a hand is being played and its seed must stay secret. */
const SECRET_STATUSES = new Set(['ante', 'blind_betting', 'betting']);

export class FrameLeak extends Error {}

function sameKeys(actual: object, allowed: object, where: string): void {
  const extra = Object.keys(actual).filter((k) => !(k in allowed));
  if (extra.length > 0) throw new FrameLeak(`${where}: unexpected fields ${extra.join(', ')}`);
}

function sha256Hex(seedHex: string): string {
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

/**
 * Throws FrameLeak when `frame`, as received by `viewerId` (null: a spectator or a socket that is
 * not seated), shows something it must not. `knownSeeds` are the server seeds handed to the
 * runtime so far (tests inject them), searched for anywhere in the frame's text.
 */
export function checkFrame(
  frame: unknown,
  viewerId: string | null,
  knownSeeds: Iterable<string> = [],
): GameState {
  const parsed = gameStateSchema.safeParse(frame);
  if (!parsed.success) throw new FrameLeak(`not a game state: ${parsed.error.message}`);
  const state = parsed.data;
  sameKeys(frame as object, gameStateSchema.shape, 'frame');
  const raw = frame as GameState;
  raw.players.forEach((p, i) => sameKeys(p, playerViewSchema.in.shape, `players[${i}]`));
  // playerSeeds: the players' own client seeds (public); the seed check below covers them too.
  // nextCommitment: the next hand's seed hash; that seed is among `knownSeeds` once committed.
  sameKeys(
    raw.fairness,
    { handNumber: 1, commitment: 1, clientSeed: 1, playerSeeds: 1, revealedSeed: 1, nextCommitment: 1 },
    'fairness',
  );

  if (state.viewerId !== viewerId) {
    throw new FrameLeak(
      `frame meant for ${state.viewerId ?? 'a spectator'} reached ${viewerId ?? 'a spectator'}`,
    );
  }

  // Cards are shown only once the hand's log records a showdown; a lone winner shows nothing.
  const showdown = REVEAL_STATUSES.has(state.status) && state.log.some((e) => e.type === 'showdown');
  for (const p of state.players) {
    if (p.cards === null) {
      if (p.score !== null) throw new FrameLeak(`score of ${p.id} shown without its cards`);
      continue;
    }
    const own = p.id === viewerId;
    const revealed = showdown && p.isActive && !p.hasFolded;
    if (own ? !(p.hasLooked || revealed) : !revealed) {
      throw new FrameLeak(`cards of ${p.id} shown to ${viewerId ?? 'a spectator'} in ${state.status}`);
    }
  }

  const { revealedSeed, commitment } = state.fairness;
  if (revealedSeed !== null) {
    if (SECRET_STATUSES.has(state.status)) throw new FrameLeak(`seed revealed during ${state.status}`);
    if (commitment !== null && sha256Hex(revealedSeed) !== commitment) {
      throw new FrameLeak('revealed seed does not match the commitment');
    }
  }
  const text = JSON.stringify({ ...state, fairness: { ...state.fairness, revealedSeed: null } });
  for (const seed of knownSeeds) {
    if (text.includes(seed)) throw new FrameLeak('a server seed appears in the frame');
  }
  return state;
}
