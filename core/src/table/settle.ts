/**
 * The end of betting (RULES §2.7, §2.8, §3, §5): the last player standing takes the pot at once;
 * otherwise the live players' cards are shown and each pot layer goes to its best score. A tie in
 * the main layer leaves that layer on the table and opens a svara.
 */
import type { Cents } from '../money.js';
import { log, ownHand, ownPlayer, payOut, type Draft } from './draft.js';
import { closeHand, markWinners, payPot, revealSeed, showResult } from './hand-end.js';
import { bestOf, potLayers } from './pots.js';
import type { HandPlayer } from './types.js';

export function settle(d: Draft): void {
  const h = ownHand(d);
  let live = 0;
  for (const p of h.players) if (!p.folded) live += 1;
  const showdown = live >= 2;
  // 'showdown' is a moment, not a resting state: the result status follows within this action.
  d.s.status = 'showdown';
  h.phase = 'over';
  h.turn = -1;
  h.turnStartedAt = null;
  h.looker = -1;
  if (showdown) {
    for (let i = 0; i < h.players.length; i++) {
      if (!h.players[i]!.folded) ownPlayer(d, i).revealed = true;
    }
  }
  const players: readonly HandPlayer[] = h.players;
  if (showdown) log(d, 'showdown', null);

  const layers = potLayers(players, h.basePot);
  const winners: string[] = [];
  let houseShare: Cents = 0;
  let tied: number[] | null = null;
  for (let k = 0; k < layers.length; k++) {
    const layer = layers[k]!;
    const best = bestOf(players, layer.eligible);
    if (k === 0 && best.length >= 2) {
      tied = best;
      continue;
    }
    const only = best.length === 1 ? best[0]! : -1;
    if (only >= 0 && layer.soleContributor === only) {
      // Nobody else put money in this layer: it is the player's own money coming back, untaxed.
      payOut(d, players[only]!.playerId, layer.amount, 'refund');
      continue;
    }
    const ids: string[] = [];
    for (const i of best) ids.push(players[i]!.playerId);
    houseShare += payPot(d, layer.amount, ids);
    for (const id of ids) if (!winners.includes(id)) winners.push(id);
  }
  markWinners(d, winners);
  revealSeed(d);

  const tiedIds: string[] = [];
  if (tied !== null) for (const i of tied as number[]) tiedIds.push(players[i]!.playerId);
  d.events.push({
    type: 'hand_finished',
    handNumber: h.number,
    serverSeed: h.serverSeed,
    clientSeed: h.clientSeed,
    winners,
    houseShare,
    showdown,
    svaraPending: tiedIds.length > 0,
  });

  if (tiedIds.length > 0) {
    openSvara(d, tiedIds);
    closeHand(d);
  } else {
    closeHand(d);
    showResult(d, winners);
  }
}

/** RULES §5: the main layer stays as the svara pot; the tied players are in unless they skip. */
function openSvara(d: Draft, tied: string[]): void {
  const carried = d.s.pot;
  const share = Math.ceil(carried / tied.length);
  const deadline = d.now + d.s.timings.svaraMs;
  d.s.status = 'svara_pending';
  d.s.svara = { tied, participants: [...tied], decided: [], share, carried, deadline, ready: false };
  log(d, 'svara', null, carried);
  d.events.push({ type: 'svara_opened', handNumber: d.s.handNumber, tied, pot: carried, share, deadline });
}
