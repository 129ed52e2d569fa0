/** The fairness record of a hand from the table state it ended in (what the api stores of each hand). */
import type { TableState } from '../table/types.js';
import { dealHash, type HandRecordFields, type HandRecordStatus, type SeatCards } from './record.js';

/** The fields of the state's hand, or null when it holds no hand. `prevHash` is the room's previous record. */
export function handRecordFromState(
  roomId: string,
  state: TableState,
  status: HandRecordStatus,
  prevHash: string,
): HandRecordFields | null {
  const h = state.hand;
  if (!h) return null;
  const deal: SeatCards[] = h.players.map((p) => ({ position: p.position, cards: p.cards }));
  return {
    roomId,
    handNumber: h.number,
    status,
    svara: h.svara,
    commitment: h.commitment,
    serverSeed: h.serverSeed,
    clientSeed: h.clientSeed,
    playerSeeds: (h.playerSeeds ?? []).map((s) => s.seed).sort(),
    dealOrder: h.players.map((p) => p.position),
    dealHash: dealHash(deal),
    prevHash,
  };
}

/** The cards shown at the showdown (public), by seat. */
export function shownCards(state: TableState): SeatCards[] {
  const h = state.hand;
  if (!h) return [];
  return h.players.filter((p) => p.revealed).map((p) => ({ position: p.position, cards: p.cards }));
}
