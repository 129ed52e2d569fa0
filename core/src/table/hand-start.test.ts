/** RULES §2.1–§2.4: who plays, the dealer, the ante and the deal. */
import { describe, expect, it } from 'vitest';
import { fairRandomInt, shuffleDeck } from '../shuffle.js';
import { needsDeal } from './clock.js';
import { CLIENT_SEED, SEED, SEED_2, table, withBalance } from './test-support.js';

describe('§2.1 who plays', () => {
  it('a hand needs two players who can pay the ante; with one the room waits', () => {
    const t = table({ players: ['a'] });
    expect(t.status).toBe('waiting');
    expect(needsDeal(t.state)).toBe(false);
    expect(t.refused({ type: 'start_hand', serverSeed: SEED, clientSeed: CLIENT_SEED })).toBe(
      'not_enough_players',
    );
    t.sit('b', 1000);
    expect(needsDeal(t.state)).toBe(true);
  });

  it('a seated player whose balance is below S when the hand starts is not dealt in, sits out and is stood up after the hand', () => {
    const t = table({ players: ['a', 'b', 'c'] });
    withBalance(t, 'c', 99);
    t.deal({ dealer: 1 });
    expect(t.order).toEqual(['b', 'a']);
    expect(t.seat('c').sittingOut).toBe(true);
    expect(t.view('a').players.find((p) => p.id === 'c')).toMatchObject({
      isActive: false,
      isSittingOut: true,
    });
    t.look('b').fold('b');
    expect(t.status).toBe('finished');
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['a', 'b']);
    expect(t.lastEvents).toContainEqual({
      type: 'seat_changed',
      playerId: 'c',
      seated: false,
      position: 3,
      reason: 'sat_out',
    });
  });

  it('two players below S do not make a hand: needsDeal stays false', () => {
    const t = table({ players: ['a', 'b', 'c'] });
    withBalance(t, 'b', 50);
    withBalance(t, 'c', 0);
    expect(needsDeal(t.state)).toBe(false);
  });
});

describe('§2.2 dealer', () => {
  it("the table's first dealer is drawn from the hand's fair random source", () => {
    for (const seed of [SEED, SEED_2, '01'.repeat(32), 'ef'.repeat(32)]) {
      const t = table({ players: ['a', 'b', 'c', 'd'] }).start(seed);
      const drawn = fairRandomInt(seed, CLIENT_SEED, 1, 'dealer', 4);
      expect(t.state.hand!.dealerPosition).toBe(drawn + 1);
    }
  });

  it('the winner of the previous hand deals the next one', () => {
    const t = table({ players: ['a', 'b', 'c'] }).deal({ dealer: 3 });
    t.look('a').fold('a').fold('b'); // c wins
    t.timeout().start(SEED_2);
    expect(t.state.hand!.dealerPosition).toBe(3);
    const t2 = table({ players: ['a', 'b', 'c'] }).deal({ dealer: 3 });
    t2.look('a').call('a').fold('b').fold('c'); // a wins
    t2.timeout().start(SEED_2);
    expect(t2.state.hand!.dealerPosition).toBe(1);
    expect(t2.order).toEqual(['b', 'c', 'a']);
  });

  it('if the winner is gone, the next seated player clockwise from the previous dealer deals', () => {
    const t = table({ players: ['a', 'b', 'c', 'd'] }).deal({ dealer: 2 });
    t.look('c').call('c').fold('d').fold('a').fold('b'); // c wins
    t.leave('c');
    t.timeout().start(SEED_2);
    expect(t.state.hand!.dealerPosition).toBe(4);
  });
});

describe('§2.3 ante', () => {
  it('each player dealt in pays S into the pot', () => {
    const t = table({ stake: 250, players: ['a', 'b', 'c'] }).start();
    expect(t.pot).toBe(750);
    expect(t.transfers('ante').map((e) => [e.from, e.amount])).toEqual(
      t.order.map((id) => [{ kind: 'player', playerId: id }, 250]),
    );
    for (const id of ['a', 'b', 'c']) expect(t.balance(id)).toBe(25_000 - 250);
  });
});

describe('§2.4 deal', () => {
  it('three cards each, one at a time, clockwise from the player left of the dealer, from shuffleDeck', () => {
    const t = table({ players: ['a', 'b', 'c', 'd', 'e'] }).start(SEED);
    const deck = shuffleDeck(SEED, CLIENT_SEED, 1);
    const h = t.state.hand!;
    expect(h.players[0]!.position).toBe((h.dealerPosition % 5) + 1);
    h.players.forEach((p, k) => expect(p.cards).toEqual([deck[k], deck[k + 5], deck[k + 10]]));
  });

  it('the first turn is the player left of the dealer, in blind betting', () => {
    const t = table({ players: ['a', 'b', 'c'] }).deal({ dealer: 2 });
    expect(t.status).toBe('blind_betting');
    expect(t.turn).toBe('c');
  });
});
