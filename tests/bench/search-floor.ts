/**
 * npm run bench:search-floor -- --data /path/to/store
 *
 * What PostgreSQL itself needs for the broad term of bench:search ('cancer', about a
 * quarter to two fifths of the generated catalogue), with none of our code around it:
 * count the matches, list them, rank the top 20, and count their facet values. The store
 * is a DATA_DIR built by `npm run bench:export -- --keep DIR` (VACUUM ANALYZE first).
 * These bound what any search in PostgreSQL can do on this machine (issue 4's note).
 */
const args = process.argv.slice(2);
const dataIndex = args.indexOf("--data");
if (dataIndex === -1) throw new Error("usage: npm run bench:search-floor -- --data DIR (a store built by bench:export --keep DIR)");
process.env.DATA_DIR = args[dataIndex + 1];
process.env.DEMO = "0";
delete process.env.DATABASE_URL;

export {};

const { getDb, closeDb, queryRows } = await import("~/db/client.server");
const { sql } = await import("drizzle-orm");
const { medianAndP95 } = await import("./server");

const db = await getDb();
await db.execute(sql`VACUUM ANALYZE records`);
await db.execute(sql`VACUUM ANALYZE record_index`);
const q = sql.raw("to_tsquery('english', 'cancer')");
const matched = sql`r.published_version_id IS NOT NULL AND r.search_vector @@ ${q}`;
const cases = [
  ["count the matches", sql`SELECT count(*) FROM records r WHERE ${matched}`],
  ["list the matches' ids", sql`SELECT r.id FROM records r WHERE ${matched}`],
  ["top 20 by ts_rank", sql`SELECT r.id FROM records r WHERE ${matched} ORDER BY ts_rank(r.search_vector, ${q}) DESC LIMIT 20`],
  ["facet counts of the matches", sql`SELECT v, count(*) FROM records r JOIN record_index i ON i.record_id = r.id, unnest(i.facet_ids) v WHERE ${matched} GROUP BY v`],
] as const;
const RUNS = 15;
const [{ n, total }] = await queryRows<{ n: number; total: number }>(
  db,
  sql`SELECT count(*) FILTER (WHERE ${matched})::int AS n, count(*)::int AS total FROM records r`,
);
console.log(`'cancer' matches ${n.toLocaleString("en-GB")} of ${total.toLocaleString("en-GB")} records (${RUNS} runs each after 3 warm-up):`);
for (const [name, query] of cases) {
  for (let i = 0; i < 3; i++) await db.execute(query);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await db.execute(query);
    times.push(performance.now() - started);
  }
  const { median, p95 } = medianAndP95(times);
  console.log(`  ${name.padEnd(32)} median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
}
await closeDb();
