import { SvaraError } from '@svara/core';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test-support/db.js';
import { createSuspension, type Suspension } from './suspension.js';

const db = useTestDatabase();
/** What the service logs: the audit trail of who suspended whom. */
const logged: Record<string, unknown>[] = [];
let suspension: Suspension;

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  suspension = createSuspension({ knex: db.knex, logger });
  await db.knex('users').insert([{ telegram_id: '8101' }, { telegram_id: '8102' }, { telegram_id: '8103' }]);
});

async function refusal(work: Promise<unknown>): Promise<string> {
  const error: unknown = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof SvaraError)) throw new Error(`expected a SvaraError, got ${String(error)}`);
  return error.code;
}

describe('suspending an account', () => {
  it('records who, why and when; the account is refused until it is unsuspended', async () => {
    expect(await suspension.status('8101')).toBeNull();
    await suspension.assertActive('8101');

    const before = Date.now();
    await suspension.suspend('8101', '7001', '  chargeback fraud  ');
    const status = await suspension.status('8101');
    expect(status).toMatchObject({ reason: 'chargeback fraud', by: '7001' });
    expect(status!.suspendedAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(await refusal(suspension.assertActive('8101'))).toBe('account_suspended');
    expect(await suspension.isSuspended('8101')).toBe(true);
    // Others are untouched.
    expect(await suspension.isSuspended('8102')).toBe(false);

    await suspension.unsuspend('8101', '7002');
    expect(await suspension.status('8101')).toBeNull();
    await suspension.assertActive('8101');
    const row = await db.knex('users').where('telegram_id', '8101').first();
    expect(row).toMatchObject({ suspended_at: null, suspended_reason: null, suspended_by: null });
  });

  it('logs each suspension and unsuspension with the operator', async () => {
    logged.length = 0;
    await suspension.suspend('8102', '7001', 'multi-accounting');
    await suspension.unsuspend('8102', '7003');
    expect(logged.map((l) => [l.msg, l.userId, l.operatorId])).toEqual([
      ['account suspended', '8102', '7001'],
      ['account unsuspended', '8102', '7003'],
    ]);
    expect(logged[0]).toMatchObject({ reason: 'multi-accounting', module: 'suspension' });
  });

  it('a second suspension replaces the reason and the operator', async () => {
    await suspension.suspend('8103', '7001', 'first');
    await suspension.suspend('8103', '7002', 'second');
    expect(await suspension.status('8103')).toMatchObject({ reason: 'second', by: '7002' });
    await suspension.unsuspend('8103', '7002');
  });

  it.each([
    ['an empty reason', ''],
    ['a blank reason', '   '],
    ['a reason over 500 characters', 'x'.repeat(501)],
  ])('refuses %s and changes nothing', async (_, reason) => {
    expect(await refusal(suspension.suspend('8101', '7001', reason))).toBe('validation_failed');
    expect(await suspension.status('8101')).toBeNull();
  });

  it('takes a reason of exactly 500 characters', async () => {
    await suspension.suspend('8101', '7001', 'y'.repeat(500));
    expect((await suspension.status('8101'))?.reason).toHaveLength(500);
    await suspension.unsuspend('8101', '7001');
  });

  it('answers not_found for an unknown user, and validation_failed for ids that are not Telegram ids', async () => {
    expect(await refusal(suspension.suspend('999999', '7001', 'who?'))).toBe('not_found');
    expect(await refusal(suspension.unsuspend('999999', '7001'))).toBe('not_found');
    expect(await refusal(suspension.suspend('abc', '7001', 'x'))).toBe('validation_failed');
    expect(await refusal(suspension.suspend('8101', 'me', 'x'))).toBe('validation_failed');
  });

  it('tells its listeners, and finds the suspended among a table’s players', async () => {
    const heard: [string, boolean][] = [];
    const stop = suspension.onChanged((userId, suspended) => heard.push([userId, suspended]));
    await suspension.suspend('8102', '7001', 'collusion');
    expect(await suspension.suspendedAmong(['8101', '8102', '8103'])).toEqual(['8102']);
    expect(await suspension.suspendedAmong([])).toEqual([]);
    await suspension.unsuspend('8102', '7001');
    stop();
    await suspension.suspend('8103', '7001', 'not heard');
    expect(heard).toEqual([
      ['8102', true],
      ['8102', false],
    ]);
  });
});
