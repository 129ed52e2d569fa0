/**
 * Wrong private-room passwords, limited per player and room and per room from everyone, in a
 * sliding window: a 6-digit password would otherwise fall to one account in about two days of the
 * generic request limit. Kept in PostgreSQL (`room_password_failures`) rather than Redis so that
 * every api node counts the same failures whether REDIS_URL is set or not; a password check is
 * rare enough that a row per failure costs nothing.
 *
 * An attempt is counted before its password is checked (`begin`) and uncounted when the password
 * is right (`succeeded`): parallel guesses each see the others' rows, so no burst gets past the
 * limit, and a right password leaves the other players' counts as they were.
 */
import { SvaraError } from '@svara/core';
import type { Knex } from 'knex';
import { z } from 'zod';

export const passwordAttemptLimitsSchema = z.object({
  /** Wrong passwords one player may give one room in a window. */
  perPlayer: z.int().positive(),
  /** Wrong passwords one room takes from everyone in a window. */
  perRoom: z.int().positive(),
  windowMs: z.int().positive(),
});
export type PasswordAttemptLimits = z.infer<typeof passwordAttemptLimitsSchema>;

export const DEFAULT_PASSWORD_ATTEMPT_LIMITS: PasswordAttemptLimits = {
  perPlayer: 5,
  perRoom: 30,
  windowMs: 15 * 60_000,
};

/** too_many_attempts, answered 429 with Retry-After (http/app.ts reads `retryAfterSeconds`). */
export class TooManyAttempts extends SvaraError {
  readonly status = 429;
  constructor(
    readonly retryAfterSeconds: number,
    detail: string,
  ) {
    super('too_many_attempts', detail);
  }
}

export interface PasswordAttempt {
  /** The password was right: this attempt is not counted as a failure. */
  succeeded(): Promise<void>;
}

export interface PasswordAttempts {
  /** Counts an attempt at `roomId`'s password; TooManyAttempts when the player or the room is over its limit. */
  begin(roomId: string, userId: string): Promise<PasswordAttempt>;
}

const TABLE = 'room_password_failures';

export function createPasswordAttempts(deps: {
  knex: Knex;
  limits?: PasswordAttemptLimits;
  /** Milliseconds since the epoch; tests move it. */
  clock?: () => number;
}): PasswordAttempts {
  const { knex } = deps;
  const limits = passwordAttemptLimitsSchema.parse(deps.limits ?? DEFAULT_PASSWORD_ATTEMPT_LIMITS);
  const clock = deps.clock ?? Date.now;
  let sweptAt = 0;

  /** Seconds until the `limit`-th newest of the failures `where` selects leaves the window. */
  async function secondsUntilBelow(where: Record<string, string>, since: Date, limit: number, now: number) {
    const row = (await knex(TABLE)
      .where(where)
      .where('failed_at', '>', since)
      .orderBy('failed_at', 'desc')
      .offset(limit - 1)
      .first('failed_at')) as { failed_at: Date | string } | undefined;
    const freeAt = row ? new Date(row.failed_at).getTime() + limits.windowMs : now;
    return Math.max(1, Math.ceil((freeAt - now) / 1000));
  }

  /** Failures older than the window are of no use: dropped at most once a window by each node. */
  async function sweep(now: number) {
    if (now - sweptAt < limits.windowMs) return;
    sweptAt = now;
    await knex(TABLE)
      .where('failed_at', '<=', new Date(now - limits.windowMs))
      .delete();
  }

  return {
    async begin(roomId, userId) {
      const now = clock();
      const since = new Date(now - limits.windowMs);
      await sweep(now);
      const [inserted] = (await knex(TABLE)
        .insert({ room_id: roomId, user_id: userId, failed_at: new Date(now) })
        .returning('id')) as { id: string }[];
      const id = inserted!.id;
      const forget = () => knex(TABLE).where('id', id).delete();
      const counts = (await knex(TABLE)
        .where('room_id', roomId)
        .where('failed_at', '>', since)
        .first(
          knex.raw('count(*)::int as room'),
          knex.raw('(count(*) filter (where user_id = ?))::int as player', [userId]),
        )) as { room: number; player: number };

      if (counts.player > limits.perPlayer || counts.room > limits.perRoom) {
        await forget();
        const byPlayer = counts.player > limits.perPlayer;
        const retryAfter = byPlayer
          ? await secondsUntilBelow({ room_id: roomId, user_id: userId }, since, limits.perPlayer, now)
          : await secondsUntilBelow({ room_id: roomId }, since, limits.perRoom, now);
        throw new TooManyAttempts(
          retryAfter,
          `${byPlayer ? `player ${userId}` : 'everyone'} gave room ${roomId} too many wrong passwords`,
        );
      }
      return { succeeded: async () => void (await forget()) };
    },
  };
}
