/** RULES §2.7 end of betting, §2.8 showdown and §4 the house's share. S = 100 cents. */
import { describe, expect, it } from 'vitest';
import { table } from './test-support.js';

/** a, b, c at 1–3, c deals; a has the best hand, then b, then c. */
const hands = { a: 'A♥ K♥ Q♥', b: 'A♠ K♠ 8♦', c: '8♣ 9♦ J♠' }; // 31, 21, 10
const threeHanded = () => table({ players: ['a', 'b', 'c'] }).deal({ dealer: 3, hands });

describe('§2.7 end of betting', () => {
  it('a round with no blind bets ends after the dealer acts', () => {
    const t = threeHanded();
    t.look('a').call('a').call('b');
    expect(t.turn).toBe('c');
    t.call('c');
    expect(t.status).toBe('finished');
  });

  it('with blind bets the round ends at the last blind bettor if nobody raised after the look', () => {
    const t = threeHanded();
    t.blind('a').blind('b').look('c').call('c');
    expect(t.turn).toBe('a');
    t.call('a');
    // The turn would pass to b, the last blind bettor, and everyone else has acted since.
    expect(t.status).toBe('finished');
    expect(t.transfers('call').map((e) => [e.from, e.amount])).toEqual([
      [{ kind: 'player', playerId: 'c' }, 400],
      [{ kind: 'player', playerId: 'a' }, 400],
    ]);
  });

  it('after a raise everyone else acts once more; the round ends when the turn would pass to the raiser', () => {
    const t = threeHanded();
    t.look('a').call('a').raise('b', 300);
    expect(t.turn).toBe('c');
    t.call('c');
    expect(t.turn).toBe('a');
    t.call('a');
    expect(t.status).toBe('finished');
  });

  it('a re-raise makes a new aggressor, and the earlier raiser acts again', () => {
    const t = threeHanded();
    t.look('a').raise('a', 200).raise('b', 400).call('c');
    expect(t.turn).toBe('a');
    t.call('a');
    expect(t.status).toBe('finished');
  });

  it('the last player left in the hand wins the pot at once, with no showdown', () => {
    const t = threeHanded();
    t.blind('a').blind('b').look('c').fold('c').fold('a');
    expect(t.status).toBe('finished');
    expect(t.state.result!.winners).toEqual(['b']);
    // The pot was 300 + 100 + 200: the house takes 5% (30), b gets 570.
    expect(t.balance('b')).toBe(10_000 - 100 - 200 + 570);
    expect(t.view('a').players.find((p) => p.id === 'b')!.cards).toBeNull();
    expect(t.view(null).players.every((p) => p.cards === null)).toBe(true);
  });

  it('if no bets are made, the dealer takes the pot (everyone else folds)', () => {
    const t = threeHanded();
    t.look('a').fold('a').fold('b');
    expect(t.state.result!.winners).toEqual(['c']);
    expect(t.state.hand!.dealerPosition).toBe(3);
  });
});

describe('§2.8 showdown', () => {
  it("the live players' cards are shown to the whole table, spectators included; the highest score wins", () => {
    const t = threeHanded();
    t.look('a').call('a').fold('b').call('c');
    expect(t.status).toBe('finished');
    expect(t.state.result!.winners).toEqual(['a']);
    const spectator = t.view(null);
    expect(spectator.players.find((p) => p.id === 'a')).toMatchObject({
      score: 31,
      cards: expect.any(Array),
    });
    expect(spectator.players.find((p) => p.id === 'c')).toMatchObject({
      score: 10,
      cards: expect.any(Array),
    });
    expect(spectator.players.find((p) => p.id === 'b')).toMatchObject({ cards: null, score: null });
    expect(spectator.winners).toEqual(['a']);
    expect(spectator.players.find((p) => p.id === 'a')!.lastAction).toBe('win');
  });

  it('a showdown without any look (the other player is all-in) reveals the cards too', () => {
    const t = table({ players: ['a', { id: 'b', balance: 1000 }] });
    t.act({ type: 'set_balance', playerId: 'b', balance: 300 });
    t.deal({ dealer: 2, hands: { a: '8♣ 9♦ J♠', b: 'A♥ K♥ Q♥' } });
    t.blind('a').blind('b'); // b is all-in with 200
    expect(t.turn).toBe('a');
    t.blind('a');
    expect(t.status).toBe('finished');
    expect(t.state.hand!.looked).toBe(false);
    expect(t.view(null).players.map((p) => p.score)).toEqual([10, 31]);
    // b wins what b could match (300 from each); a's last 300 nobody else could answer comes back untaxed.
    expect(t.transfers('refund').map((e) => [e.to, e.amount])).toEqual([
      [{ kind: 'player', playerId: 'a' }, 300],
    ]);
    expect(t.transfers('house_share').map((e) => e.amount)).toEqual([30]);
    expect(t.balance('b')).toBe(570);
  });
});

describe('§4 house share', () => {
  it('5% of the pot paid out goes to the house, rounded down to the cent, and is shown as the tax', () => {
    const t = table({ stake: 133, players: ['a', 'b', 'c'] }).deal({ dealer: 3, hands });
    t.look('a').call('a').call('b').call('c');
    // pot = 3 × 133 + 3 × 133 = 798; 5% = 39.9 → 39.
    expect(t.transfers('house_share').map((e) => e.amount)).toEqual([39]);
    expect(t.transfers('payout').map((e) => [e.to, e.amount])).toEqual([
      [{ kind: 'player', playerId: 'a' }, 759],
    ]);
    expect(t.view(null)).toMatchObject({ tax: 0.39, taxPercent: 5 });
    expect(t.state.houseTotal).toBe(39);
  });

  it('the result shows for 4 s, then the table waits for the next deal', () => {
    const t = threeHanded();
    t.look('a').fold('a').fold('b');
    expect(t.view(null).deadline).toBe(t.now + 4000);
    t.wait(3999);
    expect(t.refused({ type: 'tick' })).toBe('action_not_allowed');
    t.wait(1).act({ type: 'tick' });
    expect(t.status).toBe('waiting');
    expect(t.view(null)).toMatchObject({ tax: 0, pot: 0, log: [] });
    expect(t.view(null).fairness.revealedSeed).not.toBeNull();
  });
});
