import { beforeAll, describe, expect, it } from 'vitest';
import { countStatements, useTestDatabase } from '../test-support/db.js';
import { checkLedger } from './check.js';
import {
  createLedger,
  IdempotencyConflictError,
  InsufficientBalanceError,
  SYSTEM_SHARDS,
  type Ledger,
  type TransferRequest,
} from './ledger.js';

const db = useTestDatabase();
let ledger: Ledger;
let faucet: number;
let house: number;
let nextUser = 5000;

/** A user row and a wallet funded from the faucet. */
async function fundedWallet(cents: number): Promise<number> {
  const userId = String(nextUser++);
  await db.knex.raw('insert into users (telegram_id) values (?)', [userId]);
  const wallet = await ledger.playerWallet(userId);
  if (cents > 0) {
    await ledger.transfer({
      idempotencyKey: `fund:${userId}`,
      debitAccountId: faucet,
      creditAccountId: wallet,
      amount: cents,
      reason: 'faucet',
    });
  }
  return wallet;
}

async function transferCount(): Promise<number> {
  const result = await db.knex.raw<{ rows: { n: string }[] }>('select count(*) as n from transfers');
  return Number(result.rows[0]!.n);
}

beforeAll(async () => {
  ledger = createLedger(db.knex);
  faucet = await ledger.systemAccount('faucet');
  house = await ledger.systemAccount('house');
});

describe('ledger transfers', () => {
  it('moves an exact amount between two accounts and records it', async () => {
    const wallet = await fundedWallet(1000);
    const { transfer, replayed } = await ledger.transfer({
      idempotencyKey: 'simple-1',
      debitAccountId: wallet,
      creditAccountId: house,
      amount: 250,
      reason: 'rake',
      metadata: { hand: 'h1' },
    });
    expect(replayed).toBe(false);
    expect(transfer).toMatchObject({
      debitAccountId: wallet,
      creditAccountId: house,
      amount: 250,
      reason: 'rake',
    });
    expect(transfer.metadata).toEqual({ hand: 'h1' });
    expect(await ledger.balance(wallet)).toBe(750);
    expect((await checkLedger(db.knex)).ok).toBe(true);
  });

  it('lets system accounts go negative but never a player wallet', async () => {
    expect(await ledger.balance(faucet)).toBeLessThan(0);
    const wallet = await fundedWallet(100);
    await expect(
      ledger.transfer({
        idempotencyKey: 'over-1',
        debitAccountId: wallet,
        creditAccountId: house,
        amount: 101,
        reason: 'x',
      }),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await ledger.balance(wallet)).toBe(100);
  });

  it('refuses malformed transfers before touching the database', async () => {
    const wallet = await fundedWallet(100);
    const base: TransferRequest = {
      idempotencyKey: 'bad',
      debitAccountId: wallet,
      creditAccountId: house,
      amount: 1,
      reason: 'x',
    };
    for (const bad of [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.5 },
      { creditAccountId: wallet },
      { idempotencyKey: '' },
      { reason: '' },
    ]) {
      await expect(ledger.transfer({ ...base, ...bad })).rejects.toThrow(RangeError);
    }
  });

  it('never overdraws under 100 concurrent debits: exactly floor(balance / amount) succeed', async () => {
    const wallet = await fundedWallet(1000);
    const before = await transferCount();
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        ledger.transfer({
          idempotencyKey: `race:${wallet}:${i}`,
          debitAccountId: wallet,
          creditAccountId: house,
          amount: 30,
          reason: 'bet',
        }),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(succeeded).toBe(Math.floor(1000 / 30));
    expect(
      refused.every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientBalanceError),
    ).toBe(true);
    expect(await ledger.balance(wallet)).toBe(1000 - 30 * succeeded);
    expect(await transferCount()).toBe(before + succeeded);
    expect((await checkLedger(db.knex)).ok).toBe(true);
  });
});

describe('idempotency', () => {
  it('moves money once when the same key is posted twice in a row', async () => {
    const wallet = await fundedWallet(500);
    const request = {
      idempotencyKey: 'twice-seq',
      debitAccountId: wallet,
      creditAccountId: house,
      amount: 200,
      reason: 'bet',
    };
    const first = await ledger.transfer(request);
    const second = await ledger.transfer({ ...request });
    expect(first.replayed).toBe(false);
    expect(second.replayed).toBe(true);
    expect(second.transfer).toEqual(first.transfer);
    expect(await ledger.balance(wallet)).toBe(300);
  });

  it('moves money once when the same key is posted concurrently', async () => {
    const wallet = await fundedWallet(500);
    const before = await transferCount();
    const request = {
      idempotencyKey: 'twice-par',
      debitAccountId: wallet,
      creditAccountId: house,
      amount: 200,
      reason: 'bet',
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => ledger.transfer({ ...request })));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transfer.id)).size).toBe(1);
    expect(await ledger.balance(wallet)).toBe(300);
    expect(await transferCount()).toBe(before + 1);
  });

  it('replays a posted key even when the balance could no longer pay it', async () => {
    const wallet = await fundedWallet(200);
    const request = {
      idempotencyKey: 'replay-empty',
      debitAccountId: wallet,
      creditAccountId: house,
      amount: 200,
      reason: 'bet',
    };
    await ledger.transfer(request);
    expect(await ledger.transfer(request)).toMatchObject({ replayed: true });
  });

  it('refuses a different movement under a used key', async () => {
    const wallet = await fundedWallet(500);
    const request = {
      idempotencyKey: 'conflict',
      debitAccountId: wallet,
      creditAccountId: house,
      amount: 100,
      reason: 'bet',
    };
    await ledger.transfer(request);
    await expect(ledger.transfer({ ...request, amount: 101 })).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    await expect(ledger.transfer({ ...request, metadata: { other: 1 } })).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    expect(await ledger.balance(wallet)).toBe(400);
  });
});

