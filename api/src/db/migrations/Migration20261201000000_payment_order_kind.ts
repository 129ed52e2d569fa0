import { Migration } from '@mikro-orm/migrations';

/**
 * A provider's order id is unique per kind of order, not across kinds: Crypto Pay numbers its
 * invoices and its transfers separately, so invoice 7 and transfer 7 are two orders. Keyed by
 * (provider, provider_order_id) alone, the second one's id could not be written after the provider
 * had already paid it. The key becomes (provider, provider_order_id, type), with the kind last so a
 * look-up by provider and id alone still uses the whole index.
 *
 * The new index is built before the old one goes, so no moment is without a key. The previous
 * version keeps working: every row it writes is allowed by the new key, and its look-ups by
 * provider and id still find the orders (a callback of one kind that finds the other kind's row
 * first is refused, as not matching, and the reconciler settles it).
 */
export class Migration20261201000000_payment_order_kind extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create unique index payment_transactions_provider_order_kind_unique
        on payment_transactions (provider, provider_order_id, type) where provider_order_id is not null;`);
    this.addSql(`drop index payment_transactions_provider_order_unique;`);
  }

  override async down(): Promise<void> {
    // Fails while an invoice and a transfer share an id: such rows cannot live under the old key.
    this.addSql(`
      create unique index payment_transactions_provider_order_unique
        on payment_transactions (provider, provider_order_id) where provider_order_id is not null;`);
    this.addSql(`drop index payment_transactions_provider_order_kind_unique;`);
  }
}
