/** A new public room (stake $1) and its players, each with $100 in the wallet from the faucet. */
import { randomUUID } from 'node:crypto';
import type { Knex } from '@mikro-orm/postgresql';
import { createLedger } from '../ledger/ledger.js';

export async function fundedTestRoom(knex: Knex, players: string[]): Promise<string> {
  const ledger = createLedger(knex);
  const roomId = randomUUID();
  await knex.raw(`insert into users (telegram_id) select unnest(?::bigint[]) on conflict do nothing`, [
    players,
  ]);
  await knex.raw(`insert into rooms (id, stake_cents, type) values (?, 100, 'public')`, [roomId]);
  for (const id of players) {
    await ledger.transfer({
      idempotencyKey: `fund:${roomId}:${id}`,
      debitAccountId: await ledger.systemAccount('faucet'),
      creditAccountId: await ledger.playerWallet(id),
      amount: 10_000,
      reason: 'faucet',
    });
  }
  return roomId;
}
