/**
 * The fairness record of a finished hand (RULES §7) and the hash chain over a table's hands: every
 * record names the hash of the room's previous record, so rewriting one past hand changes every
 * hash after it, and the daily digest (api/src/fairness/digest.ts) pins the chains' heads.
 *
 * The record says nothing about cards a player kept hidden: the deal enters it only as a hash, which
 * a verifier recomputes from the revealed seed. (Once the seed is revealed anyone can recompute the
 * whole deck: that is what RULES §7 promises. The record and the apps still never print the cards
 * that were not shown.)
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Card } from '../cards.js';

/** The `prevHash` of a room's first record. */
export const GENESIS_HASH = '0'.repeat(64);

export type HandRecordStatus = 'finished' | 'voided';

/** The cards a seat was dealt, in the order dealt. */
export type SeatCards = { position: number; cards: Card[] };

/** What the hash chain commits to for one hand. */
export type HandRecordFields = {
  roomId: string;
  handNumber: number;
  status: HandRecordStatus;
  svara: boolean;
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  /** The client seeds of the seated players that were mixed into `clientSeed`, sorted. */
  playerSeeds: string[];
  /** Seat positions in deal order: the player left of the dealer first (RULES §2.4). */
  dealOrder: number[];
  /** dealHash() of the cards dealt. */
  dealHash: string;
  prevHash: string;
};

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

const SUIT_LETTER = { hearts: 'h', diamonds: 'd', clubs: 'c', spades: 's' } as const;
const cardCode = (c: Card) => `${c.rank}${SUIT_LETTER[c.suit]}`;

/** SHA-256 of the deal written as `position:card card card` per seat in deal order, joined by `|`, cards as `Ah 10c 7s`. */
export function dealHash(deal: readonly SeatCards[]): string {
  return sha256Hex(deal.map((s) => `${s.position}:${s.cards.map(cardCode).join(' ')}`).join('|'));
}

/**
 * The deal a deck gives, RULES §2.4: one card at a time, clockwise from the player left of the
 * dealer, so seat k of n gets deck positions k, k + n, k + 2n.
 */
export function dealFromDeck(deck: readonly Card[], dealOrder: readonly number[]): SeatCards[] {
  const n = dealOrder.length;
  return dealOrder.map((position, k) => ({ position, cards: [deck[k]!, deck[k + n]!, deck[k + 2 * n]!] }));
}

/** The text whose SHA-256 is the record's hash: one `name=value` line each, in this order. */
export function handRecordText(r: HandRecordFields): string {
  return [
    'svara-fair-hand-v1',
    `room=${r.roomId}`,
    `hand=${r.handNumber}`,
    `status=${r.status}`,
    `svara=${r.svara ? 1 : 0}`,
    `commitment=${r.commitment}`,
    `server_seed=${r.serverSeed}`,
    `client_seed=${r.clientSeed}`,
    `player_seeds=${JSON.stringify([...r.playerSeeds].sort())}`,
    `deal_order=${r.dealOrder.join(',')}`,
    `deal=${r.dealHash}`,
    `prev=${r.prevHash}`,
  ].join('\n');
}

export function handRecordHash(r: HandRecordFields): string {
  return sha256Hex(handRecordText(r));
}

/** The head of a room's chain: its last record. */
export type ChainHead = { roomId: string; handNumber: number; recordHash: string };

/**
 * The daily digest of the chains' heads (FAIRNESS.md §5): SHA-256 of the lines `svara-fair-digest-v1`,
 * `day=<YYYY-MM-DD>`, then `<roomId>:<handNumber>:<recordHash>` for every head, sorted by room id.
 */
export function digestOf(day: string, heads: readonly ChainHead[]): string {
  const lines = [...heads]
    .sort((a, b) => (a.roomId < b.roomId ? -1 : a.roomId > b.roomId ? 1 : 0))
    .map((h) => `${h.roomId}:${h.handNumber}:${h.recordHash}`);
  return sha256Hex(['svara-fair-digest-v1', `day=${day}`, ...lines].join('\n'));
}
