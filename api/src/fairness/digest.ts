/**
 * The daily digest of every table's hash chain: for a UTC day, the head of each room's chain as it
 * stood when the day ended (its last record recorded before midnight), hashed together. It is
 * published once the day is over (logged, stored, served at /api/v1/fairness/digest/<day>), so a
 * past hand rewritten later would no longer lead to the head the digest names.
 *
 * The digest's formula is core's digestOf (FAIRNESS.md §5).
 */
import type { Knex } from '@mikro-orm/postgresql';
import { digestOf, type ChainHead } from '@svara/core';
import type { Logger } from '../logger.js';

export { digestOf, type ChainHead };
export type DailyDigest = {
  day: string;
  digest: string;
  chains: number;
  hands: number;
  heads: ChainHead[];
  publishedAt: string;
};

const DAY_MS = 86_400_000;
const GRACE_MS = 5 * 60_000;

/** `YYYY-MM-DD` of a UTC day. */
export const dayOf = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => dayOf(dayStart(day).getTime() + DAY_MS);

type HeadRow = { room_id: string; hand_number: number; record_hash: string };
type DigestRow = {
  day: string | Date;
  digest: string;
  chains: number;
  hands: number;
  heads: ChainHead[];
  published_at: Date;
};

const toDigest = (r: DigestRow): DailyDigest => ({
  day: typeof r.day === 'string' ? r.day.slice(0, 10) : dayOf(r.day),
  digest: r.digest,
  chains: r.chains,
  hands: r.hands,
  heads: r.heads,
  publishedAt: new Date(r.published_at).toISOString(),
});

export interface FairnessDigests {
  /** The published digest of `day`, or null (not published: the day is not over, or had no records). */
  get(day: string): Promise<DailyDigest | null>;
  /** Publishes every finished day since the first record that has no digest yet; returns them. */
  publishDue(now: Date): Promise<DailyDigest[]>;
}

export function createFairnessDigests(knex: Knex, logger: Logger): FairnessDigests {
  async function stored(day: string): Promise<DailyDigest | null> {
    const r = await knex.raw<{ rows: DigestRow[] }>(
      `select day::text as day, digest, chains, hands, heads, published_at from fairness_digests where day = ?`,
      [day],
    );
    return r.rows[0] ? toDigest(r.rows[0]) : null;
  }

  /** The heads when `day` ended: the previous day's heads moved on by the day's own records. */
  async function headsAt(day: string): Promise<{ heads: ChainHead[]; hands: number }> {
    const end = dayStart(nextDay(day));
    const start = dayStart(day);
    const previous = await stored(dayOf(start.getTime() - DAY_MS));
    const from = previous ? start : new Date(0);
    const moved = await knex.raw<{ rows: HeadRow[] }>(
      `select distinct on (room_id) room_id, hand_number, record_hash from hand_fairness
        where recorded_at >= ? and recorded_at < ? order by room_id, hand_number desc`,
      [from, end],
    );
    const count = await knex.raw<{ rows: { n: string }[] }>(
      `select count(*) as n from hand_fairness where recorded_at >= ? and recorded_at < ?`,
      [start, end],
    );
    const heads = new Map((previous?.heads ?? []).map((h) => [h.roomId, h]));
    for (const r of moved.rows) {
      heads.set(r.room_id, { roomId: r.room_id, handNumber: r.hand_number, recordHash: r.record_hash });
    }
    return {
      heads: [...heads.values()].sort((a, b) => (a.roomId < b.roomId ? -1 : 1)),
      hands: Number(count.rows[0]!.n),
    };
  }

  async function publish(day: string): Promise<DailyDigest> {
    const { heads, hands } = await headsAt(day);
    const digest = digestOf(day, heads);
    await knex.raw(
      `insert into fairness_digests (day, digest, chains, hands, heads) values (?, ?, ?, ?, ?::jsonb)
       on conflict (day) do nothing`,
      [day, digest, heads.length, hands, JSON.stringify(heads)],
    );
    const published = (await stored(day))!;
    logger.info(
      { day, digest: published.digest, chains: published.chains, hands: published.hands },
      'fairness digest',
    );
    return published;
  }

  return {
    get: stored,

    async publishDue(now) {
      const first = await knex.raw<{ rows: { at: Date | null }[] }>(
        `select min(recorded_at) as at from hand_fairness`,
      );
      const last = await knex.raw<{ rows: { day: string | null }[] }>(
        `select max(day)::text as day from fairness_digests`,
      );
      if (!first.rows[0]?.at) return [];
      // A few minutes' grace after midnight: a record whose transaction began before it is in.
      const today = dayOf(now.getTime() - GRACE_MS);
      let day = last.rows[0]?.day ? nextDay(last.rows[0].day) : dayOf(first.rows[0].at);
      const out: DailyDigest[] = [];
      for (; day < today; day = nextDay(day)) out.push(await publish(day));
      return out;
    },
  };
}
