/** A new, empty table. */
import { isCents } from '../money.js';
import { MAX_PLAYERS, TIMINGS } from '../protocol/constants.js';
import type { TableConfig, TableState, TableTimings } from './types.js';

export const DEFAULT_TIMINGS: TableTimings = Object.freeze({
  turnMs: TIMINGS.turnMs,
  svaraMs: TIMINGS.svaraDecisionMs,
  resultMs: TIMINGS.resultDisplayMs,
  awayMs: TIMINGS.awayMs,
});

/** Throws RangeError for a stake that is not a positive amount of cents or a bad seat count. */
export function createTable(config: TableConfig): TableState {
  const maxSeats = config.maxSeats ?? MAX_PLAYERS;
  if (!isCents(config.stake) || config.stake <= 0) throw new RangeError('the stake must be positive cents');
  if (!Number.isInteger(maxSeats) || maxSeats < 2 || maxSeats > MAX_PLAYERS) {
    throw new RangeError(`a table has 2 to ${MAX_PLAYERS} seats`);
  }
  return {
    roomId: config.roomId,
    stake: config.stake,
    maxSeats,
    timings: {
      turnMs: config.timings?.turnMs ?? DEFAULT_TIMINGS.turnMs,
      svaraMs: config.timings?.svaraMs ?? DEFAULT_TIMINGS.svaraMs,
      resultMs: config.timings?.resultMs ?? DEFAULT_TIMINGS.resultMs,
      awayMs: config.timings?.awayMs ?? DEFAULT_TIMINGS.awayMs,
    },
    status: 'waiting',
    seats: [],
    handNumber: 0,
    seq: 0,
    pot: 0,
    houseTotal: 0,
    tax: 0,
    dealerPosition: null,
    lastWinnerId: null,
    hand: null,
    svara: null,
    result: null,
    fairness: null,
    nextCommitment: null,
    ...(config.currency === 'chips' || config.tournament ? { currency: 'chips' as const } : {}),
    ...(config.tournament
      ? {
          tournament: {
            ...config.tournament,
            handsDealt: 0,
            chipsAtStart: [],
            places: [],
            finished: false,
          },
        }
      : {}),
  };
}
