/**
 * bench:manage's 'nearby' section (issue 35, docs/duplicates.md): the public call behind 'Is dit
 * hetzelfde probleem?' (GET /signals/v1/public/followers/nearby) at the points of recent reports in
 * publicly shown subcategories, one request per point, server time; target p95 ≤ 50 ms. And the plan
 * of its statement (EXPLAIN ANALYZE), which should read the index signal_nearby_idx (migration 885).
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
    where c.is_public_accessible and s.created_at > now() - interval '30 days'
    order by random() limit ${runs + 3}`.execute(db);
  if (points.length === 0) throw new Error('nearby: no recent report in a publicly shown subcategory');
  const url = (p: Point) => `/signals/v1/public/followers/nearby?main_slug=${p.main}&sub_slug=${p.sub}&lon=${p.lng}&lat=${p.lat}`;
  for (const p of points.slice(0, 3)) await serverMs(url(p));
  const ms: number[] = [];
  for (const p of points.slice(3)) ms.push(await serverMs(url(p)));
  const result = { p50: pct(ms, 50), p95: pct(ms, 95) };

  const at = points[points.length - 1]!;
  const category = await db.selectFrom('category').select(['id', 'nearby_radius']).where('slug', '=', at.sub).executeTakeFirstOrThrow();
  const plan = await publicNearbyQuery(db, at, category, HIDDEN_STATES, new Date()).explain('text', sql`analyze, buffers`);
  const lines = plan.map((row) => String(Object.values(row)[0]));
  console.log(`\n-- nearby ('Is dit hetzelfde probleem?', the public nearby call at ${ms.length} points of recent reports; server time in ms)`);
  console.log(`${'public nearby call'.padEnd(44)} ${result.p50.toFixed(1).padStart(7)} ${result.p95.toFixed(1).padStart(7)}   ≤ ${NEARBY_TARGET_MS} ${result.p95 <= NEARBY_TARGET_MS ? 'ok' : 'OVER'}`);
  console.log(`uses signal_nearby_idx: ${lines.some((l) => l.includes('signal_nearby_idx')) ? 'yes' : 'NO'}; EXPLAIN ANALYZE of one call (SIG-${at.id}'s point):`);
  for (const line of lines) console.log(`  ${line}`);
  return result;
}
