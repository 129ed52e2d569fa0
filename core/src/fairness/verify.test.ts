/**
 * A hand's fairness record, its place in the chain, and the verifier the apps run: an honest hand
 * passes every check; each kind of tampering fails the check that names it.
 */
import { describe, expect, it } from 'vitest';
import { gameStateSchema } from '../protocol/game-state.js';
import { combineClientSeeds, seedCommitment } from '../shuffle.js';
import { SEED, SEED_2, table } from '../table/test-support.js';
import type { TableState } from '../table/types.js';
import { handRecordFromState, shownCards } from './from-state.js';
import { GENESIS_HASH, handRecordHash, handRecordText, type HandRecordFields } from './record.js';
import { verifyHandRecord, type PublicHandRecord } from './verify.js';

const playerSeeds = [
  { playerId: 'a', seed: 'alpha-seed' },
  { playerId: 'b', seed: 'b0b' },
  { playerId: 'c', seed: 'c-c-c' },
];
const clientSeed = combineClientSeeds(playerSeeds.map((p) => p.seed));

/** A real shuffle with the players' seeds; `showdown`: the first and third player show their cards. */
function playedHand(showdown: boolean) {
  const t = table({ players: ['a', 'b', 'c'] }).act({
    type: 'start_hand',
    serverSeed: SEED,
    clientSeed,
    playerSeeds,
  });
  const [first, second, third] = t.state.hand!.players.map((p) => p.playerId) as [string, string, string];
  if (showdown) t.look(first).call(first).fold(second).call(third);
  else t.look(first).fold(first).fold(second);
  return t;
}

function publicRecord(state: TableState, prevHash = GENESIS_HASH): PublicHandRecord {
  const fields = handRecordFromState('room-1', state, 'finished', prevHash)!;
  return {
    id: 'room-1-1',
    ...fields,
    recordHash: handRecordHash(fields),
    finishedAt: '2026-11-28T10:00:00.000Z',
    shown: shownCards(state),
  };
}

const failed = (r: ReturnType<typeof verifyHandRecord>) => r.checks.filter((c) => !c.ok).map((c) => c.name);

