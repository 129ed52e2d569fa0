/**
 * Health: `/health` is liveness (the process answers; nothing else is asked, so it stays cheap and a
 * slow database never gets a node restarted), `/health/ready` is readiness: 200 only while the
 * database and, when configured, Redis answer, else 503 naming what does not. The container health
 * check and the proxy ask readiness, so a node that lost its database gets no players.
 */
import type Router from 'koa-router';
import type { AppState } from '../context.js';

export type CheckState = 'ok' | 'down';

export interface ReadinessChecks {
  database: () => Promise<unknown>;
  /** Absent without REDIS_URL. */
  redis?: (() => Promise<unknown>) | undefined;
}

export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; redis?: CheckState };
}

/** A check that neither answers nor fails within this time counts as down. */
export const READINESS_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<unknown>, timeoutMs: number): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve('down'), timeoutMs);
  });
  try {
    return await Promise.race([
      check().then(
        () => 'ok' as const,
        () => 'down' as const,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(
  checks: ReadinessChecks,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    probe(checks.database, timeoutMs),
    checks.redis ? probe(checks.redis, timeoutMs) : Promise.resolve(undefined),
  ]);
  return {
    ready: database === 'ok' && redis !== 'down',
    checks: { database, ...(redis ? { redis } : {}) },
  };
}

export function healthRoutes(router: Router<AppState>, checks: ReadinessChecks) {
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/health/ready', async (ctx) => {
    const state = await readiness(checks);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = state.ready ? 200 : 503;
    ctx.body = { status: state.ready ? 'ok' : 'unavailable', checks: state.checks };
  });
}
