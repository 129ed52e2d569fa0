import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { othersCanReach, postgresReachable } from './embedded-reach.js';

describe('where the postgres user can reach the embedded database', () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'svara-reach-'));
  const closed = path.join(base, 'closed');
  mkdirSync(closed, { mode: 0o700 });

  it('is nowhere under a directory only its owner may enter (mktemp -d, /root)', () => {
    expect(othersCanReach(path.join(closed, 'svara', '.data', 'pg'))).toBe(false);
    // mkdtemp makes 700 folders too: the test's own base is closed.
    expect(othersCanReach(path.join(base, 'x'))).toBe(false);
  });

  it('is anywhere every directory above lets others through', () => {
    expect(othersCanReach(path.join(os.tmpdir(), 'x'))).toBe(true);
    expect(othersCanReach('/usr/bin/env')).toBe(true);
  });

  it('moves a closed data directory under the temporary directory, the same one on every start', async () => {
    const dataDir = path.join(closed, 'svara', '.data', 'pg');
    const first = await postgresReachable(dataDir);
    expect(path.dirname(first.dataDir)).toBe(os.tmpdir());
    expect(othersCanReach(first.dataDir)).toBe(true);
    expect((await postgresReachable(dataDir)).dataDir).toBe(first.dataDir);
    // Another checkout, or the tests' own server, gets its own.
    expect((await postgresReachable(path.join(closed, 'other', 'pg'))).dataDir).not.toBe(first.dataDir);
  });
});
