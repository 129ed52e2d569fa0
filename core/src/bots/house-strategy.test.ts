import { describe, expect, it } from 'vitest';
import { needsDeal, nextDeadline } from '../table/clock.js';
import { legalMoves, NO_MOVES } from '../table/moves.js';
import { createTable } from '../table/create.js';
import { mulberry32, table, TestTable, withBalance } from '../table/test-support.js';
import type { TableAction } from '../table/types.js';
import { viewFor } from '../table/view.js';
import { housePlayersOf, isHousePlayerId } from './house-names.js';
import { decideHouseMove, THINK_MS, type HouseDecision, type Random } from './house-strategy.js';

/** A source that always answers `value`: below every chance at 0, above every chance at 0.99. */
const always =
  (value: number): Random =>
  () =>
    value;

const decide = (t: TestTable, id: string, random: Random) => decideHouseMove(t.view(id), random);

function asAction(id: string, d: HouseDecision): TableAction {
  return d.move.type === 'raise'
    ? { type: 'raise', playerId: id, amount: d.move.amount }
    : { type: d.move.type, playerId: id };
}

/** Three players at stake $1 with $100 each, dealt with `hands`, dealer at seat 3 (a acts first). */
function dealt(hands: Record<string, string>) {
  return table({ players: ['a', 'b', 'c'] }).deal({ dealer: 3, hands });
}

describe('a house player decides from its seat view alone', () => {
  it('has no move when it is not its turn, or as a spectator', () => {
    const t = dealt({});
    expect(decide(t, 'b', always(0))).toBeNull();
    expect(decideHouseMove(t.view(null), always(0))).toBeNull();
  });

  it('decides the same whatever the cards it cannot see', () => {
    const one = dealt({ a: '8h 9s Jd', b: 'Ah Ad As', c: '7s 8s 9d' });
    const two = dealt({ a: '8h 9s Jd', b: '7d 8d 9c', c: 'Kh Qd 10s' });
    for (const value of [0, 0.3, 0.6, 0.99]) {
      expect(decide(one, 'a', always(value))).toEqual(decide(two, 'a', always(value)));
    }
  });

  it('pauses like a person: between 0.8 s and 3 s before every move', () => {
    const random = mulberry32(7);
    for (let i = 0; i < 200; i++) {
      const d = decide(dealt({}), 'a', random)!;
      expect(d.thinkMs).toBeGreaterThanOrEqual(THINK_MS.min);
      expect(d.thinkMs).toBeLessThanOrEqual(THINK_MS.max);
    }
  });
});

describe('blind betting (RULES §2.5)', () => {
  it('bets blind sometimes while the bet is a small part of its stack', () => {
    expect(decide(dealt({}), 'a', always(0))!.move).toEqual({ type: 'blind_bet' });
    expect(decide(dealt({}), 'a', always(0.99))!.move).toEqual({ type: 'look' });
  });

  it('looks when the blind bet would be a large part of its stack', () => {
    const t = withBalance(table({ players: ['a', 'b', 'c'] }), 'a', 900).deal({ dealer: 3 });
    expect(decide(t, 'a', always(0))!.move).toEqual({ type: 'look' });
  });
});

describe('open betting (RULES §2.6, §3)', () => {
  it('raises a strong hand, within the range its view offers', () => {
    const t = dealt({ a: 'Ah Ad As' }).look('a');
    const d = decide(t, 'a', always(0))!;
    expect(d.move.type).toBe('raise');
    const range = t.view('a').allowedActions!.raise!;
    const amount = (d.move as { amount: number }).amount;
    expect(amount).toBeGreaterThanOrEqual(range.min * 100);
    expect(amount).toBeLessThanOrEqual(range.max * 100);
  });

  it('calls a strong hand when it does not raise', () => {
    const t = dealt({ a: 'Ah Ad As' }).look('a');
    expect(decide(t, 'a', always(0.99))!.move).toEqual({ type: 'call' });
  });

  it('folds a weak hand that a raise makes expensive', () => {
    const t = dealt({ a: '8h 9s Jd', b: 'Kh Kd Ks' }).look('a').call('a').raise('b', 1_000);
    t.call('c');
    expect(t.turn).toBe('a');
    expect(decide(t, 'a', always(0.99))!.move).toEqual({ type: 'fold' });
  });

  it('calls what costs no more than the ante with a weak hand', () => {
    const t = dealt({ a: '8h 9s Jd' }).look('a');
    expect(decide(t, 'a', always(0.99))!.move).toEqual({ type: 'call' });
  });
});

describe('svara (RULES §5)', () => {
  /** a and b tie at 33 and c folded: a svara is pending. */
  function tied() {
    const t = dealt({ a: 'Ah Ad 9h', b: 'As Ac 9s', c: '8h 9d 10c' }).look('a').call('a').call('b').fold('c');
    expect(t.status).toBe('svara_pending');
    return t;
  }

  it('a tied player always takes part: it costs nothing', () => {
    expect(decide(tied(), 'a', always(0.99))!.move).toEqual({ type: 'join_svara' });
  });

  it('another player skips a share it cannot afford and sometimes joins one it can', () => {
    const t = tied();
    const share = t.view('c').allowedActions!.joinSvara!.amount;
    expect(share).toBeGreaterThan(0);
    expect(decide(t, 'c', always(0))!.move).toEqual({ type: 'join_svara' });
    expect(decide(t, 'c', always(0.99))!.move).toEqual({ type: 'skip_svara' });
  });
});

