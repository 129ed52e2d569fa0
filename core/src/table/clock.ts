/**
 * Time in the table is data: the runtime asks nextDeadline, sets a timer, and dispatches
 * {type:'tick'} at that moment with `now`. It asks needsDeal after every action and dispatches
 * start_hand with a fresh seed when it is true.
 */
import { hand, type Draft } from './draft.js';
import { endResult } from './hand-end.js';
import { resolveSvara } from './svara.js';
import { playersAbleToPlay } from './start-hand.js';
import { advance, foldPlayer } from './turns.js';
import type { Deadline, TableError, TableState } from './types.js';

export function nextDeadline(state: TableState): Deadline | null {
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

/** The clock reached the deadline: turn time-out (a fold), svara window closed, or result over. */
export function tick(d: Draft): TableError | null {
  const deadline = nextDeadline(d.s);
  if (!deadline) return { code: 'action_not_allowed', detail: 'no deadline is running' };
  if (d.now < deadline.at) return { code: 'action_not_allowed', detail: 'the deadline has not come yet' };
  switch (deadline.kind) {
    case 'turn': {
      const i = hand(d).turn;
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
  return null;
}
