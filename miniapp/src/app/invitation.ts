/**
 * An invitation the player could not take up yet for lack of balance (a `join_…` start link): the
 * deposit page says which table it is, its stake and the balance a seat needs, and leads back to the
 * table once the balance is there.
 */
import { createStore } from './store';

export type PendingInvitation = {
  roomId: string;
  /** The table's stake in dollars, or null when the room could not be read. */
  stake: number | null;
};

export const pendingInvitation = createStore<PendingInvitation | null>(null);
