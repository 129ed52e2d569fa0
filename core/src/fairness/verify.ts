/**
 * The verifier every app runs (Mini App, /verify page, CLI): from a hand's public record it
 * recomputes, with the engine's own shuffle, the commitment, the mixed client seed, the deck and the
 * deal, and the record's place in its table's hash chain. Pure: the callers fetch the record.
 */
import { z } from 'zod';
import { cardSchema } from '../card-schema.js';
import { combineClientSeeds, isServerSeedHex, seedCommitment, shuffleDeck } from '../shuffle.js';
import {
  dealFromDeck,
  dealHash,
  GENESIS_HASH,
  handRecordHash,
  type HandRecordFields,
  type SeatCards,
} from './record.js';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const seatCardsSchema = z.object({ position: z.number().int().min(1), cards: z.array(cardSchema).length(3) });

/** What GET /api/v1/fairness/hands/:id answers: the record, its hash, and the cards shown at showdown. */
export const publicHandRecordSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  handNumber: z.number().int().min(1),
  status: z.enum(['finished', 'voided']),
  svara: z.boolean(),
  commitment: hex64,
  serverSeed: hex64,
  clientSeed: z.string().min(1),
  playerSeeds: z.array(z.string()),
  dealOrder: z.array(z.number().int().min(1)).min(2).max(6),
  dealHash: hex64,
  prevHash: hex64,
  recordHash: hex64,
  /** When the hand ended, ISO time. */
  finishedAt: z.string(),
  shown: z.array(seatCardsSchema),
});
export type PublicHandRecord = z.infer<typeof publicHandRecordSchema>;

/**
 * The public id (`<roomId>-<handNumber>`) of the hand before `record` in its room, whose record the
 * chain check links to; null for a room's first hand.
 */
export function previousHandId(record: Pick<PublicHandRecord, 'roomId' | 'handNumber'>): string | null {
  return record.handNumber > 1 ? `${record.roomId}-${record.handNumber - 1}` : null;
}

export type FairnessCheckName =
  'commitment' | 'clientSeed' | 'ownSeed' | 'deal' | 'shownCards' | 'ownCards' | 'chain';
export type FairnessCheck = { name: FairnessCheckName; ok: boolean };
export type HandVerification = {
  ok: boolean;
  checks: FairnessCheck[];
  /** The deal recomputed from the seeds, seat by seat in deal order (the caller decides what to print). */
  deal: SeatCards[];
};

const sameCards = (a: SeatCards['cards'], b: SeatCards['cards']) =>
  a.length === b.length && a.every((c, i) => c.rank === b[i]!.rank && c.suit === b[i]!.suit);

export type VerifyExtras = {
  /** The viewer's own cards, when known. */
  ownCards?: SeatCards;
  /** The seed the viewer's app sent for this hand after its commitment was shown (FAIRNESS.md §6). */
  ownSeed?: string;
  /**
   * The room's record of the hand before, as fetched (its hash is recomputed here, not taken from
   * it); null when that hand has no record, so this one must open its room's chain. Left out: the
   * link is not checked.
   */
  previous?: HandRecordFields | null;
};

/**
 * Checks a record: the seed matches the commitment shown before the deal; the players' seeds mix into
 * the client seed, `ownSeed` among them; the deck they give deals exactly the cards recorded (their
 * hash), the cards shown at the showdown and `ownCards`; and the record hashes to `recordHash`,
 * linked to `previous` (FAIRNESS.md describes every formula).
 */
export function verifyHandRecord(record: PublicHandRecord, extra: VerifyExtras = {}): HandVerification {
  const checks: FairnessCheck[] = [];
  const seedOk = isServerSeedHex(record.serverSeed);
  checks.push({ name: 'commitment', ok: seedOk && seedCommitment(record.serverSeed) === record.commitment });
  const mixed = combineClientSeeds(record.playerSeeds);
  checks.push({ name: 'clientSeed', ok: mixed === record.clientSeed });
  if (extra.ownSeed !== undefined) {
    checks.push({ name: 'ownSeed', ok: record.playerSeeds.includes(extra.ownSeed) });
  }
  let deal: SeatCards[] = [];
  try {
    deal = dealFromDeck(
      shuffleDeck(record.serverSeed, record.clientSeed, record.handNumber),
      record.dealOrder,
    );
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  checks.push({ name: 'deal', ok: deal.length > 0 && dealHash(deal) === record.dealHash });
  const at = (position: number) => deal.find((s) => s.position === position);
  if (record.shown.length > 0) {
    const ok = record.shown.every((s) => {
      const dealt = at(s.position);
      return dealt !== undefined && sameCards(dealt.cards, s.cards);
    });
    checks.push({ name: 'shownCards', ok });
  }
  if (extra.ownCards) {
    const dealt = at(extra.ownCards.position);
    checks.push({
      name: 'ownCards',
      ok: dealt !== undefined && sameCards(dealt.cards, extra.ownCards.cards),
    });
  }
  const fields: HandRecordFields = record;
  const previous = extra.previous;
  const linked =
    previous === undefined ||
    (previous === null
      ? record.prevHash === GENESIS_HASH
      : previous.roomId === record.roomId && handRecordHash(previous) === record.prevHash);
  checks.push({ name: 'chain', ok: linked && handRecordHash(fields) === record.recordHash });
  return { ok: checks.every((c) => c.ok), checks, deal };
}
