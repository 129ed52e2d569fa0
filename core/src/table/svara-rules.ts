/** Who may take part in an open svara, and when everyone has decided (RULES §5). */
import { isAway } from './away-rules.js';
import type { Seat, TableState } from './types.js';

/** A seated player who did not tie may join by paying the share, unless they are away or on their way out. */
export function canJoinSvara(s: TableState, seat: Seat): boolean {
  const sv = s.svara;
  if (!sv || sv.tied.includes(seat.playerId)) return false;
  return !seat.leaving && !seat.sittingOut && !isAway(seat) && seat.balance >= sv.share;
}

/** Every tied player and every player who could join has made a final decision. */
export function everyoneDecided(s: TableState): boolean {
  const sv = s.svara;
  if (!sv) return true;
  for (const id of sv.tied) if (!sv.decided.includes(id)) return false;
  for (const seat of s.seats) {
    if (!sv.decided.includes(seat.playerId) && canJoinSvara(s, seat)) return false;
  }
  return true;
}
