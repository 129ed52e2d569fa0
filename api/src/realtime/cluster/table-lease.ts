/**
 * Table leases in PostgreSQL (the `table_leases` table): a node runs a room's table only while it
 * holds the room's lease, a row naming the node that expires unless renewed. Taking a lease that is
 * free, expired or already ours is one upsert; every acquisition adds one to the row's fencing
 * token, which the table's writes then carry (table_commit refuses a stale one: SV004). Renewing
 * extends the node's leases in one statement and tells which are still its own.
 *
 * The database's clock decides expiry (`now()`), so the nodes' clocks need not agree.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Knex } from '@mikro-orm/postgresql';
import { z } from 'zod';

/** Lease timing: a takeover happens at most ttlMs + watchEveryMs (+ the resume) after a node dies. */
export type LeaseTiming = {
  /** How long a lease lasts from its last renewal. */
  ttlMs: number;
  /** How often the holder renews its leases (several renewals fit in one TTL). */
  renewEveryMs: number;
  /** How often a node looks for tables whose owner's lease expired. */
  watchEveryMs: number;
};

/** 2 s TTL, renewed every 0.5 s, watched every 0.5 s: a dead node's tables move within ~2.5 s. */
export const DEFAULT_LEASE_TIMING: LeaseTiming = { ttlMs: 2_000, renewEveryMs: 500, watchEveryMs: 500 };

/** This process among the api nodes: the machine, the process and a random part. */
export function newNodeId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** SQLSTATE of table_commit (and of the fenced seat writes) refusing a stale fencing token. */
export const FENCE_REFUSED = 'SV004';

/** The write came from a node that no longer owns the room's table. */
export class LeaseLostError extends Error {
  readonly code = FENCE_REFUSED;
  constructor(readonly roomId: string) {
    super(`this node no longer owns the table of room ${roomId}`);
    this.name = 'LeaseLostError';
  }
}

export const isFenceRefusal = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === FENCE_REFUSED;

const tokenRows = z.array(z.object({ token: z.coerce.number().int().positive() }));
const roomRows = z.array(z.object({ room_id: z.string() }));
const ownerRows = z.array(z.object({ room_id: z.string(), node_id: z.string() }));

export class TableLeases {
  constructor(
    private readonly knex: Knex,
    readonly nodeId: string,
    readonly ttlMs: number,
  ) {}

  /**
   * Takes the room's lease when it is free or expired (or ours): its new fencing token, else null.
   * The row is locked FOR UPDATE first: that waits for a commit of the room under way (it holds the
   * row FOR KEY SHARE, table_commit's fence check), and the commits after see the new token.
   */
  async acquire(roomId: string): Promise<number | null> {
    return this.knex.transaction(async (trx) => {
      await trx.raw(`select 1 from table_leases where room_id = ? for update`, [roomId]);
      return this.upsert(trx, roomId);
    });
  }

  private async upsert(trx: Knex, roomId: string): Promise<number | null> {
    const result = await trx.raw<{ rows: unknown[] }>(
      `insert into table_leases (room_id, node_id, token, expires_at)
       values (?, ?, 1, now() + ?::double precision * interval '1 millisecond')
       on conflict (room_id) do update
         set node_id = excluded.node_id, token = table_leases.token + 1, expires_at = excluded.expires_at
         where table_leases.expires_at <= now() or table_leases.node_id = excluded.node_id
       returning token`,
      [roomId, this.nodeId, this.ttlMs],
    );
    const rows = tokenRows.parse(result.rows);
    return rows[0]?.token ?? null;
  }

  /**
   * Extends this node's leases of `roomIds`; the rooms whose lease is still ours. Only `expires_at`
   * changes: the rows are locked FOR NO KEY UPDATE, which the commits' FOR KEY SHARE does not
   * conflict with, so a renewal and the node's commits never wait on each other. In room order, the
   * order every other locker of several rows takes them in.
   */
  async renew(roomIds: readonly string[]): Promise<Set<string>> {
    if (roomIds.length === 0) return new Set();
    const result = await this.knex.raw<{ rows: unknown[] }>(
      `with mine as (
         select room_id from table_leases
          where node_id = ? and room_id = any(?::uuid[])
          order by room_id for no key update
       )
       update table_leases l set expires_at = now() + ?::double precision * interval '1 millisecond'
         from mine where l.room_id = mine.room_id
       returning l.room_id`,
      [this.nodeId, [...roomIds], this.ttlMs],
    );
    return new Set(roomRows.parse(result.rows).map((r) => r.room_id));
  }

  /** Gives the leases up (those still ours), so the next owner need not wait for them to expire. */
  async release(roomIds: readonly string[]): Promise<void> {
    if (roomIds.length === 0) return;
    await this.knex.raw(
      `with mine as (
         select room_id from table_leases
          where node_id = ? and room_id = any(?::uuid[])
          order by room_id for update
       )
       delete from table_leases l using mine where l.room_id = mine.room_id`,
      [this.nodeId, [...roomIds]],
    );
  }

  /** The nodes holding a live lease on any of `roomIds` (room → node). */
  async liveOwners(roomIds: readonly string[]): Promise<Map<string, string>> {
    if (roomIds.length === 0) return new Map();
    const rows: unknown = await this.knex('table_leases')
      .select('room_id', 'node_id')
      .whereIn('room_id', [...roomIds])
      .andWhereRaw('expires_at > now()');
    return new Map(ownerRows.parse(rows).map((r) => [r.room_id, r.node_id]));
  }

  /** The node holding the room's live lease, or null. */
  async owner(roomId: string): Promise<string | null> {
    return (await this.liveOwners([roomId])).get(roomId) ?? null;
  }

  /**
   * Open rooms that need a table but have no live owner: a hand left running or anybody seated, and
   * no lease, or an expired one (its node died or stopped).
   */
  async orphans(): Promise<string[]> {
    const result = await this.knex.raw<{ rows: unknown[] }>(
      `select r.id as room_id
         from rooms r
         left join table_leases l on l.room_id = r.id
        where r.status = 'open'
          and (l.room_id is null or l.expires_at <= now())
          and (exists (select 1 from seats s where s.room_id = r.id)
               or exists (select 1 from hands h where h.room_id = r.id and h.status = 'running'))`,
    );
    return roomRows.parse(result.rows).map((r) => r.room_id);
  }

  /**
   * Fails with LeaseLostError unless `token` is the room's current one; locks the row (key share, as
   * table_commit does) till the end of `trx`, so a takeover waits for the write.
   */
  async assertToken(trx: Knex, roomId: string, token: number): Promise<void> {
    const result = await trx.raw<{ rows: unknown[] }>(
      `select token from table_leases where room_id = ? for key share`,
      [roomId],
    );
    const current = tokenRows.parse(result.rows)[0]?.token;
    if (current !== token) throw new LeaseLostError(roomId);
  }
}
