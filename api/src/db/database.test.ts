import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { embeddedPortFile, withRecordedEmbeddedPort } from './database.js';

describe('the embedded database a tool finds (npm run ledger:check)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  function dataDir(): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'svara-port-'));
    dirs.push(dir);
    return path.join(dir, 'pg');
  }

  it('is the one the running api recorded, on whatever port it runs', () => {
    const dir = dataDir();
    writeFileSync(embeddedPortFile(dir), '55123\n');
    const config = loadConfig({ EMBEDDED_PG_DIR: dir });
    expect(withRecordedEmbeddedPort(config, {}).embeddedPg.port).toBe(55123);
  });

  it('keeps the configured port when none is recorded, or when the tool is given one or DATABASE_URL', () => {
    const dir = dataDir();
    expect(withRecordedEmbeddedPort(loadConfig({ EMBEDDED_PG_DIR: dir }), {}).embeddedPg.port).toBe(54329);
    writeFileSync(embeddedPortFile(dir), '55123\n');
    const env = { EMBEDDED_PG_DIR: dir, EMBEDDED_PG_PORT: '55000' };
    expect(withRecordedEmbeddedPort(loadConfig(env), env).embeddedPg.port).toBe(55000);
    const remote = { EMBEDDED_PG_DIR: dir, DATABASE_URL: 'postgres://db/svara' };
    expect(withRecordedEmbeddedPort(loadConfig(remote), remote)).toEqual(loadConfig(remote));
  });
});
