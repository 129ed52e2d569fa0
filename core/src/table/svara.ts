/**
 * The svara window (RULES §5): tied players take part for free unless they skip; other seated
 * players may join by paying the share. When everyone has decided or the window closes: two or more
 * participants get a svara hand (start_hand deals it), one takes the pot, none splits it among the
 * tied players.
 */
import { findSeat, log, patchSeat, payIn, type Draft } from './draft.js';
import { freeSeat, markWinners, payPot, showResult, standUpLeavers } from './hand-end.js';
import { everyoneDecided } from './svara-rules.js';
import type { Svara } from './types.js';

function svara(d: Draft): Svara {
  const sv = d.s.svara;
  if (!sv) throw new Error('no svara');
  return sv;
}

function without(list: readonly string[], id: string): string[] {
  return list.filter((x) => x !== id);
}

function withId(list: readonly string[], id: string): string[] {
  return list.includes(id) ? [...list] : [...list, id];
}

/** A tied player confirms (free); anyone else pays the share and becomes a participant. */
export function joinSvara(d: Draft, playerId: string): void {
  const sv = svara(d);
  if (sv.tied.includes(playerId)) {
    d.s.svara = { ...sv, decided: withId(sv.decided, playerId) };
    log(d, 'svara_confirm', playerId);
  } else {
    payIn(d, playerId, sv.share, 'svara_join');
    d.s.svara = {
      ...sv,
      participants: withId(sv.participants, playerId),
      decided: withId(sv.decided, playerId),
    };
    log(d, 'svara_join', playerId, sv.share);
  }
  closeIfDecided(d);
}

export function skipSvara(d: Draft, playerId: string): void {
  const sv = svara(d);
  d.s.svara = {
    ...sv,
    participants: without(sv.participants, playerId),
    decided: withId(sv.decided, playerId),
  };
  log(d, 'svara_skip', playerId);
  closeIfDecided(d);
}

/**
 * Leaving during a svara. A tied player skips and keeps the seat until the svara is decided (a
 * split pays them too); a player who joined forfeits the payment; anyone else just goes.
 */
export function leaveDuringSvara(d: Draft, playerId: string): void {
  const sv = svara(d);
  const tied = sv.tied.includes(playerId);
  if (tied || sv.participants.includes(playerId) || !sv.decided.includes(playerId)) {
    d.s.svara = {
      ...sv,
      participants: without(sv.participants, playerId),
      decided: withId(sv.decided, playerId),
    };
  }
  if (tied) patchSeat(d, playerId, { leaving: true });
  else freeSeat(d, playerId, 'left');
  log(d, 'leave', playerId);
  if (svara(d).ready) {
    if (svara(d).participants.length < 2) resolveSvara(d);
  } else closeIfDecided(d);
}

/** Closes the window early once nobody is left to decide. */
export function closeIfDecided(d: Draft): void {
  const sv = d.s.svara;
  if (sv && !sv.ready && everyoneDecided(d.s)) resolveSvara(d);
}

/** The window closes (everyone decided, or the time is up). */
export function resolveSvara(d: Draft): void {
  const sv = svara(d);
  const handNumber = d.s.handNumber;
  if (sv.participants.length >= 2) {
    d.s.svara = { ...sv, ready: true };
    // A tied player who left can no longer share a split (a svara hand follows): they go now.
    for (const id of sv.tied) {
      if (findSeat(d.s, id)?.leaving) freeSeat(d, id, 'left');
    }
    d.events.push({
      type: 'svara_resolved',
      handNumber,
      outcome: 'hand',
      participants: sv.participants,
      winners: [],
      houseShare: 0,
    });
    return;
  }
  const single = sv.participants.length === 1;
  const winners = single ? [...sv.participants] : [...sv.tied];
  const houseShare = payPot(d, d.s.pot, winners);
  d.events.push({
    type: 'svara_resolved',
    handNumber,
    outcome: single ? 'single' : 'split',
    participants: sv.participants,
    winners,
    houseShare,
  });
  d.s.svara = null;
  markWinners(d, winners);
  standUpLeavers(d);
  showResult(d, winners);
}