describe('the players seeds at the deal', () => {
  it('go into the hand and the frame (which seeds went in); the seed itself stays hidden until the end', () => {
    const t = playedHand(false);
    const started = table({ players: ['a', 'b', 'c'] }).act({
      type: 'start_hand',
      serverSeed: SEED,
      clientSeed,
      playerSeeds,
    });
    const frame = gameStateSchema.parse(started.view('a'));
    expect(frame.fairness).toMatchObject({ clientSeed, playerSeeds, revealedSeed: null });
    expect(frame.fairness.commitment).toBe(seedCommitment(SEED));
    expect(JSON.stringify(started.view('a'))).not.toContain(SEED);
    expect(t.view(null).fairness.revealedSeed).toBe(SEED);
  });

  it('must mix into the client seed the action names', () => {
    const r = table({ players: ['a', 'b'] }).try({
      type: 'start_hand',
      serverSeed: SEED,
      clientSeed: combineClientSeeds(['other']),
      playerSeeds,
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
  });
});

describe('verifyHandRecord', () => {
  it('passes an honest hand, and gives the deal the seeds make', () => {
    const t = playedHand(true);
    const record = publicRecord(t.state);
    expect(record.shown).toHaveLength(2);
    const own = t.state.hand!.players[1]!;
    const r = verifyHandRecord(record, { ownCards: { position: own.position, cards: own.cards } });
    expect(failed(r)).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.checks.map((c) => c.name)).toEqual([
      'commitment',
      'clientSeed',
      'deal',
      'shownCards',
      'ownCards',
      'chain',
    ]);
    expect(r.deal).toEqual(t.state.hand!.players.map((p) => ({ position: p.position, cards: p.cards })));
  });

  it('fails the commitment for another seed, and the deal with it', () => {
    const record = { ...publicRecord(playedHand(false).state), serverSeed: SEED_2 };
    expect(failed(verifyHandRecord(record))).toEqual(['commitment', 'deal', 'chain']);
  });

  it('fails the client seed when the listed player seeds do not mix into it', () => {
    const record = { ...publicRecord(playedHand(false).state), playerSeeds: ['alpha-seed', 'b0b'] };
    expect(failed(verifyHandRecord(record))).toEqual(['clientSeed', 'chain']);
  });

  it('fails the deal when the cards dealt were not the ones the seeds give', () => {
    const t = playedHand(true);
    const h = t.state.hand!;
    // Two players' first cards swapped: what a dealer cheating after the commitment would do.
    const [p0, p1] = h.players;
    const swapped = [
      { ...p0!, cards: [p1!.cards[0]!, ...p0!.cards.slice(1)] },
      { ...p1!, cards: [p0!.cards[0]!, ...p1!.cards.slice(1)] },
      ...h.players.slice(2),
    ];
    const record = publicRecord({ ...t.state, hand: { ...h, players: swapped } });
    expect(failed(verifyHandRecord(record))).toContain('deal');
  });

  it("fails the viewer's own cards when they differ from the deal", () => {
    const t = playedHand(false);
    const p = t.state.hand!.players[0]!;
    const wrong = { position: p.position, cards: [t.state.hand!.players[1]!.cards[0]!, ...p.cards.slice(1)] };
    expect(failed(verifyHandRecord(publicRecord(t.state), { ownCards: wrong }))).toEqual(['ownCards']);
  });

  it('fails the chain when a recorded field was rewritten, or the previous record is another', () => {
    const record = publicRecord(playedHand(false).state);
    expect(failed(verifyHandRecord({ ...record, finishedAt: 'later' }))).toEqual([]);
    expect(failed(verifyHandRecord({ ...record, handNumber: 2 }))).toContain('chain');
    // The room's first record opens the chain; a record that claims so while a hand before it has one does not.
    expect(failed(verifyHandRecord(record, { previous: null }))).toEqual([]);
    const first = publicRecord(playedHand(true).state);
    expect(failed(verifyHandRecord(record, { previous: first }))).toEqual(['chain']);
  });

  it('links a record to the hash recomputed from the record before it, not to the hash that one claims', () => {
    const first = publicRecord(playedHand(true).state);
    const linked = publicRecord(playedHand(false).state, first.recordHash);
    expect(failed(verifyHandRecord(linked, { previous: first }))).toEqual([]);
    // The previous record rewritten (its claimed hash kept): the link no longer holds.
    const rewritten = { ...first, playerSeeds: ['alpha-seed'] };
    expect(failed(verifyHandRecord(linked, { previous: rewritten }))).toEqual(['chain']);
    expect(failed(verifyHandRecord(linked, { previous: null }))).toEqual(['chain']);
  });

  it("checks the viewer's own seed is among the hand's player seeds", () => {
    const record = publicRecord(playedHand(false).state);
    expect(failed(verifyHandRecord(record, { ownSeed: 'b0b' }))).toEqual([]);
    expect(verifyHandRecord(record, { ownSeed: 'b0b' }).checks.map((c) => c.name)).toContain('ownSeed');
    expect(failed(verifyHandRecord(record, { ownSeed: 'left-out' }))).toEqual(['ownSeed']);
  });
});

describe('the record hash', () => {
  it('is SHA-256 of the documented lines, and links to the previous record', () => {
    const fields: HandRecordFields = handRecordFromState(
      'room-1',
      playedHand(false).state,
      'finished',
      GENESIS_HASH,
    )!;
    expect(handRecordText(fields).split('\n')).toEqual([
      'svara-fair-hand-v1',
      'room=room-1',
      'hand=1',
      'status=finished',
      'svara=0',
      `commitment=${seedCommitment(SEED)}`,
      `server_seed=${SEED}`,
      `client_seed=${clientSeed}`,
      'player_seeds=["alpha-seed","b0b","c-c-c"]',
      `deal_order=${fields.dealOrder.join(',')}`,
      `deal=${fields.dealHash}`,
      `prev=${GENESIS_HASH}`,
    ]);
    const next = { ...fields, handNumber: 2, prevHash: handRecordHash(fields) };
    expect(handRecordHash(next)).not.toBe(handRecordHash({ ...next, prevHash: GENESIS_HASH }));
  });
});