describe('batches', () => {
  it('applies several transfers in one transaction (escrow to winners and house)', async () => {
    const a = await fundedWallet(1000);
    const b = await fundedWallet(1000);
    const escrow = await ledger.handEscrow('hand-batch-1');
    await ledger.transferBatch([
      {
        idempotencyKey: 'hb1:ante:a',
        debitAccountId: a,
        creditAccountId: escrow,
        amount: 100,
        reason: 'ante',
      },
      {
        idempotencyKey: 'hb1:ante:b',
        debitAccountId: b,
        creditAccountId: escrow,
        amount: 100,
        reason: 'ante',
      },
    ]);
    const payout = await ledger.transferBatch([
      {
        idempotencyKey: 'hb1:win:a',
        debitAccountId: escrow,
        creditAccountId: a,
        amount: 190,
        reason: 'payout',
      },
      {
        idempotencyKey: 'hb1:tax',
        debitAccountId: escrow,
        creditAccountId: house,
        amount: 10,
        reason: 'tax',
      },
    ]);
    expect(payout.replayed).toBe(false);
    expect(payout.transfers.map((t) => t.idempotencyKey)).toEqual(['hb1:win:a', 'hb1:tax']);
    expect(await ledger.balance(escrow)).toBe(0);
    expect(await ledger.balance(a)).toBe(1090);
    expect(await ledger.balance(b)).toBe(900);
    expect((await checkLedger(db.knex)).ok).toBe(true);
  });

  it('applies none when one transfer of the batch is refused', async () => {
    const a = await fundedWallet(100);
    const b = await fundedWallet(50);
    const before = await transferCount();
    await expect(
      ledger.transferBatch([
        {
          idempotencyKey: 'bad-batch:a',
          debitAccountId: a,
          creditAccountId: house,
          amount: 100,
          reason: 'bet',
        },
        {
          idempotencyKey: 'bad-batch:b',
          debitAccountId: b,
          creditAccountId: house,
          amount: 60,
          reason: 'bet',
        },
      ]),
    ).rejects.toSatisfy((e) => e instanceof InsufficientBalanceError && e.accountId === b);
    await expect(
      ledger.transferBatch([
        {
          idempotencyKey: 'bad-batch2:a',
          debitAccountId: a,
          creditAccountId: house,
          amount: 100,
          reason: 'bet',
        },
        {
          idempotencyKey: 'bad-batch2:x',
          debitAccountId: b,
          creditAccountId: 999_999_999,
          amount: 1,
          reason: 'bet',
        },
      ]),
    ).rejects.toThrow();
    expect(await ledger.balance(a)).toBe(100);
    expect(await ledger.balance(b)).toBe(50);
    expect(await transferCount()).toBe(before);
  });

  it('replays a whole batch once its keys are posted, and refuses a half-posted one', async () => {
    const a = await fundedWallet(300);
    const batch: TransferRequest[] = [
      { idempotencyKey: 'rb:1', debitAccountId: a, creditAccountId: house, amount: 100, reason: 'bet' },
      { idempotencyKey: 'rb:2', debitAccountId: a, creditAccountId: house, amount: 100, reason: 'bet' },
    ];
    const results = await Promise.all([ledger.transferBatch(batch), ledger.transferBatch(batch)]);
    expect(results.map((r) => r.replayed).sort()).toEqual([false, true]);
    expect(await ledger.balance(a)).toBe(100);
    await expect(
      ledger.transferBatch([
        batch[0]!,
        { idempotencyKey: 'rb:3', debitAccountId: a, creditAccountId: house, amount: 1, reason: 'bet' },
      ]),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await ledger.balance(a)).toBe(100);
  });
});

