/** What happens when a hand's play is over: payouts, who stands up, the result display. */
import type { Cents } from '../money.js';
import { hand, log, ownPlayer, ownSeat, payHouse, payOut, removeSeat, sound, type Draft } from './draft.js';
import { awayTooLong } from './away-rules.js';
import { placesOfBusts } from '../tournament/places.js';
import { houseShareOf, splitEvenly } from './pots.js';
import type { SeatChangeReason } from './types.js';

/**
 * Pays a pot to its winners, listed clockwise from the dealer: the house takes its 5% (rounded down)
 * and the rest is split evenly, odd cents to the first winners. Returns the house share.
 */
export function payPot(d: Draft, amount: Cents, winnerIds: readonly string[]): Cents {
  // RULES §9: no share from a Sit & Go's pots (the house earns the fee).
  const house = d.s.tournament ? 0 : houseShareOf(amount);
  payHouse(d, house);
  const parts = splitEvenly(amount - house, winnerIds.length);
  for (let i = 0; i < winnerIds.length; i++) {
    payOut(d, winnerIds[i]!, parts[i]!, 'payout');
    log(d, 'win', winnerIds[i]!, parts[i]!);
  }
  return house;
}

/** Winners show 'win' as their last action. */
export function markWinners(d: Draft, winners: readonly string[]): void {
  const h = d.s.hand;
  if (!h || winners.length === 0) return;
  for (let i = 0; i < h.players.length; i++) {
    if (winners.includes(h.players[i]!.playerId)) ownPlayer(d, i).lastAction = 'win';
  }
}

/** The hand's seed becomes public once its play is over (RULES §7). */
export function revealSeed(d: Draft): void {
  const f = d.s.fairness;
  if (f && f.revealedSeed === null) d.s.fairness = { ...f, revealedSeed: hand(d).serverSeed };
}

/**
 * Bookkeeping when a hand's play is over (RULES §6): stands up who must go. Players still involved in
 * a pending svara keep their seat until it is decided.
 */
export function closeHand(d: Draft): void {
  standUpLeavers(d);
}

/**
 * Frees the seats of players who left, sat this hand out (balance below S), or have been away for
 * AWAY_HANDS_LIMIT hands or `awayMs`.
 */
export function standUpLeavers(d: Draft): void {
  if (d.s.tournament) {
    knockOut(d);
    return;
  }
  const sv = d.s.svara;
  // A copy: freeing a seat removes it from the (possibly already copied) seats array.
  for (const seat of [...d.s.seats]) {
    let reason: SeatChangeReason | null = null;
    if (seat.leaving) reason = 'left';
    else if (seat.sittingOut) reason = 'sat_out';
    else if (awayTooLong(d.s, seat, d.now)) reason = 'away';
    if (!reason) continue;
    if (sv && (sv.tied.includes(seat.playerId) || sv.participants.includes(seat.playerId))) continue;
    freeSeat(d, seat.playerId, reason);
  }
}

/**
 * A Sit & Go after a hand (RULES §9): players left with no chips are out, with their places (players
 * still tied in a pending svara are not out yet); when one player holds every chip they have won.
 */
function knockOut(d: Draft): void {
  const s = d.s;
  const t = s.tournament!;
  const sv = s.svara;
  const busted = s.seats.filter(
    (seat) =>
      seat.balance === 0 &&
      !(sv && (sv.tied.includes(seat.playerId) || sv.participants.includes(seat.playerId))),
  );
  const places = placesOfBusts(
    s.seats.length,
    busted.map((seat) => ({
      playerId: seat.playerId,
      chipsAtStart: t.chipsAtStart.find((c) => c.playerId === seat.playerId)?.chipsAtStart ?? 0,
    })),
  );
  // Ties keep the order of chipsAtStart (turn order: the earlier seat from the dealer first).
  const order = (id: string) => t.chipsAtStart.findIndex((c) => c.playerId === id);
  places.sort((a, b) => a.place - b.place || order(a.playerId) - order(b.playerId));
  for (const seat of busted) freeSeat(d, seat.playerId, 'out');
  const finished = sv === null && s.pot === 0 && s.seats.length === 1;
  if (finished) places.unshift({ playerId: s.seats[0]!.playerId, place: 1 });
  if (places.length === 0) return;
  s.tournament = { ...t, places: [...t.places, ...places], finished };
  d.events.push({
    type: 'tournament_places',
    tournamentId: t.id,
    handNumber: s.handNumber,
    places,
    finished,
  });
  if (finished) freeSeat(d, s.seats[0]!.playerId, 'won');
}

export function freeSeat(d: Draft, playerId: string, reason: SeatChangeReason): void {
  const seat = removeSeat(d, playerId);
  if (seat) {
    d.events.push({ type: 'seat_changed', playerId, seated: false, position: seat.position, reason });
  }
}

/** Status 'finished': the result is shown for `resultMs`, then the table waits for the next deal. */
export function showResult(d: Draft, winners: string[]): void {
  d.s.status = 'finished';
  d.s.result = { winners, until: d.now + d.s.timings.resultMs };
  if (winners.length > 0) d.s.lastWinnerId = winners[0]!;
  sound(d, 'win');
}

/** The result display is over: the table is back to 'waiting' (needsDeal tells if a hand can start). */
export function endResult(d: Draft): void {
  if (d.s.pot !== 0) throw new Error('a finished hand left money in the pot');
  d.s.status = 'waiting';
  d.s.result = null;
  d.s.hand = null;
  d.s.tax = 0;
  for (const seat of d.s.seats) if (seat.lastWin !== 0) ownSeat(d, seat.playerId).lastWin = 0;
}
