/** RULES §5: svara. S = 101 cents so that shares round. */
import { describe, expect, it } from 'vitest';
import { needsDeal, nextDeadline } from './clock.js';
import { table, withBalance } from './test-support.js';

const payouts = (t: ReturnType<typeof table>) =>
  t.transfers('payout').map((e) => [(e.to as { playerId: string }).playerId, e.amount]);

/** a and b tie at 21, c has 10; a, b and c at 1–3, c deals; d sits at 4 without playing. */
const tied = { a: 'A♥ K♥ 8♠', b: 'A♦ K♦ 9♠', c: '8♦ 9♣ J♠' };

/** Plays to a tied showdown: pot 5 × 101 = 505 (c folds), share ⌈505 / 2⌉ = 253. */
function svaraTable() {
  const t = table({ stake: 101, players: ['a', 'b', 'c'] }).deal({ dealer: 3, hands: tied });
  t.sit('d', 5000, 4);
  t.look('a').call('a').call('b').fold('c');
  return t;
}

describe('§5 svara', () => {
  it('a tie in the main layer opens svara_pending; the main layer stays on the table as the svara pot, untaxed', () => {
    const t = svaraTable();
    expect(t.status).toBe('svara_pending');
    expect(t.pot).toBe(505);
    expect(t.transfers('house_share')).toEqual([]);
    expect(t.lastEvents).toContainEqual(
      expect.objectContaining({ type: 'hand_finished', svaraPending: true }),
    );
    expect(t.lastEvents).toContainEqual(
      expect.objectContaining({ type: 'svara_opened', tied: ['a', 'b'], pot: 505, share: 253 }),
    );
    const v = t.view(null);
    expect(v).toMatchObject({ svaraTied: ['a', 'b'], svaraParticipants: ['a', 'b'], svaraConfirmed: [] });
    expect(v.winners).toEqual(['a', 'b']);
    expect(v.deadline).toBe(t.now + 20_000);
    expect(nextDeadline(t.state)).toEqual({ at: t.now + 20_000, kind: 'svara' });
  });

  it('the tied players take part for free and may skip; any other seated player may join for the pot ÷ tied, rounded up', () => {
    const t = svaraTable();
    expect(t.view('a').allowedActions).toMatchObject({
      joinSvara: { amount: 0, free: true },
      skipSvara: true,
    });
    expect(t.view('c').allowedActions).toMatchObject({
      joinSvara: { amount: 2.53, free: false },
      skipSvara: true,
    });
    expect(t.view('d').allowedActions).toMatchObject({ joinSvara: { amount: 2.53, free: false } });
    t.join('c');
    expect(t.transfers('svara_join').map((e) => [e.from, e.amount])).toEqual([
      [{ kind: 'player', playerId: 'c' }, 253],
    ]);
    expect(t.pot).toBe(758);
    expect(t.view(null).svaraParticipants).toEqual(['a', 'b', 'c']);
  });

  it('a decision is final', () => {
    const t = svaraTable();
    t.join('a');
    expect(t.refused({ type: 'skip_svara', playerId: 'a' })).toBe('svara_already_decided');
    t.skip('d');
    expect(t.refused({ type: 'join_svara', playerId: 'd' })).toBe('svara_already_decided');
  });

  it('a player who cannot pay the share cannot join', () => {
    const t = svaraTable();
    withBalance(t, 'd', 252);
    expect(t.view('d').allowedActions!.joinSvara).toBeNull();
    expect(t.refused({ type: 'join_svara', playerId: 'd' })).toBe('insufficientBalance');
  });

  it('with two or more participants a svara hand is dealt to them with no new ante, for the svara pot plus the joins', () => {
    const t = svaraTable();
    t.join('a').join('c').skip('d');
    expect(needsDeal(t.state)).toBe(false);
    t.join('b');
    expect(t.state.svara!.ready).toBe(true);
    expect(needsDeal(t.state)).toBe(true);
    expect(t.refused({ type: 'join_svara', playerId: 'd' })).toBe('svara_not_open');
    const before = t.transfers().length;
    t.start();
    expect(t.state.hand).toMatchObject({ svara: true, number: 2, dealerPosition: 3, basePot: 758 });
    expect(t.order).toEqual(['a', 'b', 'c']);
    expect(t.transfers().length).toBe(before); // no ante
    expect(t.pot).toBe(758);
    expect(t.status).toBe('blind_betting');
    expect(t.turn).toBe('a');
  });

  it('the svara hand keeps the dealer even when the dealer does not take part', () => {
    const t = svaraTable();
    t.join('a').join('b').skip('c').skip('d');
    t.start();
    expect(t.state.hand!.dealerPosition).toBe(3);
    expect(t.order).toEqual(['a', 'b']);
  });

  it('with one participant, that player takes the pot (taxed when paid out)', () => {
    const t = svaraTable();
    t.skip('a').skip('c').skip('d').join('b');
    expect(t.status).toBe('finished');
    expect(t.transfers('house_share').map((e) => e.amount)).toEqual([25]);
    expect(payouts(t)).toEqual([['b', 480]]);
    expect(t.state.result!.winners).toEqual(['b']);
  });

  it('with no participants the pot is split equally among the tied players', () => {
    const t = svaraTable();
    t.skip('a').skip('b').skip('c').skip('d');
    expect(t.status).toBe('finished');
    expect(payouts(t)).toEqual([
      ['a', 240],
      ['b', 240],
    ]);
  });

  it('the window closes as soon as the last undecided player has chosen, not after its 20 s', () => {
    const t = table({ stake: 101, players: ['a', 'b'] }).deal({ dealer: 2, hands: { a: tied.a, b: tied.b } });
    t.look('a').call('a').call('b');
    expect(t.status).toBe('svara_pending');
    t.wait(1_000).join('a');
    expect(nextDeadline(t.state)?.kind).toBe('svara');
    t.wait(1_000).join('b');
    expect(t.state.svara!.ready).toBe(true);
    expect(needsDeal(t.state)).toBe(true);
    expect(nextDeadline(t.state)).toBeNull();
  });

  it('after 20 s the window closes: undecided tied players take part, undecided others do not', () => {
    const t = svaraTable();
    t.join('c');
    t.wait(19_999);
    expect(t.refused({ type: 'tick' })).toBe('action_not_allowed');
    t.wait(1).act({ type: 'tick' });
    expect(t.state.svara).toMatchObject({ ready: true, participants: ['a', 'b', 'c'] });
  });

  it('a tie in a svara hand starts another svara for the bigger pot', () => {
    const t = svaraTable();
    t.join('a').join('b').join('c').skip('d');
    t.deal({ hands: { a: 'A♣ K♣ 8♥', b: 'A♠ K♠ 9♥', c: '8♠ 9♦ J♦' } });
    t.look('a').call('a').call('b').call('c');
    expect(t.status).toBe('svara_pending');
    expect(t.pot).toBe(758 + 3 * 101);
    expect(t.state.svara).toMatchObject({ tied: ['a', 'b'], share: Math.ceil(1061 / 2) });
    expect(t.state.handNumber).toBe(2);
  });

  it('only the main layer is carried: side layers are paid at the showdown', () => {
    const t = table({ stake: 100, players: ['a', 'b', 'c'] });
    withBalance(t, 'a', 300);
    t.deal({ dealer: 3, hands: tied });
    t.look('a').call('a').raise('b', 400).call('c').call('a'); // a all-in: paid a 300, b 500, c 500
    expect(t.status).toBe('svara_pending');
    expect(payouts(t)).toEqual([['b', 380]]); // side layer 400, taxed 20
    expect(t.pot).toBe(900);
    expect(t.state.svara!.share).toBe(450);
  });

  it('a tied player who leaves skips, and still gets a share if the pot is split', () => {
    const t = svaraTable();
    t.leave('a');
    expect(t.seat('a').leaving).toBe(true);
    t.skip('b').skip('c').skip('d');
    expect(payouts(t)).toEqual([
      ['a', 240],
      ['b', 240],
    ]);
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['b', 'c', 'd']);
  });

  it('a tied player who left is stood up once a svara hand is decided on', () => {
    const t = svaraTable();
    t.leave('a').join('b').join('c').skip('d');
    expect(t.state.svara!.ready).toBe(true);
    expect(t.state.seats.map((s) => s.playerId)).toEqual(['b', 'c', 'd']);
    t.start();
    expect(t.order).toEqual(['b', 'c']);
  });

  it('svara moves outside an open svara are refused', () => {
    const t = table({ players: ['a', 'b'] }).deal({ dealer: 2 });
    expect(t.refused({ type: 'join_svara', playerId: 'a' })).toBe('svara_not_open');
    expect(t.refused({ type: 'skip_svara', playerId: 'a' })).toBe('svara_not_open');
  });
});
