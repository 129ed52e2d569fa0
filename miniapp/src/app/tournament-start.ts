/**
 * RULES §9: a Sit & Go starts as soon as it fills, and its players are already seated. Wherever the
 * player is in the app, `tournament_started` takes them to its table (already there, the table stays:
 * the game room is keyed by its room).
 */
import { onServerEvent } from '../api/realtime';
import { navigate } from './navigation';

/** Follows every start from now on; returns the unsubscribe. */
export function followTournamentStarts(): () => void {
  return onServerEvent('tournament_started', ({ roomId }) =>
    navigate({ name: 'gameRoom', roomId, autoSit: false }),
  );
}
