/**
 * Who the runtime stands up between hands, and what each is told: protection's players with their
 * reason, a suspended player as suspended (even when protection flagged them too), and nobody who
 * already left the table.
 */
import { applyAction, createTable, type StoodUpCode, type TableState } from '@svara/core';
import { describe, expect, it } from 'vitest';
import { flagStandUps, takeStandUps } from './stand-ups.js';
import type { Table } from './table-types.js';

function tableWith(players: string[]): Table {
  let state: TableState = createTable({ roomId: 'r', stake: 100 });
  players.forEach((playerId, i) => {
    const sat = applyAction(
      state,
      { type: 'sit', playerId, position: i + 1, balance: 5_000, username: null, avatar: null },
      0,
    );
    if (!sat.ok) throw new Error(sat.error.code);
    state = sat.state;
  });
  return { state, suspended: new Set(), blocked: new Map() } as unknown as Table;
}

describe('stand-ups between hands', () => {
  it('flags what suspension and protection say of the seated players, and takes each once', async () => {
    const table = tableWith(['1', '2', '3', '4']);
    const flagged = await flagStandUps(table, {
      suspension: { suspendedAmong: async () => ['2', '4'], isSuspended: async () => false },
      protection: {
        blockedAmong: async () =>
          new Map<string, StoodUpCode>([
            ['1', 'loss_limit_reached'],
            ['2', 'self_excluded'],
          ]),
        seatChanged: () => undefined,
      },
    });
    expect(flagged).toBe(true);
    expect(takeStandUps(table)).toEqual([
      { userId: '1', code: 'loss_limit_reached' },
      { userId: '2', code: 'account_suspended' },
      { userId: '4', code: 'account_suspended' },
    ]);
    expect(takeStandUps(table)).toEqual([]);
  });

  it('asks protection once for both when it answers for suspension too (one statement a deal)', async () => {
    const table = tableWith(['1', '2', '3']);
    const asked: string[] = [];
    const flagged = await flagStandUps(table, {
      suspension: {
        suspendedAmong: async () => (asked.push('suspension'), []),
        isSuspended: async () => false,
      },
      protection: {
        blockedAmong: async () => (asked.push('protection'), new Map<string, StoodUpCode>()),
        standUpsAmong: async (ids) => {
          asked.push(`both: ${ids.join(',')}`);
          return {
            blocked: new Map<string, StoodUpCode>([['3', 'session_limit_reached']]),
            suspended: ['1', '3'],
          };
        },
        seatChanged: () => undefined,
      },
    });
    expect(asked).toEqual(['both: 1,2,3']);
    expect(flagged).toBe(true);
    expect(takeStandUps(table)).toEqual([
      { userId: '1', code: 'account_suspended' },
      { userId: '3', code: 'account_suspended' },
    ]);
  });

  it('leaves out players no longer seated, and asks nothing of an empty table', async () => {
    const table = tableWith(['1']);
    table.blocked.set('9', 'session_limit_reached');
    table.suspended.add('8');
    expect(takeStandUps(table)).toEqual([]);
    const empty = tableWith([]);
    let asked = false;
    const flagged = await flagStandUps(empty, {
      suspension: {
        suspendedAmong: async () => ((asked = true), []),
        isSuspended: async () => false,
      },
    });
    expect(flagged).toBe(false);
    expect(asked).toBe(false);
  });
});
