/** RULES §6: time and absence, and sitting down. S = 100 cents. */
import { describe, expect, it } from 'vitest';
import { needsDeal, nextDeadline } from './clock.js';
import { SEED_2, table } from './test-support.js';

const threeHanded = () => table({ players: ['a', 'b', 'c'] }).deal({ dealer: 3 });

describe('§6 turn time-outs', () => {
  it('a turn lasts 15 s; then the server folds the player on a tick', () => {
    const t = threeHanded();
    expect(nextDeadline(t.state)).toEqual({ at: t.now + 15_000, kind: 'turn' });
    t.wait(14_999);
    expect(t.refused({ type: 'tick' })).toBe('action_not_allowed');
    t.wait(1).act({ type: 'tick' });
    expect(t.player('a')).toMatchObject({ folded: true, foldReason: 'timeout' });
    expect(t.turn).toBe('b');
    expect(nextDeadline(t.state)).toEqual({ at: t.now + 15_000, kind: 'turn' });
  });

  it('a time-out folds in blind betting too', () => {
    const t = threeHanded();
    t.blind('a').timeout();
    expect(t.player('b').folded).toBe(true);
    expect(t.status).toBe('blind_betting');
  });

  it('a player who times out in two hands in a row is stood up after the second', () => {
    const t = threeHanded();
    t.timeout(); // a times out in hand 1
    t.look('b').call('b').call('c');
    expect(t.seat('a').timedOutHands).toBe(1);
    t.timeout().deal({ dealer: 3 });
    t.timeout(); // a again, hand 2
    expect(t.seat('a')).toBeDefined();
    t.look('b').call('b').call('c');
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['b', 'c']);
    expect(t.lastEvents).toContainEqual({
      type: 'seat_changed',
      playerId: 'a',
      seated: false,
      position: 1,
      reason: 'timed_out',
    });
  });

  it('a hand played in between starts the count again', () => {
    const t = threeHanded();
    t.timeout().look('b').call('b').call('c');
    t.timeout().deal({ dealer: 3 });
    t.look('a').call('a').call('b').call('c');
    expect(t.seat('a').timedOutHands).toBe(0);
  });
});

describe('§6 leaving', () => {
  it('a player who leaves during the hand folds, and is stood up when the hand ends', () => {
    const t = threeHanded();
    t.blind('a').leave('c');
    expect(t.player('c')).toMatchObject({ folded: true, foldReason: 'leave' });
    expect(t.seat('c').leaving).toBe(true);
    expect(t.turn).toBe('b');
    t.look('b').call('b');
    expect(t.status).toBe('finished');
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['a', 'b']);
  });

  it('leaving on turn passes the turn', () => {
    const t = threeHanded();
    t.leave('a');
    expect(t.turn).toBe('b');
  });

  it('when a leave leaves one player in the hand, that player wins at once', () => {
    const t = table({ players: ['a', 'b'] }).deal({ dealer: 2 });
    t.leave('b');
    expect(t.state.result!.winners).toEqual(['a']);
  });

  it('leaving outside a hand frees the seat at once', () => {
    const t = table({ players: ['a', 'b'] });
    t.leave('b');
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['a']);
    expect(t.lastEvents).toEqual([
      { type: 'seat_changed', playerId: 'b', seated: false, position: 2, reason: 'left' },
    ]);
    expect(t.refused({ type: 'leave', playerId: 'b' })).toBe('not_seated');
  });

  it('a player who left may sit back down before the hand ends and keeps the seat', () => {
    const t = threeHanded();
    t.leave('c').sit('c', 10_000);
    t.look('a').call('a').call('b');
    expect(t.seat('c').position).toBe(3);
  });
});

describe('§6 next hand', () => {
  it('after the 4 s result display the next hand may start when two or more players can pay the ante', () => {
    const t = threeHanded();
    t.look('a').fold('a').fold('b');
    expect(needsDeal(t.state)).toBe(false);
    expect(t.refused({ type: 'start_hand', serverSeed: SEED_2, clientSeed: 'x' })).toBe('hand_in_progress');
    expect(nextDeadline(t.state)).toEqual({ at: t.now + 4000, kind: 'result' });
    t.timeout();
    expect(needsDeal(t.state)).toBe(true);
    t.start(SEED_2);
    expect(t.state.handNumber).toBe(2);
  });

  it('a hand in progress refuses start_hand', () => {
    const t = threeHanded();
    expect(t.refused({ type: 'start_hand', serverSeed: SEED_2, clientSeed: 'x' })).toBe('hand_in_progress');
  });

  it('start_hand refuses a malformed seed', () => {
    const t = table({ players: ['a', 'b'] });
    expect(t.refused({ type: 'start_hand', serverSeed: 'abc', clientSeed: 'x' })).toBe('validation_failed');
    expect(t.refused({ type: 'start_hand', serverSeed: SEED_2, clientSeed: 'a:b' })).toBe(
      'validation_failed',
    );
  });
});

describe('§6 sitting down', () => {
  it('sitting down needs a balance of at least 10 × S', () => {
    const t = table({ stake: 250, players: ['a'] });
    expect(t.refused({ type: 'sit', playerId: 'b', balance: 2499, username: null, avatar: null })).toBe(
      'insufficientBalance',
    );
    t.sit('b', 2500);
    expect(t.seat('b').position).toBe(2);
  });

  it('a seat is taken once; a player sits once; a full table has no seat', () => {
    const t = table({ players: ['a', 'b', 'c', 'd', 'e', 'f'] });
    const sit = (playerId: string, position?: number) =>
      t.refused({ type: 'sit', playerId, position, balance: 10_000, username: null, avatar: null });
    expect(sit('a', 6)).toBe('already_seated');
    expect(sit('g')).toBe('room_full');
    t.leave('c');
    expect(sit('g', 2)).toBe('seat_taken');
    expect(sit('g', 7)).toBe('validation_failed');
    t.sit('g', 10_000);
    expect(t.seat('g').position).toBe(3);
  });

  it('a player who sits down during a hand waits for the next one', () => {
    const t = threeHanded();
    t.sit('d', 10_000);
    expect(t.view('d').players.find((p) => p.id === 'd')).toMatchObject({ isActive: false, cards: null });
    expect(t.view('d').allowedActions).toMatchObject({ look: false, blindBet: null });
  });

  it('set_balance mirrors a wallet change', () => {
    const t = table({ players: ['a', 'b'] });
    t.act({ type: 'set_balance', playerId: 'a', balance: 123_456 });
    expect(t.balance('a')).toBe(123_456);
    expect(t.refused({ type: 'set_balance', playerId: 'a', balance: -1 })).toBe('invalid_amount');
    expect(t.refused({ type: 'set_balance', playerId: 'z', balance: 1 })).toBe('not_seated');
  });
});
