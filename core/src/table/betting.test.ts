/** RULES §2.5 blind betting and §2.6 open betting. Stake S = 100 cents ($1) unless said otherwise. */
import { describe, expect, it } from 'vitest';
import { table, withBalance } from './test-support.js';

/** a, b, c at positions 1–3 with c dealing: a acts first. */
const threeHanded = () => table({ players: ['a', 'b', 'c'] }).deal({ dealer: 3 });

describe('§2.5 blind betting', () => {
  it('turns go clockwise from the player left of the dealer', () => {
    const t = threeHanded();
    expect(t.turn).toBe('a');
    t.blind('a');
    expect(t.turn).toBe('b');
    t.blind('b');
    expect(t.turn).toBe('c');
  });

  it('blind bets double: S, then 2S, then 4S, each paid in full', () => {
    const t = threeHanded();
    expect(t.view('a').allowedActions!.blindBet).toEqual({ amount: 1 });
    t.blind('a');
    expect(t.view('b').allowedActions!.blindBet).toEqual({ amount: 2 });
    t.blind('b').blind('c');
    expect(t.transfers('blind_bet').map((e) => e.amount)).toEqual([100, 200, 400]);
    expect(t.pot).toBe(300 + 700);
    expect(t.state.hand!.lastBlind).toBe(400);
  });

  it('a blind bettor whose turn comes again may bet blind again (B doubles) or look', () => {
    const t = table({ players: ['a', 'b'] }).deal({ dealer: 2 });
    t.blind('a').blind('b');
    expect(t.turn).toBe('a');
    expect(t.view('a').allowedActions).toMatchObject({ blindBet: { amount: 4 }, look: true });
  });

  it('a player who cannot pay B may not bet blind, but may look', () => {
    const t = threeHanded();
    withBalance(t, 'b', 150);
    t.blind('a');
    expect(t.view('b').allowedActions).toMatchObject({ blindBet: null, look: true });
    expect(t.refused({ type: 'blind_bet', playerId: 'b' })).toBe('insufficientBalance');
    t.look('b');
    expect(t.status).toBe('betting');
  });

  it('there is no fold, call or raise without looking', () => {
    const t = threeHanded();
    expect(t.view('a').allowedActions).toMatchObject({ fold: false, call: null, raise: null });
    expect(t.refused({ type: 'fold', playerId: 'a' })).toBe('action_not_allowed');
    expect(t.refused({ type: 'call', playerId: 'a' })).toBe('action_not_allowed');
    expect(t.refused({ type: 'raise', playerId: 'a', amount: 200 })).toBe('action_not_allowed');
  });

  it('only the player on turn may act', () => {
    const t = threeHanded();
    expect(t.refused({ type: 'blind_bet', playerId: 'b' })).toBe('not_your_turn');
    expect(t.refused({ type: 'look', playerId: 'c' })).toBe('not_your_turn');
    expect(t.refused({ type: 'blind_bet', playerId: 'zed' })).toBe('not_seated');
  });

  it('a look ends blind betting for everyone: all see their own cards and the looker must act at once', () => {
    const t = threeHanded();
    t.blind('a').look('b');
    expect(t.status).toBe('betting');
    expect(t.turn).toBe('b');
    const v = t.view('b');
    expect(v.players.map((p) => p.hasLooked)).toEqual([true, true, true]);
    expect(v.players.find((p) => p.id === 'b')!.hasLookedAndMustAct).toBe(true);
    expect(v.allowedActions).toMatchObject({ look: false, blindBet: null, fold: true });
    expect(v.allowedActions!.call).not.toBeNull();
    for (const id of ['a', 'b', 'c'])
      expect(t.view(id).players.find((p) => p.id === id)!.cards).toHaveLength(3);
    expect(t.refused({ type: 'look', playerId: 'b' })).toBe('action_not_allowed');
  });

  it("a look starts the looker's turn clock again", () => {
    const t = threeHanded();
    t.wait(10_000).look('a');
    expect(t.view('a').deadline).toBe(t.now + 15_000);
  });

  it('a look after blind bets of 1 and 2 makes the call 4', () => {
    const t = threeHanded();
    t.blind('a').blind('b').look('c');
    expect(t.view('c').allowedActions!.call).toEqual({ amount: 4, allIn: false });
    expect(t.view('c').allowedActions!.raise!.min).toBe(8);
  });

  it('a blind bet of B counts as an open bet of 2B: after a look nobody pays to "top up"', () => {
    const t = threeHanded();
    t.blind('a').look('b').call('b').call('c');
    // a's blind 1 stands for an open bet of 2: the round ends without a acting again.
    expect(t.status).toBe('finished');
    expect(t.transfers('call').map((e) => e.amount)).toEqual([200, 200]);
  });
});

describe('§2.6 open betting', () => {
  it('with no blind bets, a look makes the call S', () => {
    const t = threeHanded();
    t.look('a');
    expect(t.view('a').allowedActions).toMatchObject({
      call: { amount: 1, allIn: false },
      raise: { min: 2 },
    });
  });

  it('call pays L; the next call costs the same', () => {
    const t = threeHanded();
    t.blind('a').look('b').call('b');
    expect(t.view('c').allowedActions!.call).toEqual({ amount: 2, allIn: false });
    t.call('c');
    expect(t.transfers('call').map((e) => e.amount)).toEqual([200, 200]);
  });

  it('a raise pays R with 2L ≤ R ≤ balance and L becomes R', () => {
    const t = threeHanded();
    t.look('a').raise('a', 250);
    expect(t.state.hand!.level).toBe(250);
    expect(t.view('b').allowedActions!.call).toEqual({ amount: 2.5, allIn: false });
    expect(t.view('b').allowedActions!.raise).toEqual({ min: 5, max: t.balance('b') / 100 });
  });

  it('a raise below 2L or above the cap is refused with invalid_amount, and changes nothing', () => {
    const t = threeHanded();
    t.look('a');
    const before = t.state;
    expect(t.refused({ type: 'raise', playerId: 'a', amount: 199 })).toBe('invalid_amount');
    expect(t.refused({ type: 'raise', playerId: 'a', amount: 10_000 + 1 })).toBe('invalid_amount');
    expect(t.refused({ type: 'raise', playerId: 'a', amount: 250.5 })).toBe('invalid_amount');
    expect(t.state).toBe(before);
  });

  it('fold leaves the hand; what the player paid stays in the pot', () => {
    const t = threeHanded();
    t.blind('a').look('b').fold('b');
    expect(t.player('b').folded).toBe(true);
    expect(t.pot).toBe(400);
    expect(t.turn).toBe('c');
    expect(t.view('c').players.find((p) => p.id === 'b')).toMatchObject({ hasFolded: true, cards: null });
  });
});
