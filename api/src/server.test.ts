import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { createServer } from './server.js';
import { useTestDatabase } from './test-support/db.js';

const db = useTestDatabase();

/** Starts a POST whose body is still being sent: a request in flight. */
function startSlowRequest(port: number) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json', connection: 'close' },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  request.write('{"initData":');
  return { finish: () => request.end('"not-signed"}'), response };
}

describe('createServer', () => {
  it('stops accepting on close but lets the request in flight finish', async () => {
    const api = createServer({
      config: loadConfig({ NODE_ENV: 'test' }),
      logger: createLogger({ level: 'silent', pretty: false }),
      orm: db.current.orm,
      miniappDist: null,
    });
    const port = await api.listen(0, '127.0.0.1');
    const slow = startSlowRequest(port);
    await new Promise((resolve) => setTimeout(resolve, 50));

    let closed = false;
    const closing = api.close(5000).then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();

    slow.finish();
    const answer = await slow.response;
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'auth_validation_failed' });
    await closing;
    expect(closed).toBe(true);
  });
});
