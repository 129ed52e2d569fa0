/** viewFor: who sees what, and allowedActions that match what applyAction accepts. */
import { describe, expect, it } from 'vitest';
import { FRAME_LOG_ENTRIES } from '../protocol/constants.js';
import { gameStateSchema } from '../protocol/game-state.js';
import { SEED, table } from './test-support.js';

const hands = { a: 'A♥ K♥ Q♥', b: 'A♠ K♠ 8♦', c: '8♣ 9♦ J♠' }; // 31, 21, 10
const threeHanded = () => table({ players: ['a', 'b', 'c'] }).deal({ dealer: 3, hands });

describe('viewFor', () => {
  it('before any look nobody sees any card, not even their own; every seat is dealt in', () => {
    const t = threeHanded();
    for (const viewer of ['a', 'b', 'c', null]) {
      const v = t.view(viewer);
      expect(v.players.map((p) => p.cards)).toEqual([null, null, null]);
      expect(v.players.map((p) => p.score)).toEqual([null, null, null]);
      expect(v.players.map((p) => p.isActive && !p.hasFolded)).toEqual([true, true, true]);
    }
  });

  it('after a look each player sees only their own cards; a spectator sees none', () => {
    const t = threeHanded();
    t.look('a');
    const b = t.view('b');
    expect(b.players.map((p) => p.cards === null)).toEqual([true, false, true]);
    expect(b.players[1]).toMatchObject({ score: 21 });
    expect(t.view(null).players.every((p) => p.cards === null)).toBe(true);
    expect(t.view('stranger')).toMatchObject({ viewerId: null, allowedActions: null });
  });

  it('at the showdown everyone sees the cards of the players who reached it, and only theirs', () => {
    const t = threeHanded();
    t.look('a').call('a').fold('b').call('c');
    for (const viewer of ['a', 'c', null]) {
      expect(t.view(viewer).players.map((p) => p.cards !== null)).toEqual([true, false, true]);
    }
    // The folded player still sees their own cards.
    expect(t.view('b').players.map((p) => p.cards !== null)).toEqual([true, true, true]);
  });

  it('never shows the seed before the hand is over, then reveals it in fairness', () => {
    const t = threeHanded();
    expect(JSON.stringify(t.view('a'))).not.toContain(SEED);
    expect(t.view(null).fairness).toMatchObject({ handNumber: 1, revealedSeed: null });
    expect(t.view(null).fairness.commitment).toMatch(/^[0-9a-f]{64}$/);
    t.look('a').fold('a').fold('b');
    expect(t.view(null).fairness.revealedSeed).toBe(SEED);
  });

  it('fits the wire schema, with money in dollars and timers as server times', () => {
    const t = threeHanded();
    t.blind('a');
    const v = gameStateSchema.parse(t.view('b'));
    expect(v).toMatchObject({
      roomId: 'room-1',
      status: 'blind_betting',
      pot: 4,
      minBet: 1,
      lastBlindBet: 1,
      currentPlayerIndex: 1,
      turnStartTime: t.now,
      deadline: t.now + 15_000,
      serverTime: t.now,
      viewerId: 'b',
    });
    expect(v.players[0]).toMatchObject({ balance: 98, currentBet: 1, totalBet: 2, lastAction: 'blind_bet' });
    expect(v.players[2]!.isDealer).toBe(true);
    expect(v.log.map((e) => e.type)).toEqual(['hand', 'ante', 'blind_bet']);
  });

  it('offers moves only to the player on turn', () => {
    const t = threeHanded();
    expect(t.view('a').allowedActions).toMatchObject({ blindBet: { amount: 1 }, look: true });
    expect(t.view('b').allowedActions).toEqual({
      blindBet: null,
      look: false,
      call: null,
      raise: null,
      fold: false,
      joinSvara: null,
      skipSvara: false,
    });
  });

  it('the offered amounts are exactly what applyAction accepts', () => {
    const t = threeHanded();
    t.blind('a').blind('b').look('c');
    const offer = t.view('c').allowedActions!;
    expect(offer.call).toEqual({ amount: 4, allIn: false });
    // c has 99 left; the most anyone else can put in is a's 98.
    expect(offer.raise).toEqual({ min: 8, max: 98 });
    expect(t.refused({ type: 'raise', playerId: 'c', amount: 799 })).toBe('invalid_amount');
    expect(t.refused({ type: 'raise', playerId: 'c', amount: 9801 })).toBe('invalid_amount');
    expect(t.try({ type: 'raise', playerId: 'c', amount: 800 }).ok).toBe(true);
    const a = t.view('a').allowedActions!;
    t.call('a');
    expect(t.transfers('call').at(-1)!.amount).toBe(a.call!.amount * 100);
  });

  it("carries the latest FRAME_LOG_ENTRIES of the hand's log, oldest first; the state keeps them all", () => {
    const rich = ['a', 'b', 'c'].map((id) => ({ id, balance: 1_000_000 }));
    const t = table({ players: rich }).deal({ dealer: 3, hands });
    for (let i = 0; i < 3; i++) t.blind('a').blind('b').blind('c');
    const all = t.state.hand!.log;
    expect(all).toHaveLength(2 + 9);
    const shown = t.view(null).log;
    expect(shown).toHaveLength(FRAME_LOG_ENTRIES);
    expect(shown.map((e) => [e.type, e.telegramId])).toEqual(
      all.slice(-FRAME_LOG_ENTRIES).map((e) => [e.type, e.playerId]),
    );
  });
});
