/**
 * The areas and the demo routing (docs/routing.md), at every seed: each area type the
 * municipality file names (`areas`, areas/sources.ts; without it the demo configuration's: the
 * stand-in map's districts and neighbourhoods) is imported when the database has none of that type.
 * On a fresh installation (no area type yet) also the department 'Openbare Verlichting Noord' and one
 * rule: a broken lamp or clock in Noord goes to that department, directed by Openbare Verlichting —
 * when the areas have a district Noord. A municipality changes the areas (settings, GeoJSON import)
 * and the rules.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { STADSDEEL_TYPE } from '../areas/index.ts';
import { areaSources, importMissingAreas, type AreaSource } from '../areas/sources.ts';

export const DEMO_DEPARTMENT = { code: 'OVLN', name: 'Openbare Verlichting Noord', is_intern: true };
/** The subcategories (slugs) of the demo rule, and its district. */
export const DEMO_RULE = {
  name: 'Verlichting in Noord naar Openbare Verlichting Noord',
  subcategories: ['lantaarnpaal-straatverlichting', 'klok'],
  district: 'N',
  directing: 'OVL',
};

export async function seedRouting(db: Db, sources: AreaSource[] = areaSources()): Promise<void> {
  await sql`select pg_advisory_xact_lock(140034)`.execute(db);
  const fresh = !(await db.selectFrom('area_type').select('id').limit(1).executeTakeFirst());
  await importMissingAreas(db, sources);
  if (!fresh) return;
  const areas = await db.selectFrom('area').select(['id', 'code', 'type_id']).execute();
  const typeId = new Map((await db.selectFrom('area_type').select(['id', 'code']).execute()).map((t) => [t.code, t.id]));
  const noord = areas.find((a) => a.code === DEMO_RULE.district && a.type_id === typeId.get(STADSDEEL_TYPE));
  const subs = await db.selectFrom('category').select('id').where('slug', 'in', DEMO_RULE.subcategories).where('parent_id', 'is not', null).execute();
  if (!noord || subs.length === 0) return;
  await db.insertInto('department').values(DEMO_DEPARTMENT).onConflict((oc) => oc.column('code').doNothing()).execute();
  const departments = new Map((await db.selectFrom('department').select(['id', 'code']).where('code', 'in', [DEMO_DEPARTMENT.code, DEMO_RULE.directing]).execute()).map((d) => [d.code, d.id]));
  await db
    .insertInto('routing_rule')
    .values({
      position: 1,
      name: DEMO_RULE.name,
      conditions: JSON.stringify({ sub_categories: subs.map((s) => s.id), areas: [noord.id] }),
      routing: JSON.stringify([departments.get(DEMO_DEPARTMENT.code)!]),
      directing: JSON.stringify(departments.has(DEMO_RULE.directing) ? [departments.get(DEMO_RULE.directing)!] : []),
    })
    .execute();
}
