/**
 * Time in the table is data: the runtime asks nextDeadline, sets a timer, and dispatches
 * {type:'tick'} at that moment with `now`. It asks needsDeal after every action and dispatches
 * start_hand with a fresh seed when it is true.
 */
import { awayDeadline, markAway, standUpAwayTooLong } from './absence.js';
import { hand, type Draft } from './draft.js';
import { endResult } from './hand-end.js';
import { resolveSvara } from './svara.js';
import { playersAbleToPlay } from './start-hand.js';
import { advance, foldPlayer } from './turns.js';
import type { Deadline, TableError, TableState } from './types.js';

/**
 * The next moment the runtime must tick: the game's timer (gameDeadline) or an away player's five
 * minutes running out, whichever comes first.
 */
export function nextDeadline(state: TableState): Deadline | null {
  const game = gameDeadline(state);
  const away = awayDeadline(state);
  if (!away) return game;
  return game && game.at <= away.at ? game : away;
}

/** The table's timer shown to players: a turn, the svara window or the result display. */
export function gameDeadline(state: TableState): Deadline | null {
  const h = state.hand;
  switch (state.status) {
    case 'blind_betting':
    case 'betting':
      if (h && h.turn >= 0 && h.turnStartedAt !== null) {
        return { at: h.turnStartedAt + state.timings.turnMs, kind: 'turn' };
      }
      return null;
    case 'svara_pending':
      return state.svara && !state.svara.ready ? { at: state.svara.deadline, kind: 'svara' } : null;
    case 'finished':
      return state.result ? { at: state.result.until, kind: 'result' } : null;
    default:
      return null;
  }
}

/** The runtime must dispatch start_hand now (no result display running, no hand in play). */
export function needsDeal(state: TableState): boolean {
  if (state.status === 'waiting') return playersAbleToPlay(state).length >= 2;
  return state.status === 'svara_pending' && state.svara !== null && state.svara.ready;
}

/**
 * The clock reached the deadline: turn time-out (a fold, and the player is away), svara window
 * closed, or result over; then away players whose time is up are stood up.
 */
export function tick(d: Draft): TableError | null {
  const next = nextDeadline(d.s);
  if (!next) return { code: 'action_not_allowed', detail: 'no deadline is running' };
  if (d.now < next.at) return { code: 'action_not_allowed', detail: 'the deadline has not come yet' };
  const deadline = gameDeadline(d.s);
  if (deadline && d.now >= deadline.at) gameTimerOver(d, deadline);
  standUpAwayTooLong(d);
  return null;
}

function gameTimerOver(d: Draft, deadline: Deadline): void {
  switch (deadline.kind) {
    case 'turn': {
      const i = hand(d).turn;
      markAway(d, hand(d).players[i]!.playerId);
      foldPlayer(d, i, 'timeout');
      advance(d, i);
      break;
    }
    case 'svara':
      resolveSvara(d);
      break;
    case 'result':
      endResult(d);
      break;
  }
}
