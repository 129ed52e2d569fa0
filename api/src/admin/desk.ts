/**
 * The operators' desk: the read side of the bot's /withdrawals, /user and /stats. Decisions and
 * suspensions go through the payments and suspension services; this only looks.
 */
import type { Knex } from '@mikro-orm/postgresql';
import type { DeskStats, DeskUserCard, DeskWithdrawal } from '@svara/core';
import { createPlayerQueries } from './players.js';
import { createStats, type StatsDeps } from './stats.js';

export type { DeskUserCard, DeskWithdrawal, DeskStats };

export interface DeskService {
  /** The Telegram id for a `/user` argument (a Telegram id or a @username); null if nobody matches. */
  findUser(query: string): Promise<string | null>;
  userCard(userId: string): Promise<DeskUserCard | null>;
  /** One withdrawal as its review message shows it, in whatever state it is now. */
  withdrawal(orderId: string): Promise<DeskWithdrawal | null>;
  stats(): Promise<DeskStats>;
}

export function createDesk(deps: { knex: Knex } & Omit<StatsDeps, 'knex'>): DeskService {
  const players = createPlayerQueries(deps.knex);
  const stats = createStats(deps);
  return {
    findUser: players.find,
    userCard: players.userCard,
    withdrawal: players.withdrawal,
    stats,
  };
}
