/**
 * The Redis the tests use (TEST_REDIS_URL, or the one .ci/run starts on 127.0.0.1:6379), and whether
 * it answers: tests of several nodes are skipped, with a message, on a machine without one.
 */
import { createConnection } from 'node:net';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when something accepts a connection at TEST_REDIS_URL within half a second. */
export function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const probe = createConnection({ host: hostname, port: Number(port || 6379) });
    probe.setTimeout(500);
    probe.once('connect', () => (probe.end(), resolve(true)));
    probe.once('error', () => resolve(false));
    probe.once('timeout', () => (probe.destroy(), resolve(false)));
  });
}
