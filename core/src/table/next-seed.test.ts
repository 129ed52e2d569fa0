/**
 * RULES §7, the order of the commitment: the next hand's seed hash is shown while the table waits
 * and from the moment a hand is over; the deal takes only that seed and its commitment is the hash
 * shown; nothing about the seed itself reaches a frame before its hand is over.
 */
import { describe, expect, it } from 'vitest';
import { compactGameState, gameStateSchema } from '../protocol/game-state.js';
import { seedCommitment } from '../shuffle.js';
import { awaitsNextSeed, commitNextSeed } from './next-seed.js';
import { SEED, SEED_2, table } from './test-support.js';

const committed = (t: ReturnType<typeof table>, seed: string) => {
  t.state = commitNextSeed(t.state, seedCommitment(seed));
  return t;
};

describe('the next hand’s seed commitment', () => {
  it('is shown before the deal, is the dealt hand’s commitment, and the deal takes no other seed', () => {
    const t = table({ players: ['a', 'b'] });
    expect(awaitsNextSeed(t.state)).toBe(true);
    committed(t, SEED);
    const waiting = t.view('a').fairness;
    expect(waiting).toMatchObject({ commitment: null, nextCommitment: seedCommitment(SEED) });
    expect(awaitsNextSeed(t.state)).toBe(false);

    const other = t.try({ type: 'start_hand', serverSeed: SEED_2, clientSeed: 'late-seed' });
    expect(other).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
    expect(t.status).toBe('waiting');

    // Client seeds chosen after the commitment still go in: they are mixed only now.
    t.start(SEED, 'late-seed');
    const dealt = t.view('a').fairness;
    expect(dealt).toMatchObject({ commitment: waiting.nextCommitment, clientSeed: 'late-seed' });
    expect(dealt.nextCommitment).toBeNull();
    expect(JSON.stringify(t.view('b'))).not.toContain(SEED);
  });

  it('awaits the next seed only once the hand is over, and the next hash goes out with the revealed seed', () => {
    const t = committed(table({ players: ['a', 'b'] }), SEED).start(SEED);
    expect(awaitsNextSeed(t.state)).toBe(false);
    expect(() => commitNextSeed(t.state, seedCommitment(SEED_2))).toThrow(RangeError);
    const first = t.state.hand!.players[0]!.playerId;
    t.look(first).fold(first);
    expect(t.status).toBe('finished');
    expect(awaitsNextSeed(t.state)).toBe(true);

    committed(t, SEED_2);
    const wire = compactGameState(t.view(null));
    expect(wire.fairness).toMatchObject({ revealedSeed: SEED, nextCommitment: seedCommitment(SEED_2) });
    expect(JSON.stringify(wire)).not.toContain(SEED_2);
    expect(gameStateSchema.parse(wire).fairness.nextCommitment).toBe(seedCommitment(SEED_2));
    // A commitment once shown is never replaced.
    expect(() => commitNextSeed(t.state, seedCommitment(SEED))).toThrow(RangeError);
  });

  it('a tie: the svara hand’s seed is committed while the svara is open, and dealt with it', () => {
    const t = table({ stake: 101, players: ['a', 'b', 'c'] }).deal({
      dealer: 3,
      hands: { a: 'A♥ K♥ 8♠', b: 'A♦ K♦ 9♠', c: '8♦ 9♣ J♠' },
    });
    t.look('a').call('a').call('b').fold('c');
    expect(t.status).toBe('svara_pending');
    expect(awaitsNextSeed(t.state)).toBe(true);
    committed(t, SEED_2);
    t.join('a').join('b').skip('c');
    expect(t.try({ type: 'start_hand', serverSeed: SEED, clientSeed: 'svara' }).ok).toBe(false);
    t.start(SEED_2);
    expect(t.view(null).fairness).toMatchObject({
      commitment: seedCommitment(SEED_2),
      nextCommitment: null,
    });
  });

  it('leaves nextCommitment out of a frame while it is null; a state stored before it existed reads as null', () => {
    const t = table({ players: ['a', 'b'] });
    expect(compactGameState(t.view(null)).fairness).not.toHaveProperty('nextCommitment');
    const { nextCommitment: _absent, ...stored } = t.state;
    t.state = stored as typeof t.state;
    expect(awaitsNextSeed(t.state)).toBe(true);
    expect(t.view(null).fairness.nextCommitment).toBeNull();
    expect(t.start(SEED).view(null).fairness.commitment).toBe(seedCommitment(SEED));
  });
});
