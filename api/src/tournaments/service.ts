/**
 * Sit & Go's as the api's services see them: registration and reading (registry.ts), the operators'
 * cancel and counts. The tables' organiser (director.ts) lives with the realtime runtime and is
 * attached once it runs; before that (or without sockets) a cancel can only refund a registering one.
 */
import type { Knex } from '@mikro-orm/postgresql';
import type { Ledger } from '../ledger/ledger.js';
import type { TournamentDirector } from './director.js';
import { createLifecycle, type Lifecycle } from './lifecycle.js';
import { createTournamentRegistry, type RegistryDeps, type TournamentRegistry } from './registry.js';

export interface TournamentsService extends TournamentRegistry {
  lifecycle: Lifecycle;
  /** An operator cancels: false when it is over already (or unknown). */
  cancel(id: string, operatorId: string): Promise<boolean>;
  /** Counts for the bot's /stats. */
  stats(): Promise<{ registering: number; running: number; finishedToday: number; cancelledToday: number }>;
  attach(director: TournamentDirector): void;
}

export function createTournaments(deps: RegistryDeps & { knex: Knex; ledger: Ledger }): TournamentsService {
  const registry = createTournamentRegistry(deps);
  const lifecycle = createLifecycle(deps.knex, deps.ledger);
  let director: TournamentDirector | null = null;
  return {
    ...registry,
    lifecycle,
    async cancel(id, operatorId) {
      if (director) return director.cancel(id, operatorId);
      const status = await deps.knex.raw<{ rows: { status: string }[] }>(
        `select status from tournaments where id = ?`,
        [id],
      );
      if (status.rows[0]?.status !== 'registering') return false;
      return (await lifecycle.cancel(id, operatorId)) !== null;
    },
    async stats() {
      const r = await deps.knex.raw<{ rows: Record<string, string>[] }>(
        `select count(*) filter (where status = 'registering') as registering,
                count(*) filter (where status = 'running') as running,
                count(*) filter (where status = 'finished' and finished_at >= date_trunc('day', now())) as finished,
                count(*) filter (where status = 'cancelled' and finished_at >= date_trunc('day', now())) as cancelled
           from tournaments`,
      );
      const row = r.rows[0]!;
      return {
        registering: Number(row.registering),
        running: Number(row.running),
        finishedToday: Number(row.finished),
        cancelledToday: Number(row.cancelled),
      };
    },
    attach(d) {
      director = d;
    },
  };
}
