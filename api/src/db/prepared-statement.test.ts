import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test-support/db.js';
import { preparedStatement } from './prepared-statement.js';

const db = useTestDatabase();

type Pool = { pool: { numUsed(): number } };

describe('preparedStatement', () => {
  it('runs as a named statement prepared on the server, and gives its rows', async () => {
    // The statement finds itself among the connection's prepared statements while it runs.
    const self = preparedStatement<{ name: string; sum: number }>(
      db.knex,
      'svara_test_self',
      'select name, $2::int + $3::int as sum from pg_prepared_statements where name = $1',
    );
    expect(await self.run(['svara_test_self', 2, 3])).toEqual([{ name: 'svara_test_self', sum: 5 }]);
    expect(await self.run(['svara_test_self', 4, 5])).toEqual([{ name: 'svara_test_self', sum: 9 }]);
    expect(self.calls).toBe(2);
  });

  it("fails with PostgreSQL's SQLSTATE and gives its connection back to the pool", async () => {
    const divide = preparedStatement(db.knex, 'svara_test_divide', 'select 1 / $1::int as q');
    await expect(divide.run([0])).rejects.toMatchObject({ code: '22012' });
    expect((db.knex.client as Pool).pool.numUsed()).toBe(0);
    expect(await divide.run([1])).toEqual([{ q: 1 }]);
  });
});
