/** RULES §3: short stacks, the raise cap and hasRaiseMax, side pots. S = 100 cents. */
import { describe, expect, it } from 'vitest';
import { table, withBalance, type TestTable } from './test-support.js';

const payouts = (t: TestTable) =>
  t.transfers('payout').map((e) => [(e.to as { playerId: string }).playerId, e.amount]);

/** a, b, c at 1–3, c deals (a acts first), with the given balances before the ante. */
function threeHanded(balances: Record<string, number>, hands?: Record<string, string>) {
  const t = table({ players: ['a', 'b', 'c'] });
  for (const [id, balance] of Object.entries(balances)) withBalance(t, id, balance);
  return t.deal({ dealer: 3, hands });
}

describe('§3 short stacks', () => {
  it('a player who cannot pay L calls all-in for their whole balance and takes no further action', () => {
    const t = threeHanded({ c: 250 });
    t.look('a').call('a').raise('b', 300);
    expect(t.view('c').allowedActions).toMatchObject({ call: { amount: 1.5, allIn: true }, raise: null });
    t.call('c');
    expect(t.player('c')).toMatchObject({ allIn: true, lastAction: 'all_in', paid: 250 });
    expect(t.balance('c')).toBe(0);
    t.raise('a', 600);
    expect(t.turn).toBe('b'); // c is skipped
    t.call('b');
    expect(t.status).toBe('finished');
    expect(
      t.events.filter((e) => e.type === 'transfer' && e.from.kind === 'player' && e.from.playerId === 'c'),
    ).toHaveLength(2);
  });

  it('a short call does not lower the level L', () => {
    const t = threeHanded({ b: 150 });
    t.look('a').raise('a', 400).call('b');
    expect(t.state.hand!.level).toBe(400);
    expect(t.view('c').allowedActions!.call).toEqual({ amount: 4, allIn: false });
  });

  it('a player left with nothing after the ante is all-in and takes no turn', () => {
    const t = threeHanded({ a: 100 });
    expect(t.player('a').allIn).toBe(true);
    expect(t.turn).toBe('b');
  });

  it('when only one player can still act and nobody has bet, betting is over at once', () => {
    const t = table({ players: ['a', 'b'] });
    withBalance(t, 'a', 100);
    t.deal({ dealer: 2, hands: { a: 'A♥ K♥ Q♥', b: '8♣ 9♦ J♠' } });
    expect(t.status).toBe('finished');
    expect(t.state.result!.winners).toEqual(['a']);
  });
});

describe('§3 raise cap and hasRaiseMax', () => {
  it('a raise is capped at the largest balance any other player still in the hand can put in', () => {
    const t = threeHanded({ b: 1000, c: 2000 });
    t.look('a');
    expect(t.view('a').allowedActions!.raise).toEqual({ min: 2, max: 19 });
    expect(t.refused({ type: 'raise', playerId: 'a', amount: 1901 })).toBe('invalid_amount');
  });

  it('a raise that reaches the cap sets hasRaiseMax: nobody may raise again, others call or fold', () => {
    const t = threeHanded({ b: 1000, c: 2000 });
    t.look('a').raise('a', 1900);
    expect(t.state.hand!.hasRaiseMax).toBe(true);
    expect(t.view('b').hasRaiseMax).toBe(true);
    expect(t.view('b').allowedActions).toMatchObject({
      raise: null,
      call: { amount: 9, allIn: true },
      fold: true,
    });
    expect(t.refused({ type: 'raise', playerId: 'b', amount: 900 })).toBe('action_not_allowed');
    t.call('b');
    expect(t.view('c').allowedActions).toMatchObject({ raise: null, call: { amount: 19, allIn: true } });
  });

  it("a raise of the raiser's whole balance sets hasRaiseMax", () => {
    const t = threeHanded({ b: 1000 });
    t.look('a').call('a');
    expect(t.view('b').allowedActions!.raise).toEqual({ min: 2, max: 9 });
    t.raise('b', 900);
    expect(t.state.hand!.hasRaiseMax).toBe(true);
    expect(t.player('b').allIn).toBe(true);
    expect(t.view('c').allowedActions!.raise).toBeNull();
  });

  it('a raise below the cap leaves raising open', () => {
    const t = threeHanded({});
    t.look('a').raise('a', 1000);
    expect(t.state.hand!.hasRaiseMax).toBe(false);
    expect(t.view('b').allowedActions!.raise).toEqual({ min: 20, max: 99 });
  });

  it('with nobody else able to answer, there is no raise', () => {
    const t = threeHanded({ b: 150, c: 150 });
    t.look('a').call('a').call('b'); // b all-in (50)
    t.call('c'); // c all-in (50)
    expect(t.status).toBe('finished');
  });
});

describe('§3 side pots', () => {
  const hands = { a: 'A♥ K♥ Q♥', b: 'A♠ K♠ 8♦', c: '8♣ 9♦ J♠' }; // 31, 21, 10

  it('each layer goes to the best score among the players who paid into it', () => {
    const t = threeHanded({ a: 300 }, hands);
    t.look('a').call('a').raise('b', 400).call('c').call('a'); // a all-in for 100 more
    expect(t.status).toBe('finished');
    // paid: a 300, b 500, c 500. Main layer 3 × 300 = 900 → a; side layer 2 × 200 = 400 → b.
    expect(t.transfers('house_share').map((e) => e.amount)).toEqual([45, 20]);
    expect(payouts(t)).toEqual([
      ['a', 855],
      ['b', 380],
    ]);
    expect(t.state.result!.winners).toEqual(['a', 'b']);
    expect(t.pot).toBe(0);
  });

  it('a tie in a side layer splits it; the odd cent goes to the first tied player clockwise from the dealer', () => {
    const t = threeHanded({ a: 300 }, { ...hands, c: 'A♣ K♣ 9♦' }); // c 21 ties with b
    t.look('a').call('a').raise('b', 310).call('c').call('a');
    // Side layer 2 × 110 = 220, tax 11, 209 split: b (left of dealer c... first clockwise) 105, c 104.
    expect(payouts(t)).toEqual([
      ['a', 855],
      ['b', 105],
      ['c', 104],
    ]);
    expect(t.status).toBe('finished');
  });

  it("a folded player's money stays in the layers but wins none; an all-in player who loses gets nothing", () => {
    const t = threeHanded({ a: 300 }, { a: '8♣ 9♦ J♠', b: 'A♠ K♠ 8♦', c: 'A♥ K♥ Q♥' });
    t.look('a').call('a').raise('b', 400).raise('c', 800).call('a').fold('b');
    // paid: a 300 (all-in), b 500 (folded), c 900. Main layer 900 and the layer above (200 + 600) go to c.
    expect(payouts(t)).toEqual([
      ['c', 855],
      ['c', 760],
    ]);
    expect(t.transfers('refund')).toEqual([]);
  });
});