describe('six house players play 10,000 hands', () => {
  it('make only legal moves, finish every hand, and keep every cent at the table', () => {
    const random = mulberry32(2026);
    const ids = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
    const t = table({ stake: 10, players: ids.map((id) => ({ id, balance: 10_000 })) });
    let satIn = t.money;
    let hands = 0;
    let moves = 0;
    const hex = () =>
      Math.floor(random() * 256)
        .toString(16)
        .padStart(2, '0');
    const seed = () => Array.from({ length: 32 }, hex).join('');

    while (hands < 10_000) {
      // A house player stood up for a short stack sits down again with a fresh stack.
      if (t.status === 'waiting') {
        for (const id of ids) {
          if (t.state.seats.some((s) => s.playerId === id)) continue;
          t.sit(id, 10_000);
          satIn += 10_000;
        }
      }
      if (needsDeal(t.state)) {
        t.act({ type: 'start_hand', serverSeed: seed(), clientSeed: 'house' });
        hands++;
        continue;
      }
      const actor = t.state.seats.find((s) => legalMoves(t.state, s.playerId) !== NO_MOVES);
      const decision = actor ? decideHouseMove(viewFor(t.state, actor.playerId, t.now), random) : null;
      if (actor && decision) {
        const r = t.try(asAction(actor.playerId, decision));
        if (!r.ok) throw new Error(`${actor.playerId} ${JSON.stringify(decision.move)}: ${r.error.code}`);
        moves++;
        continue;
      }
      const next = nextDeadline(t.state);
      if (!next) throw new Error(`stuck in ${t.status}`);
      t.now = Math.max(t.now, next.at);
      t.act({ type: 'tick' });
    }

    // Nobody timed out: every turn was played by a decision.
    expect(t.events.some((e) => e.type === 'seat_changed' && e.reason === 'away')).toBe(false);
    expect(moves).toBeGreaterThan(hands * 3);
    // Replaying the transfers gives every seated balance, the pot and the house's total exactly.
    const shadow = new Map<string, number>();
    let pot = 0;
    let house = 0;
    const move = (
      party: (typeof t.events)[number] & { type: 'transfer' },
      sign: number,
      side: 'from' | 'to',
    ) => {
      const p = party[side];
      if (p.kind === 'pot') pot += sign * party.amount;
      else if (p.kind === 'house') house += sign * party.amount;
      else shadow.set(p.playerId, (shadow.get(p.playerId) ?? 0) + sign * party.amount);
    };
    for (const e of t.transfers()) {
      move(e, -1, 'from');
      move(e, +1, 'to');
    }
    expect(t.state.pot).toBe(pot);
    expect(t.state.houseTotal).toBe(house);
    const leftWith = satIn - t.money;
    expect(leftWith).toBeGreaterThanOrEqual(0);
    expect(house).toBeGreaterThan(0);
    for (const seat of t.state.seats) expect(shadow.has(seat.playerId)).toBe(true);
  }, 60_000);
});

describe('house players are told apart by their ids', () => {
  it('a practice table seats five of its own, with five different names', () => {
    const one = housePlayersOf(1);
    const two = housePlayersOf(2);
    expect(one.map((p) => p.id)).toEqual(['-9', '-10', '-11', '-12', '-13']);
    expect(new Set(one.map((p) => p.name)).size).toBe(5);
    expect(one.some((p) => two.some((q) => q.id === p.id))).toBe(false);
    expect(one.every((p) => isHousePlayerId(p.id))).toBe(true);
  });

  it('no Telegram id looks like a house player', () => {
    for (const id of ['1', '1001', '7000000000', '0', '-0', 'house', ''])
      expect(isHousePlayerId(id)).toBe(false);
  });
});

describe('a practice table keeps what makes it one through every move', () => {
  it('its currency and its house seats survive the reducer', () => {
    const t = new TestTable(createTable({ roomId: 'room-p', stake: 1_000, currency: 'chips' }));
    t.act({ type: 'sit', playerId: '5', balance: 1_000_000, username: 'p', avatar: null });
    t.act({ type: 'sit', playerId: '-9', balance: 1_000_000, username: 'Bella', avatar: null, house: true });
    t.start();
    expect(t.state.currency).toBe('chips');
    expect(t.state.seats.find((s) => s.playerId === '-9')?.house).toBe(true);
    expect(t.view('5').currency).toBe('chips');
    expect(t.view('5').players.find((p) => p.id === '-9')?.isHouse).toBe(true);
  });

  it('a dollar table refuses a house seat', () => {
    const t = new TestTable(createTable({ roomId: 'room-d', stake: 100 }));
    expect(
      t.refused({
        type: 'sit',
        playerId: '-9',
        balance: 10_000,
        username: 'Bella',
        avatar: null,
        house: true,
      }),
    ).toBe('forbidden');
  });
});
