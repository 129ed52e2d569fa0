/**
 * The ledger's invariants, checked from the database alone: the balances sum to zero, each balance
 * equals its credits minus its debits, and no account holding someone's money is negative. Play
 * chips (RULES §8) balance on their own: their accounts sum to zero too, and no transfer crosses
 * between chips and dollars. Sit & Go's (RULES §9) hold what their status says: while registering,
 * a buy-in and a fee per entrant; while running, every buy-in (the fees are the house's) and every
 * tournament chip in the stacks and the table's pot; once over, nothing.
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
  /** Sit & Go's whose escrows, fees or chips differ from what their status says they hold. */
  tournaments: { id: string; status: string; problem: string }[];
}

type TournamentMoneyRow = {
  id: string;
  status: string;
  buy_in: string;
  fee: string;
  size: number;
  entries: string;
  escrow: string;
  fees: string;
  chips: string;
};

/** Chips of a Sit & Go's player at the start (1,500 tournament chips, in minor units). */
const STACK = 150_000;

/** What is wrong with a Sit & Go's money for its status, or null. */
export function tournamentProblem(t: TournamentMoneyRow): string | null {
  const [buyIn, fee, entries] = [Number(t.buy_in), Number(t.fee), Number(t.entries)];
  const [escrow, fees, chips] = [Number(t.escrow), Number(t.fees), Number(t.chips)];
  const want =
    t.status === 'registering'
      ? { escrow: buyIn * entries, fees: fee * entries, chips: 0 }
      : t.status === 'running'
        ? { escrow: buyIn * t.size, fees: 0, chips: STACK * t.size }
        : { escrow: 0, fees: 0, chips: 0 };
  if (escrow !== want.escrow) return `escrow holds ${escrow}, expected ${want.escrow}`;
  if (fees !== want.fees) return `fee escrow holds ${fees}, expected ${want.fees}`;
  if (chips !== want.chips) return `tournament chips ${chips}, expected ${want.chips}`;
  return null;
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
      // Each Sit & Go's escrows, and its chips: the players' stacks and its table's hand pots.
      const tournaments = await trx.raw<{ rows: TournamentMoneyRow[] }>(
        `select t.id, t.status, t.buy_in, t.fee, t.size,
                (select count(*) from tournament_entries e where e.tournament_id = t.id) as entries,
                coalesce((select sum(balance) from accounts a where a.kind in ('hand_escrow', 'chip_escrow')
                           and a.reference = 'tourney:' || t.id), 0) as escrow,
                coalesce((select sum(balance) from accounts a where a.kind in ('hand_escrow', 'chip_escrow')
                           and a.reference = 'tourney-fee:' || t.id), 0) as fees,
                coalesce((select sum(balance) from accounts a where a.kind = 'chip_escrow'
                           and (a.reference like 'tstack:' || t.id || ':%'
                                or (t.room_id is not null and a.reference like 'hand:' || t.room_id || ':%'))), 0) as chips
           from tournaments t`,
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
        tournaments: tournaments.rows.flatMap((t) => {
          const problem = tournamentProblem(t);
          return problem === null ? [] : [{ id: t.id, status: t.status, problem }];
        }),
      };
      report.ok =
        report.totalBalance === 0 &&
        report.chipsBalance === 0 &&
        report.crossCurrency === 0 &&
        report.mismatches.length === 0 &&
        report.negatives.length === 0 &&
        report.tournaments.length === 0;
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
  for (const t of report.tournaments) {
    lines.push(`  VIOLATION: Sit & Go ${t.id} (${t.status}): ${t.problem}`);
  }
  lines.push(report.ok ? 'ledger: OK' : 'ledger: FAILED');
  return lines.join('\n');
}
