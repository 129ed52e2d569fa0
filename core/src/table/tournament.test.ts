/** A Sit & Go's table (RULES §9) played through the reducer: antes, absence, places and the end. */
import { describe, expect, it } from 'vitest';
import { decideHouseMove } from '../bots/house-strategy.js';
import { randomSeedHex } from './tournament-test-seeds.js';
import { applyAction } from './apply.js';
import { needsDeal, nextDeadline } from './clock.js';
import { createTable } from './create.js';
import { mulberry32 } from './test-support.js';
import type { TableAction, TableEvent, TableState } from './types.js';
import { viewFor } from './view.js';

const CHIP = 100;

function sitAndGo(size: number): TableState {
  let s = createTable({
    roomId: 'sng',
    stake: 10 * CHIP,
    tournament: {
      id: 't1',
      size,
      startingAnte: 10 * CHIP,
      handsPerLevel: 10,
      prizes: [390, 210],
      prizeCurrency: 'usd',
    },
  });
  for (let i = 1; i <= size; i++)
    s = must(
      s,
      { type: 'sit', playerId: `p${i}`, position: i, balance: 1500 * CHIP, username: null, avatar: null },
      0,
    ).state;
  return s;
}

function must(s: TableState, action: TableAction, now: number) {
  const r = applyAction(s, action, now);
  if (!r.ok) throw new Error(`${action.type}: ${r.error.code} ${r.error.detail ?? ''}`);
  return r;
}

type Run = { state: TableState; events: TableEvent[]; deals: number; antes: number[] };

/** Plays until the end: every player moves at random, except `idle` players, who never act. */
function play(size: number, seed: number, idle: ReadonlySet<string> = new Set()): Run {
  const random = mulberry32(seed);
  let s = sitAndGo(size);
  const events: TableEvent[] = [];
  const antes: number[] = [];
  let now = 1_000;
  let deals = 0;
  for (let step = 0; step < 200_000 && !s.tournament!.finished; step++) {
    let r;
    if (needsDeal(s)) {
      r = must(s, { type: 'start_hand', serverSeed: randomSeedHex(random), clientSeed: 'c' }, now);
      deals += 1;
    } else {
      const h = s.hand;
      const onTurn =
        h && (s.status === 'blind_betting' || s.status === 'betting') && h.turn >= 0
          ? h.players[h.turn]!.playerId
          : null;
      const decision = onTurn && !idle.has(onTurn) ? decideHouseMove(viewFor(s, onTurn, now), random) : null;
      if (decision) {
        const m = decision.move;
        r = must(
          s,
          m.type === 'raise'
            ? { type: 'raise', playerId: onTurn!, amount: m.amount }
            : { type: m.type, playerId: onTurn! },
          now,
        );
      } else {
        const next = nextDeadline(s);
        if (!next) throw new Error(`stuck in ${s.status}`);
        now = Math.max(now, next.at);
        r = must(s, { type: 'tick' }, now);
      }
    }
    if (r.events.some((e) => e.type === 'hand_started' && !e.svara)) antes.push(r.state.stake);
    events.push(...r.events);
    const chips = r.state.seats.reduce((sum, seat) => sum + seat.balance, 0) + r.state.pot;
    if (!r.state.tournament!.finished) expect(chips).toBe(size * 1500 * CHIP);
    expect(r.state.houseTotal).toBe(0);
    s = r.state;
    now += 10;
  }
  return { state: s, events, deals, antes };
}

describe('a Sit & Go table (RULES §9)', () => {
  it('plays to one winner: every player gets a distinct place or shares one, and nobody pays the house', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { state, events } = play(6, seed);
      const t = state.tournament!;
      expect(t.finished).toBe(true);
      expect(t.places).toHaveLength(6);
      expect(t.places.filter((p) => p.place === 1)).toHaveLength(1);
      expect(new Set(t.places.map((p) => p.playerId)).size).toBe(6);
      expect(state.seats).toEqual([]);
      const won = events.filter((e) => e.type === 'seat_changed' && e.reason === 'won');
      expect(won).toHaveLength(1);
      expect(events.some((e) => e.type === 'transfer' && e.to.kind === 'house')).toBe(false);
    }
  });

  it('raises the ante every 10 hands: 10, 20, 40, …', () => {
    const { antes } = play(6, 11);
    antes.forEach((ante, i) => expect(ante).toBe(10 * CHIP * 2 ** Math.floor(i / 10)));
  });

  it('deals an idle player in until the antes and time-outs blind them out, never standing them up', () => {
    const { state, events } = play(3, 7, new Set(['p2']));
    const outs = events.filter((e) => e.type === 'seat_changed' && !e.seated);
    expect(outs.map((e) => e.type === 'seat_changed' && e.reason)).not.toContain('away');
    expect(outs.find((e) => e.type === 'seat_changed' && e.playerId === 'p2')).toMatchObject({
      reason: 'out',
    });
    expect(state.tournament!.places.find((p) => p.playerId === 'p2')!.place).toBeGreaterThan(1);
  });

  it('lets a player who cannot pay the whole ante go all-in for it', () => {
    let s = sitAndGo(3);
    s = {
      ...s,
      seats: s.seats.map((seat) => (seat.playerId === 'p1' ? { ...seat, balance: 4 * CHIP } : seat)),
    };
    const r = must(s, { type: 'start_hand', serverSeed: 'ab'.repeat(32), clientSeed: 'c' }, 0);
    const p1 = r.state.hand!.players.find((p) => p.playerId === 'p1')!;
    expect(p1).toMatchObject({ paid: 4 * CHIP, allIn: true });
    expect(r.state.pot).toBe(24 * CHIP);
  });

  it('keeps the seat of a player who leaves the room: they are away', () => {
    const r = must(sitAndGo(3), { type: 'leave', playerId: 'p3' }, 5);
    expect(r.state.seats.find((seat) => seat.playerId === 'p3')!.awaySince).toBe(5);
    expect(needsDeal(r.state)).toBe(true);
  });

  it('shows the level and the hands to the next one in the frame', () => {
    const frame = viewFor(sitAndGo(6), 'p1', 0);
    expect(frame.tournament).toMatchObject({
      level: 1,
      ante: 10,
      nextAnte: 20,
      handsToNextLevel: 10,
      playersLeft: 6,
    });
    expect(frame.currency).toBe('chips');
    expect(frame.taxPercent).toBe(0);
  });
});
