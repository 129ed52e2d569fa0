/**
 * The ledger's invariants, checked from the database alone: the balances sum to zero, each balance
 * equals its credits minus its debits, and no account holding someone's money is negative. Play
 * chips (RULES §8) balance on their own: their accounts sum to zero too, and no transfer crosses
 * between chips and dollars.
 */
import type { Knex } from '@mikro-orm/postgresql';
import { NON_NEGATIVE_KINDS, OWED_TO_PLAYERS_KINDS } from '../db/entities/account.js';

export interface LedgerCheckReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  /** Sum of every balance, in cents; must be 0. */
  totalBalance: number;
  /** Sum of the play-chip accounts alone; must be 0 as well. */
  chipsBalance: number;
  /** Transfers between a chip account and a dollar account; must be 0. */
  crossCurrency: number;
  /** Accounts whose stored balance differs from what their transfers say. */
  mismatches: { accountId: number; kind: string; balance: number; expected: number }[];
  /** Player or escrow accounts below zero. */
  negatives: { accountId: number; kind: string; balance: number }[];
  /** What the accounts of OWED_TO_PLAYERS_KINDS hold: the house's liabilities (/stats). */
  owedToPlayers: number;
}

export async function checkLedger(knex: Knex): Promise<LedgerCheckReport> {
  // One snapshot for all three queries, so transfers committing meanwhile cannot look like errors.
  return knex.transaction(
    async (trx) => {
      const totals = await trx.raw<{
        rows: {
          accounts: string;
          total: string | null;
          chips: string | null;
          transfers: string;
          crossed: string;
          owed: string;
        }[];
      }>(
        `select (select count(*) from accounts) as accounts, (select sum(balance) from accounts) as total,
                (select sum(balance) from accounts where kind like 'chip\\_%') as chips,
                (select count(*) from transfers) as transfers,
                (select count(*) from transfers t
                   join accounts d on d.id = t.debit_account_id join accounts c on c.id = t.credit_account_id
                  where (d.kind like 'chip\\_%') <> (c.kind like 'chip\\_%')) as crossed,
                (select coalesce(sum(balance), 0) from accounts where kind = any(?)) as owed`,
        [[...OWED_TO_PLAYERS_KINDS]],
      );
      const mismatched = await trx.raw<{
        rows: { id: string; kind: string; balance: string; expected: string }[];
      }>(
        `select a.id, a.kind, a.balance, coalesce(c.total, 0) - coalesce(d.total, 0) as expected
           from accounts a
           left join (select credit_account_id as id, sum(amount) as total from transfers group by 1) c on c.id = a.id
           left join (select debit_account_id as id, sum(amount) as total from transfers group by 1) d on d.id = a.id
          where a.balance <> coalesce(c.total, 0) - coalesce(d.total, 0)
          order by a.id`,
      );
      const negative = await trx.raw<{ rows: { id: string; kind: string; balance: string }[] }>(
        `select id, kind, balance from accounts where kind = any(?) and balance < 0 order by id`,
        [[...NON_NEGATIVE_KINDS]],
      );
      const row = totals.rows[0]!;
      const report: LedgerCheckReport = {
        ok: false,
        accounts: Number(row.accounts),
        transfers: Number(row.transfers),
        totalBalance: Number(row.total ?? 0),
        owedToPlayers: Number(row.owed),
        chipsBalance: Number(row.chips ?? 0),
        crossCurrency: Number(row.crossed),
        mismatches: mismatched.rows.map((r) => ({
          accountId: Number(r.id),
          kind: r.kind,
          balance: Number(r.balance),
          expected: Number(r.expected),
        })),
        negatives: negative.rows.map((r) => ({
          accountId: Number(r.id),
          kind: r.kind,
          balance: Number(r.balance),
        })),
      };
      report.ok =
        report.totalBalance === 0 &&
        report.chipsBalance === 0 &&
        report.crossCurrency === 0 &&
        report.mismatches.length === 0 &&
        report.negatives.length === 0;
      return report;
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/** A few human lines describing a report. */
export function formatLedgerReport(report: LedgerCheckReport): string {
  const lines = [
    `ledger: ${report.accounts} accounts, ${report.transfers} transfers, balances sum to ${report.totalBalance} cents`,
    `  owed to players (wallets, referral, withdrawal holds, hand escrows): ${report.owedToPlayers} cents`,
  ];
  if (report.totalBalance !== 0) lines.push(`  VIOLATION: balances sum to ${report.totalBalance}, not 0`);
  if (report.chipsBalance !== 0) lines.push(`  VIOLATION: play chips sum to ${report.chipsBalance}, not 0`);
  if (report.crossCurrency !== 0)
    lines.push(`  VIOLATION: ${report.crossCurrency} transfers cross between chips and dollars`);
  for (const m of report.mismatches) {
    lines.push(
      `  VIOLATION: account ${m.accountId} (${m.kind}) holds ${m.balance}, its transfers say ${m.expected}`,
    );
  }
  for (const n of report.negatives) {
    lines.push(`  VIOLATION: account ${n.accountId} (${n.kind}) is negative: ${n.balance}`);
  }
  lines.push(report.ok ? 'ledger: OK' : 'ledger: FAILED');
  return lines.join('\n');
}
