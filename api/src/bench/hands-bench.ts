/**
 * `npm run bench:hands`: the hand history's two queries on a database the size of a busy year.
 *
 * A throw-away database is filled with BENCH_HANDS finished hands (default 1,000,000) at BENCH_ROOMS
 * tables (10,000) among BENCH_PLAYERS players (10,000), three players a hand, each hand's state a
 * real finished hand played through core (the same document for every hand: the queries read it
 * whole, they do not look inside). The fill goes straight to the tables (hands, hand_players), not
 * through table_commit, so it takes a minute rather than hours.
 *
 * Then, for BENCH_SAMPLES players picked at random: GET /hands's first page, its next page by the
 * cursor, and GET /hands/:id of a hand from the page (the service calls the routes make: SQL plus
 * redaction and replay; the filled hands have no deal on record, so their replay is the final state:
 * the played hand's own replay, deal plus steps through core, is timed on its own line). Prints p50/p95/max of each and the EXPLAIN (ANALYZE, BUFFERS) plan of both
 * queries: the list is one backward range scan of hand_players_pkey, the hand one hands_pkey lookup
 * whatever the number of hands.
 *
 * It measures and prints; it exits 1 when the fill came out short or a sampled player's history was
 * empty. BENCH_SMOKE=1: 2,000 hands, 100 players, 50 rooms, 10 samples.
 *   BENCH_HANDS=1000000 BENCH_PLAYERS=10000 BENCH_ROOMS=10000 BENCH_SAMPLES=300 npm run bench:hands
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createDatabase, dropDatabase, withDatabase } from '../db/admin.js';
import { knexOf, openOrm } from '../db/orm.js';
import { createHandHistory, DETAIL_SQL, listSql, PAGE_DEFAULT } from '../hands/history.js';
import { openTestTable } from '../hands/test-hands.js';
import { Failures, percentile, setting } from './bench-helpers.js';
import { benchPostgres } from './bench-postgres.js';

const HANDS = setting('BENCH_HANDS', 1_000_000, 2_000);
const PLAYERS = setting('BENCH_PLAYERS', 10_000, 100);
const ROOMS = setting('BENCH_ROOMS', 10_000, 50);
const SAMPLES = setting('BENCH_SAMPLES', 300, 10);
const BATCH = 100_000;
const FIRST_PLAYER = 500_000_000;

function report(label: string, ms: number[]): void {
  const s = [...ms].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(28)} p50 ${percentile(s, 50).toFixed(2)} ms  p95 ${percentile(s, 95).toFixed(2)} ms  max ${s[s.length - 1]!.toFixed(2)} ms`,
  );
}

async function main(): Promise<void> {
  const postgres = await benchPostgres();
  const admin = postgres.adminUrl;
  const failures = new Failures();
  const name = `svara_bench_hands_${randomBytes(4).toString('hex')}`;
  await createDatabase(admin, name);
  const orm = await openOrm({ url: withDatabase(admin, name), poolMax: 4 });
  const knex = knexOf(orm);
  try {
    // One real hand, played and committed as the runtime does: its final state is every hand's.
    const table = await openTestTable(knex, ['1', '2', '3']);
    // Three different scores: no svara, the hand ends at the showdown.
    await table.deal((dealt) => new Set(dealt.hand!.players.map((p) => p.score)).size === 3);
    while (['blind_betting', 'betting'].includes(table.state.status)) {
      await table.act({ type: table.state.hand!.looked ? 'call' : 'look', playerId: table.turn() });
    }
    const template = await knex.raw<{ rows: { id: string; state: unknown }[] }>(
      `select id, state from hands where status = 'finished' limit 1`,
    );
    const state = JSON.stringify(template.rows[0]!.state);
    const playedHand = template.rows[0]!.id;
    console.log(
      `hand state: ${state.length} bytes of JSON; filling ${HANDS} hands, ${PLAYERS} players, ${ROOMS} rooms…`,
    );

    const started = performance.now();
    await knex.raw(
      `insert into users (telegram_id) select ${FIRST_PLAYER} + g from generate_series(0, ?::int - 1) g`,
      [PLAYERS],
    );
    await knex.raw(
      `insert into rooms (id, stake_cents, type) select gen_random_uuid(), 100, 'public' from generate_series(1, ?::int)`,
      [ROOMS],
    );
    await knex.raw(
      `create temporary table bench_rooms as select row_number() over () - 1 as k, id from rooms r where not exists (select 1 from hands h where h.room_id = r.id)`,
    );
    for (let from = 0; from < HANDS; from += BATCH) {
      const to = Math.min(HANDS, from + BATCH) - 1;
      // A year of hands, one every ~30 s, each at a table by turn; the triggers' work is done below.
      await knex.transaction(async (trx) => {
        await trx.raw(`set local session_replication_role = replica`);
        await trx.raw(
          `insert into hands (id, room_id, hand_number, state, start_state, status, started_at, finished_at)
           select gen_random_uuid(), r.id, g / ?::int + 1, ?::json, null, 'finished',
                  timestamptz '2026-01-01' + g * interval '31 seconds',
                  timestamptz '2026-01-01' + g * interval '31 seconds' + interval '30 seconds'
             from generate_series(?::int, ?::int) g
             join bench_rooms r on r.k = g % ?::int`,
          [ROOMS, state, from, to, ROOMS],
        );
        await trx.raw(
          `insert into hand_players (user_id, hand_id, finished_at)
           select distinct ${FIRST_PLAYER} + (abs(hashtextextended(h.id::text, s)) % ?::int), h.id, h.finished_at
             from hands h, generate_series(1, 3) s
            where h.finished_at >= timestamptz '2026-01-01' + ?::int * interval '31 seconds' + interval '30 seconds'
              and h.finished_at <= timestamptz '2026-01-01' + ?::int * interval '31 seconds' + interval '30 seconds'
           on conflict do nothing`,
          [PLAYERS, from, to],
        );
      });
      if (process.stdout.isTTY) process.stdout.write(`  ${to + 1} hands\r`);
    }
    await knex.raw(`analyze hands; analyze hand_players`);
    console.log(`filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const counts = await knex.raw<{ rows: { hands: string; rows: string }[] }>(
      `select (select count(*) from hands) as hands, (select count(*) from hand_players) as rows`,
    );
    console.log(`hands: ${counts.rows[0]!.hands}, hand_players rows: ${counts.rows[0]!.rows}`);
    failures.check(Number(counts.rows[0]!.hands) > HANDS, `the fill made ${counts.rows[0]!.hands} hands`);

    const history = createHandHistory(knex);
    const first: number[] = [];
    const next: number[] = [];
    const one: number[] = [];
    const played: number[] = [];
    let sampleUser = '';
    let sampleCursor: string | null = null;
    let sampleHand = '';
    for (let i = 0; i < SAMPLES; i++) {
      const user = String(FIRST_PLAYER + Math.floor(Math.random() * PLAYERS));
      let t = performance.now();
      const page = await history.list(user);
      first.push(performance.now() - t);
      if (page.nextCursor) {
        t = performance.now();
        await history.list(user, { cursor: page.nextCursor });
        next.push(performance.now() - t);
      }
      const hand = page.hands[Math.floor(Math.random() * page.hands.length)];
      if (hand) {
        t = performance.now();
        await history.get(hand.id, user);
        one.push(performance.now() - t);
        sampleUser = user;
        sampleCursor = page.nextCursor;
        sampleHand = hand.id;
      }
      // The one hand with its deal and steps on record: the replay rebuilt through core.
      t = performance.now();
      await history.get(playedHand, '1');
      played.push(performance.now() - t);
    }
    console.log(`\n${SAMPLES} players at random (service calls: SQL + redaction + replay):`);
    report(`GET /hands (first ${PAGE_DEFAULT})`, first);
    if (next.length) report('GET /hands?cursor=…', next);
    report('GET /hands/:id', one);
    report('GET /hands/:id (full replay)', played);
    failures.check(first.length === SAMPLES && one.length > 0, 'the sampled players had no hands');

    const explain = async (label: string, sql: string, bindings: unknown[]) => {
      const plan = await knex.raw<{ rows: { 'QUERY PLAN': string }[] }>(
        `explain (analyze, buffers, costs off) ${sql}`,
        bindings as never,
      );
      console.log(`\n${label}\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    };
    const { decodeCursor } = await import('../hands/cursor.js');
    const c = sampleCursor ? decodeCursor(sampleCursor) : null;
    await explain(
      'EXPLAIN GET /hands?cursor=…',
      listSql(c !== null),
      c ? [sampleUser, c.finishedAt, c.handId, PAGE_DEFAULT + 1] : [sampleUser, PAGE_DEFAULT + 1],
    );
    await explain('EXPLAIN GET /hands/:id', DETAIL_SQL, [sampleHand]);
  } finally {
    await orm.close(true);
    await dropDatabase(admin, name);
    await postgres.stop();
  }
  failures.report('bench:hands');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
