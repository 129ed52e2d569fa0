/** Posting a Sit & Go's transfers inside the caller's transaction (one commit with its rows). */
import { SvaraError } from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import { ledgerPostArguments, type TransferRequest } from '../ledger/ledger.js';

/** ledger_post's SQLSTATE for an overdraw. */
const OVERDRAWN = 'SV002';

/** Posts the non-zero transfers; an overdraw is insufficientBalance and rolls the transaction back. */
export async function postInside(trx: Knex.Transaction, requests: readonly TransferRequest[]): Promise<void> {
  const live = requests.filter((r) => r.amount > 0);
  if (live.length === 0) return;
  try {
    await trx.raw(
      `select 1 from ledger_post(?::text[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::jsonb[])`,
      ledgerPostArguments(live),
    );
  } catch (error) {
    if ((error as { code?: unknown }).code === OVERDRAWN) throw new SvaraError('insufficientBalance');
    throw error;
  }
}

/** A balance read inside the transaction (after the rows it locked). */
export async function balanceInside(trx: Knex.Transaction, accountId: number): Promise<number> {
  const r = await trx.raw<{ rows: { balance: string }[] }>(`select balance from accounts where id = ?`, [
    accountId,
  ]);
  return Number(r.rows[0]?.balance ?? 0);
}
