/**
 * bench:manage's 'nearby' section (docs/duplicates.md): the public call behind 'Is dit
 * hetzelfde probleem?' (GET /signals/v1/public/followers/nearby) at the points of recent open reports in
 * publicly shown subcategories (each finds at least itself), one request per point, server time; target p95 ≤ 50 ms. And its
 * statement at the same points (EXPLAIN ANALYZE: execution time, and whether the plan reads the index
 * signal_nearby_idx of migration 885), which a loaded machine does not blur.
 * Kept apart from manage.bench.ts so the two change independently.
 */
import { sql } from 'kysely';
import type { Db } from '../../server/src/db/index.ts';
import { HIDDEN_STATES } from '../../server/src/services/geography/index.ts';
import { publicNearbyQuery } from '../../server/src/services/split/nearby.ts';

export const NEARBY_TARGET_MS = 50;

interface Point {
  id: number;
  lng: number;
  lat: number;
  sub: string;
  main: string;
  radius: number;
}

/** Measures the nearby call at `runs` points (after 3 warm-up calls); prints p50/p95 and the plan. */
export async function nearbySection(db: Db, serverMs: (url: string) => Promise<number>, runs: number, pct: (values: number[], p: number) => number): Promise<{ p50: number; p95: number }> {
  const { rows: points } = await sql<Point>`
    select s.id, s.lng, s.lat, c.slug as sub, p.slug as main, c.nearby_radius as radius
    from signal s join category c on c.id = s.category_id join category p on p.id = c.parent_id
    where c.is_public_accessible and s.created_at > now() - interval '30 days' and s.parent_id is null and s.state <> all(${sql.val([...HIDDEN_STATES])}::text[])
    order by random() limit ${runs + 3}`.execute(db);
  if (points.length === 0) throw new Error('nearby: no recent report in a publicly shown subcategory');
  const url = (p: Point) => `/signals/v1/public/followers/nearby?main_slug=${p.main}&sub_slug=${p.sub}&lon=${p.lng}&lat=${p.lat}`;
  for (const p of points.slice(0, 3)) await serverMs(url(p));
  const ms: number[] = [];
  for (const p of points.slice(3)) ms.push(await serverMs(url(p)));
  const result = { p50: pct(ms, 50), p95: pct(ms, 95) };

  // the statement alone, at the same points (EXPLAIN ANALYZE's execution time: what the database spends, whatever the machine's load)
  const plans: string[][] = [];
  for (const p of points.slice(3)) {
    const category = await db.selectFrom('category').select(['id', 'nearby_radius']).where('slug', '=', p.sub).executeTakeFirstOrThrow();
    const plan = await publicNearbyQuery(db, p, category, HIDDEN_STATES, new Date()).explain('text', sql`analyze, buffers`);
    plans.push(plan.map((row) => String(Object.values(row)[0])));
  }
  const executed = plans.map((lines) => Number(/Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1] ?? NaN));
  const onIndex = plans.filter((lines) => lines.some((l) => l.includes('signal_nearby_idx'))).length;
  const busiest = plans[executed.indexOf(Math.max(...executed))]!;
  console.log(`\n-- nearby ('Is dit hetzelfde probleem?', the public nearby call at ${ms.length} points of recent reports; ms)`);
  console.log(`${''.padEnd(44)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}`);
  console.log(`${'public nearby call (server time)'.padEnd(44)} ${result.p50.toFixed(1).padStart(7)} ${result.p95.toFixed(1).padStart(7)}   ≤ ${NEARBY_TARGET_MS} ${result.p95 <= NEARBY_TARGET_MS ? 'ok' : 'OVER'}`);
  console.log(`${'its statement (EXPLAIN ANALYZE execution)'.padEnd(44)} ${pct(executed, 50).toFixed(2).padStart(7)} ${pct(executed, 95).toFixed(2).padStart(7)}`);
  console.log(`plans on signal_nearby_idx: ${onIndex} of ${plans.length}; the slowest:`);
  for (const line of busiest) console.log(`  ${line}`);
  return result;
}
