/**
 * The open reports nearby (docs/duplicates.md): each (sub)category's own radius for
 * 'Is dit hetzelfde probleem?' and 'Meldingen in de buurt' (metres, default 50), and the index the
 * nearby query runs on: a plain btree on (category, lat, lng), so a subcategory's bounding box is
 * one index range — PostgreSQL and PGlite alike, no extension.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('category').addColumn('nearby_radius', 'integer', (c) => c.notNull().defaultTo(50)).execute(); // NEARBY_RADIUS.default
  await sql`create index signal_nearby_idx on signal (category_id, lat, lng) where parent_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists signal_nearby_idx`.execute(db);
  await db.schema.alterTable('category').dropColumn('nearby_radius').execute();
}
