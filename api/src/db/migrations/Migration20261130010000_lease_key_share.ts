import { Migration } from '@mikro-orm/migrations';
import { tableCommit } from './Migration20261128040000_table_leases.js';

const SIGNATURE =
  'table_commit(text[], bigint[], bigint[], bigint[], text[], jsonb[], bigint[], json, json, boolean, json)';

/**
 * table_commit's fence check locks the lease rows FOR KEY SHARE instead of FOR SHARE. A lease
 * renewal only moves `expires_at` (a FOR NO KEY UPDATE lock, which KEY SHARE does not conflict
 * with), so renewals and the commits of the node's tables no longer wait on each other: with SHARE,
 * a renewal of hundreds of leases queued behind the commits under way and every commit after it
 * queued behind the renewal, a stall of seconds under load. A takeover still waits for a commit
 * under way, and the commits after it see the new token: it locks the row FOR UPDATE first
 * (realtime/cluster/table-lease.ts), which conflicts with KEY SHARE.
 */
export class Migration20261130010000_lease_key_share extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop function ${SIGNATURE};`);
    this.addSql(tableCommit(true, 'key share'));
  }

  override async down(): Promise<void> {
    this.addSql(`drop function ${SIGNATURE};`);
    this.addSql(tableCommit(true, 'share'));
  }
}
