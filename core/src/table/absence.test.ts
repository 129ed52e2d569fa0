/** RULES §6: time and absence, and sitting down. S = 100 cents. */
import { describe, expect, it } from 'vitest';
import { gameDeadline, needsDeal, nextDeadline } from './clock.js';
import { SEED_2, table, withBalance, type TestTable } from './test-support.js';

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
});

/** a, b, c, d at 1–4; d deals, so a acts first. */
const fourHanded = () => table({ players: ['a', 'b', 'c', 'd'] }).deal({ dealer: 4 });
/** Plays the hand to its end without a: b looks and folds… until one is left. */
function finishWithoutA(t: TestTable): TestTable {
  while (t.status !== 'finished') {
    const id = t.turn!;
    if (t.state.hand!.phase === 'blind') t.look(id);
    else t.fold(id);
  }
  return t;
}
/** The result display ends and the next hand is dealt (d deals again when it can). */
const nextHand = (t: TestTable) => t.timeout().deal();
const seated = (t: TestTable) => t.state.seats.map((s) => s.playerId);

describe('§6 away', () => {
  it('a player whose turn timed out is away: the table shows it', () => {
    const t = fourHanded();
    t.timeout();
    expect(t.seat('a').awaySince).toBe(t.now);
    expect(t.view('b').players.find((p) => p.id === 'a')).toMatchObject({ isAway: true, hasFolded: true });
    expect(t.view('b').players.find((p) => p.id === 'b')!.isAway).toBe(false);
  });

  it('the next hands are dealt without them: no cards, no ante', () => {
    const t = fourHanded();
    t.timeout();
    finishWithoutA(t);
    const before = t.balance('a');
    nextHand(t);
    expect(t.order).not.toContain('a');
    expect(t.balance('a')).toBe(before);
    expect(t.seat('a').handsAway).toBe(1);
    expect(t.view('a').players.find((p) => p.id === 'a')).toMatchObject({ isAway: true, isActive: false });
  });

  it('a player who says they are back is dealt in from the next hand', () => {
    const t = fourHanded();
    t.timeout();
    finishWithoutA(t);
    nextHand(t);
    t.act({ type: 'back', playerId: 'a' });
    expect(t.seat('a')).toMatchObject({ awaySince: null, handsAway: 0 });
    expect(t.view('b').players.find((p) => p.id === 'a')!.isAway).toBe(false);
    expect(t.order).not.toContain('a'); // not into the hand already dealt
    finishWithoutA(t);
    nextHand(t);
    expect(t.order).toContain('a');
  });

  it('back is refused to a player who is not away, and to someone not seated', () => {
    const t = fourHanded();
    expect(t.refused({ type: 'back', playerId: 'a' })).toBe('action_not_allowed');
    expect(t.refused({ type: 'back', playerId: 'z' })).toBe('not_seated');
  });

  it('an away player is stood up after three hands dealt without them', () => {
    const t = fourHanded();
    t.timeout();
    finishWithoutA(t);
    for (let n = 1; n <= 3; n++) {
      expect(seated(t)).toContain('a');
      nextHand(t);
      expect(t.seat('a').handsAway).toBe(n);
      finishWithoutA(t);
    }
    expect(seated(t)).toEqual(['b', 'c', 'd']);
    expect(t.lastEvents).toContainEqual({
      type: 'seat_changed',
      playerId: 'a',
      seated: false,
      position: 1,
      reason: 'away',
    });
  });

  it('while away players leave fewer than two who can play, they are stood up after one minute away', () => {
    const t = table({ players: ['a', 'b'] }).deal({ dealer: 2 });
    t.timeout(); // a is away; b wins
    t.timeout(); // the result display ends: b alone cannot be dealt a hand
    expect(t.status).toBe('waiting');
    expect(needsDeal(t.state)).toBe(false);
    const since = t.seat('a').awaySince!;
    expect(nextDeadline(t.state)).toEqual({ at: since + 60_000, kind: 'away' });
    expect(gameDeadline(t.state)).toBeNull(); // the table shows no timer for it
    t.now = since + 59_999;
    expect(t.refused({ type: 'tick' })).toBe('action_not_allowed');
    t.now = since + 60_000;
    t.act({ type: 'tick' });
    expect(seated(t)).toEqual(['b']);
    expect(t.lastEvents).toEqual([
      { type: 'seat_changed', playerId: 'a', seated: false, position: 1, reason: 'away' },
    ]);
  });

  it('the minute counts from going away: a player away longer when the table stops is stood up at once', () => {
    const timings = { turnMs: 60_000 };
    const t = table({ players: ['a', 'b', 'c'], timings }).deal({ dealer: 3 });
    t.timeout(); // a away; b and c play on
    const since = t.seat('a').awaySince!;
    t.wait(90_000);
    expect(nextDeadline(t.state)!.kind).toBe('turn'); // two can still play: a keeps five minutes
    expect(t.now).toBeGreaterThan(since + 60_000);
    t.leave('c'); // c goes: b wins, and b alone cannot be dealt a hand
    t.timeout(); // the result display ends
    expect(t.status).toBe('waiting');
    expect(seated(t)).toEqual(['b']);
    expect(t.lastEvents).toContainEqual(expect.objectContaining({ playerId: 'a', reason: 'away' }));
  });

  it('with two others who can play, an away player keeps the five minutes', () => {
    const t = table({ players: ['a', 'b', 'c'] }).deal({ dealer: 3 });
    t.timeout(); // a away
    finishWithoutA(t);
    t.timeout(); // the result display ends: b and c are to be dealt the next hand
    expect(needsDeal(t.state)).toBe(true);
    expect(nextDeadline(t.state)).toEqual({ at: t.seat('a').awaySince! + 300_000, kind: 'away' });
  });

  it('five minutes also end while others play a hand; the hand goes on', () => {
    const timings = { awayMs: 20_000, turnMs: 60_000 };
    const t = table({ players: ['a', 'b', 'c'], timings }).deal({ dealer: 3 });
    t.timeout(); // a away
    finishWithoutA(t);
    nextHand(t);
    const turnEnds = gameDeadline(t.state)!.at;
    t.now = t.seat('a').awaySince! + 20_000;
    expect(t.now).toBeLessThan(turnEnds);
    t.act({ type: 'tick' }); // frees a's seat only: the turn has time left
    expect(gameDeadline(t.state)!.at).toBe(turnEnds);
    expect(seated(t)).toEqual(['b', 'c']);
    expect(t.status).toBe('blind_betting');
  });

  it('a player who is back before the time is up keeps the seat', () => {
    const t = table({ players: ['a', 'b'] }).deal({ dealer: 2 });
    t.timeout().timeout();
    t.wait(50_000).act({ type: 'back', playerId: 'a' });
    expect(nextDeadline(t.state)).toBeNull();
    expect(needsDeal(t.state)).toBe(true);
  });

  it('an away player is not offered to join a svara', () => {
    const t = table({ players: ['a', 'b', 'c'] }).deal({
      dealer: 3,
      hands: { b: 'A♥ K♥ Q♥', c: 'A♠ K♠ Q♠' }, // 31 each
    });
    t.timeout(); // a away, folded
    t.look('b').call('b').call('c');
    expect(t.status).toBe('svara_pending');
    expect(t.view('a').allowedActions).toMatchObject({ joinSvara: null, skipSvara: false });
    t.act({ type: 'back', playerId: 'a' });
    expect(t.view('a').allowedActions!.joinSvara).not.toBeNull();
  });
});

