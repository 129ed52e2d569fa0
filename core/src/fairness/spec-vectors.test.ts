/**
 * FAIRNESS.md, the public specification, against the engine: every test vector in it is parsed from
 * the document and recomputed with the code the game deals with — commitment, client-seed mix, the
 * first HMAC block, the indexes drawn, the deck, the deal, its hash, the record text and hash, the
 * chain links and the daily digest. Changing either side alone fails here.
 */
import { readFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import type { Card } from '../cards.js';
import { hmacUint32Stream, uniformBelow } from '../fair-random.js';
import { combineClientSeeds, seedCommitment, shuffleDeck } from '../shuffle.js';
import {
  dealFromDeck,
  dealHash,
  digestOf,
  GENESIS_HASH,
  handRecordHash,
  handRecordText,
  type HandRecordFields,
} from './record.js';
import { verifyHandRecord } from './verify.js';

const SPEC = readFileSync(new URL('../../../FAIRNESS.md', import.meta.url), 'utf8');

/** The fenced blocks of one kind (```vector, ```record, ```digest), in document order. */
function blocks(kind: string): string[] {
  return [...SPEC.matchAll(new RegExp('^```' + kind + '\\n([\\s\\S]*?)^```$', 'gm'))].map((m) => m[1]!);
}

/** `key: value` lines; a key may repeat (the digest's heads). */
function fields(block: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of block.split('\n').filter((l) => l.trim() !== '')) {
    const at = line.indexOf(': ');
    if (at < 0) throw new Error(`not a "key: value" line: ${line}`);
    const key = line.slice(0, at);
    out.set(key, [...(out.get(key) ?? []), line.slice(at + 2)]);
  }
  return out;
}

const one = (f: Map<string, string[]>, key: string): string => {
  const v = f.get(key);
  if (v?.length !== 1) throw new Error(`the vector needs exactly one "${key}"`);
  return v[0]!;
};

const SUIT_LETTER = { hearts: 'h', diamonds: 'd', clubs: 'c', spades: 's' } as const;
const code = (c: Card) => `${c.rank}${SUIT_LETTER[c.suit]}`;

type Vector = HandRecordFields & {
  hmacBlock0: string;
  draws: number[];
  deck: string;
  deal: string;
  recordHash: string;
  sentSeeds: string[];
};

const vectors: Vector[] = blocks('vector').map((b) => {
  const f = fields(b);
  const sentSeeds = JSON.parse(one(f, 'player_seeds')) as string[];
  return {
    roomId: one(f, 'room'),
    handNumber: Number(one(f, 'hand')),
    status: one(f, 'status') as HandRecordFields['status'],
    svara: one(f, 'svara') === '1',
    commitment: one(f, 'commitment'),
    serverSeed: one(f, 'server_seed'),
    clientSeed: one(f, 'client_seed'),
    playerSeeds: [...sentSeeds].sort(),
    sentSeeds,
    dealOrder: one(f, 'deal_order').split(',').map(Number),
    dealHash: one(f, 'deal_hash'),
    prevHash: one(f, 'prev'),
    recordHash: one(f, 'record_hash'),
    hmacBlock0: one(f, 'hmac_block_0'),
    draws: one(f, 'draws').split(' ').map(Number),
    deck: one(f, 'deck'),
    deal: one(f, 'deal'),
  };
});

