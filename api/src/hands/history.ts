/**
 * The hand history queries. "My hands" pages through hand_players, the per-player index written when
 * a hand ends (migration hand_history): one backward range scan of its primary key per page, then
 * the page's hands by id. Redaction happens on the way out (redaction.ts), never in SQL.
 */
import type { Knex } from '@mikro-orm/postgresql';
import { SvaraError, type TableState } from '@svara/core';
import { decodeCursor, encodeCursor } from './cursor.js';
import { replayFrames, summarize, type StoredHand, type StoredStep } from './redaction.js';
import type { HandDetail, HandPage, HandSummary } from './types.js';

export const PAGE_DEFAULT = 20;
export const PAGE_MAX = 50;

export type { HandPage };

/** The list's SQL: `$cursor` is `and (hp.finished_at, hp.hand_id) < (?::timestamptz, ?::uuid)` or nothing. */
export function listSql(withCursor: boolean): string {
  return `select hp.hand_id as id, hp.finished_at::text as cursor_at,
                 to_char(hp.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as finished_at,
                 h.room_id, h.hand_number, h.state
            from hand_players hp
            join hands h on h.id = hp.hand_id
           where hp.user_id = ?::bigint
             ${withCursor ? 'and (hp.finished_at, hp.hand_id) < (?::timestamptz, ?::uuid)' : ''}
           order by hp.finished_at desc, hp.hand_id desc
           limit ?`;
}

export const DETAIL_SQL = `
  select h.id, h.room_id, h.hand_number, h.state, h.start_state,
         to_char(h.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as finished_at,
         coalesce((select json_agg(json_build_object('step', s.step, 'action', s.action, 'at', s.at) order by s.seq)
                     from hand_step_log s
                    where s.room_id = h.room_id and s.hand_number = h.hand_number), '[]') as steps
    from hands h
   where h.id = ?::uuid and h.status = 'finished'`;

/** One finished hand's row without its replay (what a summary reads). */
const SUMMARY_SQL = `
  select h.id, h.room_id, h.hand_number, h.state,
         to_char(h.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as finished_at
    from hands h
   where h.id = ?::uuid and h.status = 'finished'`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ListRow = {
  id: string;
  cursor_at: string;
  finished_at: string;
  room_id: string;
  hand_number: number;
  state: TableState;
};

type SummaryRow = Omit<ListRow, 'cursor_at'>;

type DetailRow = SummaryRow & { start_state: TableState | null; steps: StoredStep[] };

export interface HandHistory {
  /** The viewer's finished hands, newest first, `limit` a page (at most PAGE_MAX). */
  list(userId: string, options?: { cursor?: string | null; limit?: number }): Promise<HandPage>;
  /**
   * One finished hand with its replay, as `viewerId` may see it: their own view if they were dealt
   * in (unless `publicView`), the spectator's otherwise. SvaraError('not_found') if there is none.
   */
  get(handId: string, viewerId: string | null, options?: { publicView?: boolean }): Promise<HandDetail>;
  /**
   * One finished hand's summary as a spectator saw it (what a shared link may tell anyone), or null
   * for an id that is not a finished hand, a malformed one included (it comes from anyone's input).
   */
  publicSummary(handId: string): Promise<HandSummary | null>;
}

function stored(row: SummaryRow | DetailRow): StoredHand {
  return {
    id: row.id,
    roomId: row.room_id,
    handNumber: row.hand_number,
    finishedAt: row.finished_at,
    state: row.state,
    startState: 'start_state' in row ? row.start_state : null,
    steps: 'steps' in row ? row.steps : [],
  };
}

export function createHandHistory(knex: Knex): HandHistory {
  return {
    async list(userId, options = {}) {
      const limit = Math.min(Math.max(1, options.limit ?? PAGE_DEFAULT), PAGE_MAX);
      const cursor = options.cursor ? decodeCursor(options.cursor) : null;
      const bindings = cursor ? [userId, cursor.finishedAt, cursor.handId, limit + 1] : [userId, limit + 1];
      const result = await knex.raw<{ rows: ListRow[] }>(listSql(cursor !== null), bindings);
      const rows = result.rows.slice(0, limit);
      const last = rows[rows.length - 1];
      return {
        hands: rows.map((row) => summarize(stored(row), userId)),
        nextCursor:
          result.rows.length > limit && last
            ? encodeCursor({ finishedAt: last.cursor_at, handId: last.id })
            : null,
      };
    },

    async get(handId, viewerId, options = {}) {
      const result = await knex.raw<{ rows: DetailRow[] }>(DETAIL_SQL, [handId]);
      const row = result.rows[0];
      if (!row) throw new SvaraError('not_found', 'no finished hand with this id');
      const hand = stored(row);
      const viewer = options.publicView ? null : viewerId;
      return { hand: summarize(hand, viewer), frames: replayFrames(hand, viewer) };
    },

    async publicSummary(handId) {
      if (!UUID.test(handId)) return null;
      const result = await knex.raw<{ rows: SummaryRow[] }>(SUMMARY_SQL, [handId]);
      const row = result.rows[0];
      return row ? summarize(stored(row), null) : null;
    },
  };
}
