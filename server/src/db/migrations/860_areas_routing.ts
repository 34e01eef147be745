/**
 * Areas and routing (docs/routing.md).
 *
 * - `area_type` / `area`: the polygons a report's point is looked up in (stadsdeel, buurt, or a
 *   municipality's own type), GeoJSON in WGS84 with its bounding box; `signal_area` links each
 *   report to every area its point lies in (the list's `area_code` / `area_type_code` filters).
 * - `routing_rule`: ordered (`position`), first match wins; `conditions` and the departments as
 *   JSON. `routing_rule_change` is the audit history of the rules (who, when, before/after).
 * - `signal.routing_by`: who routed the report last: null (nobody), `rule:<id>` or
 *   `person:<username>`; a person's routing is kept when the category or location changes.
 * Writes to the areas and the rules send change notices (migration 830), so every server
 * process drops its cached index and rules.
 */
import { sql, type Kysely } from 'kysely';

export const ROUTING_NOTIFYING_TABLES = ['area', 'area_type', 'routing_rule'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('area_type')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('area')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('type_id', 'integer', (c) => c.notNull().references('area_type.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('geometry', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('area_type_code_unique', ['type_id', 'code'])
    .execute();
  await db.schema
    .createTable('signal_area')
    .addColumn('signal_id', 'integer', (c) => c.notNull().references('signal.id').onDelete('cascade'))
    .addColumn('area_id', 'integer', (c) => c.notNull().references('area.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('signal_area_pk', ['signal_id', 'area_id'])
    .execute();
  await sql`create index signal_area_area_idx on signal_area (area_id, signal_id)`.execute(db);

  await db.schema
    .createTable('routing_rule')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('conditions', 'jsonb', (c) => c.notNull())
    .addColumn('routing', 'jsonb', (c) => c.notNull())
    .addColumn('directing', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('routing_rule_change')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('who', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('before', 'jsonb', (c) => c.notNull())
    .addColumn('after', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('signal').addColumn('routing_by', 'text').execute();
  // A report's department(s): those it is routed to, else its subcategory's responsible ones
  // (the overview's 'Afdeling' filter and signalering's 'Per afdeling').
  await sql`
    create view signal_department as
      select rd.signal_id, rd.department_id from signal_routing_department rd
      union all
      select s.id as signal_id, cd.department_id from signal s
        join category_department cd on cd.category_id = s.category_id and cd.is_responsible
        where not exists (select 1 from signal_routing_department rd where rd.signal_id = s.id)`.execute(db);

  for (const table of ROUTING_NOTIFYING_TABLES) {
    await sql
      .raw(`create trigger ${table}_change_notify after insert or update or delete or truncate on ${table} for each statement execute function meldloket_notify_change()`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ROUTING_NOTIFYING_TABLES) await sql.raw(`drop trigger if exists ${table}_change_notify on ${table}`).execute(db);
  await sql`drop view if exists signal_department`.execute(db);
  await db.schema.alterTable('signal').dropColumn('routing_by').execute();
  for (const t of ['routing_rule_change', 'routing_rule', 'signal_area', 'area', 'area_type']) await db.schema.dropTable(t).ifExists().execute();
}