describe('the test vectors of FAIRNESS.md', () => {
  it('are there: a chain of three hands, a record text and a digest', () => {
    expect(vectors.map((v) => v.handNumber)).toEqual([1, 2, 3]);
    expect(blocks('record')).toHaveLength(1);
    expect(blocks('digest')).toHaveLength(1);
  });

  describe.each(vectors.map((v) => [v.handNumber, v] as const))('hand %i', (_, v) => {
    it('commitment: SHA-256 of the seed’s 32 bytes', () => {
      expect(seedCommitment(v.serverSeed)).toBe(v.commitment);
    });

    it('client seed: the mix of the contributions as sent', () => {
      expect(combineClientSeeds(v.sentSeeds)).toBe(v.clientSeed);
      if (v.sentSeeds.length === 0) expect(v.clientSeed).toBe('svara');
    });

    it('number stream: the first HMAC block and the indexes drawn', () => {
      const block = createHmac('sha256', Buffer.from(v.serverSeed, 'hex'))
        .update(`${v.clientSeed}:${v.handNumber}:0`)
        .digest('hex');
      expect(block).toBe(v.hmacBlock0);
      const next = hmacUint32Stream(hexToBytes(v.serverSeed), `${v.clientSeed}:${v.handNumber}:`);
      // The stream's first words are the block read as big-endian uint32s.
      const words = Array.from({ length: 8 }, () => next());
      expect(words).toEqual(
        Array.from({ length: 8 }, (_, i) => Number.parseInt(block.slice(i * 8, i * 8 + 8), 16)),
      );
      const again = hmacUint32Stream(hexToBytes(v.serverSeed), `${v.clientSeed}:${v.handNumber}:`);
      const draws = Array.from({ length: 31 }, (_, k) => uniformBelow(32 - k, again));
      expect(draws).toEqual(v.draws);
    });

    it('deck: the Fisher–Yates shuffle of the fresh deck with those draws', () => {
      const deck = shuffleDeck(v.serverSeed, v.clientSeed, v.handNumber);
      expect(deck.map(code).join(' ')).toBe(v.deck);
      // The same swaps, done here by hand from the listed draws, give the same deck.
      const fresh = ['h', 'd', 'c', 's'].flatMap((s) =>
        ['A', 'K', 'Q', 'J', '10', '9', '8', '7'].map((r) => r + s),
      );
      v.draws.forEach((j, k) => {
        const i = 31 - k;
        [fresh[i], fresh[j]] = [fresh[j]!, fresh[i]!];
      });
      expect(fresh.join(' ')).toBe(v.deck);
    });

    it('deal and deal hash: one card at a time in deal order from position 0', () => {
      const deal = dealFromDeck(shuffleDeck(v.serverSeed, v.clientSeed, v.handNumber), v.dealOrder);
      expect(deal.map((s) => `${s.position}:${s.cards.map(code).join(' ')}`).join('|')).toBe(v.deal);
      expect(dealHash(deal)).toBe(v.dealHash);
    });

    it('record hash, and the public verifier passes the record', () => {
      expect(handRecordHash(v)).toBe(v.recordHash);
      const record = {
        ...v,
        id: `${v.roomId}-${v.handNumber}`,
        finishedAt: '2026-11-30T12:00:00.000Z',
        shown: [],
      };
      expect(verifyHandRecord(record).checks.filter((c) => !c.ok)).toEqual([]);
    });
  });

  it('chain: each hand’s prev is the record hash of the hand before, the first one’s is zeros', () => {
    expect(vectors[0]!.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < vectors.length; i++) {
      expect(vectors[i]!.prevHash).toBe(handRecordHash(vectors[i - 1]!));
      expect(vectors[i]!.roomId).toBe(vectors[i - 1]!.roomId);
    }
  });

  it('record text: exactly the lines hashed for hand 2', () => {
    const text = blocks('record')[0]!.replace(/\n$/, '');
    expect(text).toBe(handRecordText(vectors[1]!));
  });

  it('digest: SHA-256 of the documented lines over the listed heads', () => {
    const f = fields(blocks('digest')[0]!);
    const heads = f.get('head')!.map((h) => {
      const [roomId, handNumber, recordHash] = h.split(':') as [string, string, string];
      return { roomId, handNumber: Number(handNumber), recordHash };
    });
    expect(heads[0]!.recordHash).toBe(vectors[2]!.recordHash);
    expect(digestOf(one(f, 'day'), heads)).toBe(one(f, 'digest'));
  });
});