describe('accounts', () => {
  it('gives one account per user and kind, and one per escrow reference, even when asked concurrently', async () => {
    await db.knex.raw('insert into users (telegram_id) values (?)', ['777']);
    const fresh = createLedger(db.knex); // no cache
    const wallets = await Promise.all([
      fresh.playerWallet('777'),
      fresh.playerWallet('777'),
      ledger.playerWallet('777'),
    ]);
    expect(new Set(wallets).size).toBe(1);
    expect(await fresh.playerReferral('777')).not.toBe(wallets[0]);
    const escrows = await Promise.all([fresh.handEscrow('h-9'), ledger.handEscrow('h-9')]);
    expect(escrows[0]).toBe(escrows[1]);
    expect(await fresh.systemAccount('house')).toBe(house);
    expect(await fresh.walletBalance('777')).toBe(0);
    expect(await fresh.walletBalance('123456')).toBe(0);
  });

  it('spreads a busy system kind over shards, the same shard for the same key', async () => {
    const fresh = createLedger(db.knex);
    expect(await fresh.systemShard('deposits', 'order-1')).toBe(
      await ledger.systemShard('deposits', 'order-1'),
    );
    const shards = new Set(
      await Promise.all(Array.from({ length: 200 }, (_, i) => ledger.systemShard('deposits', `order-${i}`))),
    );
    expect(shards.size).toBe(SYSTEM_SHARDS);
    expect(shards.has(await ledger.systemAccount('deposits'))).toBe(false);
    expect(await ledger.systemShard('house', 'order-1')).not.toBe(
      await ledger.systemShard('deposits', 'order-1'),
    );
    expect(() => ledger.systemShard('player_wallet' as never, 'x')).toThrow(RangeError);
  });

  it('creates a new escrow with one statement when a whole hand names it at once', async () => {
    const fresh = createLedger(db.knex);
    let ids: number[] = [];
    const creating = await countStatements(db.knex, async () => {
      ids = await Promise.all(Array.from({ length: 6 }, () => fresh.handEscrow('h-antes')));
    });
    expect(new Set(ids).size).toBe(1);
    expect(creating).toBe(1);
    const again = await countStatements(db.knex, async () => {
      expect(await fresh.handEscrow('h-antes')).toBe(ids[0]);
    });
    expect(again).toBe(0);
  });

  it('makes escrows ahead together: one statement for many hands, at once when one is needed', async () => {
    const fresh = createLedger(db.knex, 60_000);
    const made = await countStatements(db.knex, async () => {
      for (const n of [1, 2, 3]) fresh.prepareEscrow(`h-ahead-${n}`, 'usd');
      fresh.prepareEscrow('h-ahead-chips', 'chips');
      fresh.prepareEscrow('h-ahead-1', 'usd'); // asked twice: made once
      // Needed now: the waiting ones are made with it, one statement per currency.
      expect(await fresh.escrowOf('h-ahead-2', 'usd')).toBeGreaterThan(0);
    });
    expect(made).toBe(2);
    const ids = await countStatements(db.knex, async () => {
      const all = await Promise.all([1, 2, 3].map((n) => fresh.escrowOf(`h-ahead-${n}`, 'usd')));
      expect(new Set(all).size).toBe(3);
      expect(await fresh.escrowOf('h-ahead-chips', 'chips')).not.toBe(all[0]);
    });
    expect(ids).toBe(0);
    // Another ledger (another node) finds the same accounts.
    const other = createLedger(db.knex, 0);
    other.prepareEscrow('h-ahead-3', 'usd');
    expect(await other.escrowOf('h-ahead-3', 'usd')).toBe(await fresh.escrowOf('h-ahead-3', 'usd'));
  });
});

describe('database guards', () => {
  it('keeps transfers append-only and player balances non-negative even for raw SQL', async () => {
    const wallet = await fundedWallet(10);
    await expect(db.knex.raw('update transfers set amount = amount + 1')).rejects.toThrow(/append-only/);
    await expect(db.knex.raw('delete from transfers')).rejects.toThrow(/append-only/);
    await expect(db.knex.raw('update accounts set balance = -1 where id = ?', [wallet])).rejects.toThrow(
      /accounts_balance_non_negative/,
    );
  });
});

describe('ledger check', () => {
  it('reports a consistent ledger as OK and catches a tampered balance', async () => {
    const wallet = await fundedWallet(400);
    const clean = await checkLedger(db.knex);
    expect(clean).toMatchObject({ ok: true, totalBalance: 0, mismatches: [], negatives: [] });
    expect(clean.transfers).toBeGreaterThan(0);

    await db.knex.raw('update accounts set balance = balance + 5 where id = ?', [wallet]);
    const tampered = await checkLedger(db.knex);
    expect(tampered.ok).toBe(false);
    expect(tampered.totalBalance).toBe(5);
    expect(tampered.mismatches).toEqual([
      { accountId: wallet, kind: 'player_wallet', balance: 405, expected: 400 },
    ]);
    await db.knex.raw('update accounts set balance = balance - 5 where id = ?', [wallet]);
    expect((await checkLedger(db.knex)).ok).toBe(true);
  });
});