describe('§6 a balance below the ante', () => {
  const satOut = (playerId: string, position: number) => ({
    type: 'seat_changed',
    playerId,
    seated: false,
    position,
    reason: 'sat_out',
  });

  it('a player who lost everything does not hold a two-player table: stood up when the result display ends', () => {
    const t = table({ players: ['a', 'b'] });
    withBalance(t, 'b', 100); // exactly the ante: all-in at the deal
    t.deal({ dealer: 1, hands: { a: 'A♥ K♥ Q♥', b: '8♣ 9♦ J♠' } });
    expect(t.status).toBe('finished');
    expect(t.balance('b')).toBe(0);
    t.timeout();
    expect(t.status).toBe('waiting');
    expect(seated(t)).toEqual(['a']);
    expect(t.lastEvents).toContainEqual(satOut('b', 2));
    t.sit('c', 10_000, 2); // the seat is free again
    expect(needsDeal(t.state)).toBe(true);
  });

  it('a $0 player at a waiting table is stood up at once, so the seat can be taken', () => {
    const t = table({ players: ['a', 'b'] });
    withBalance(t, 'b', 0);
    expect(seated(t)).toEqual(['a']);
    expect(t.lastEvents).toContainEqual(satOut('b', 2));
  });

  it('a lone player below the ante keeps the seat until someone who can play sits down', () => {
    const t = table({ players: ['a'] });
    withBalance(t, 'a', 50);
    expect(seated(t)).toEqual(['a']);
    t.sit('b', 10_000);
    expect(seated(t)).toEqual(['b']);
    expect(t.lastEvents).toContainEqual(satOut('a', 1));
  });

  it('with two who can pay, a player below the ante sits the hand out and is stood up after it', () => {
    const t = table({ players: ['a', 'b', 'c'] });
    withBalance(t, 'c', 0);
    expect(seated(t)).toEqual(['a', 'b', 'c']);
    t.deal({ dealer: 1 });
    expect(t.seat('c').sittingOut).toBe(true);
    t.look('b').fold('b');
    expect(seated(t)).toEqual(['a', 'b']);
    expect(t.lastEvents).toContainEqual(satOut('c', 3));
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
