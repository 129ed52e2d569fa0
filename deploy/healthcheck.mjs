/**
 * The container healthcheck (Dockerfile HEALTHCHECK and docker-compose.yml): GET /api/v1/health/ready
 * on this container's own PORT, the readiness check that asks the database and Redis. Exit 0 when it
 * answers 200 {"status":"ok"} within the timeout, else 1. Node's fetch rather than curl, which the
 * slim image lacks.
 */
const port = process.env.PORT || '3000';
const url = `http://127.0.0.1:${port}/api/v1/health/ready`;
const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS) || 4000;

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const body = await response.json().catch(() => null);
  if (response.status === 200 && body?.status === 'ok') process.exit(0);
  console.error(`unhealthy: ${url} answered ${response.status}`);
} catch (error) {
  console.error(`unhealthy: ${url}: ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(1);
