import { Migration } from '@mikro-orm/migrations';
import { tableCommit } from './Migration20261128040000_table_leases.js';

const SIGNATURE =
  'table_commit(text[], bigint[], bigint[], bigint[], text[], jsonb[], bigint[], json, json, boolean, json)';

/**
 * table_commit deletes a written hand's steps through hand_steps' key. As a join with the rows of the
 * call (json_to_recordset, which the planner takes for 100 rows) it was planned as a hash join over
 * a scan of the whole table: every running hand's steps read for each call that wrote a hand, a cost
 * that grew with the number of tables open. The rooms are now looked up in the key's index first.
 */
export class Migration20261205000000_steps_by_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop function ${SIGNATURE};`);
    this.addSql(tableCommit(true, 'key share', 'index'));
  }

  override async down(): Promise<void> {
    this.addSql(`drop function ${SIGNATURE};`);
    this.addSql(tableCommit(true, 'key share'));
  }
}
