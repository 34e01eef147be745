/**
 * The routed rows of signal_department by department, with the copies a count filters on (docs/performance.md):
 * a handler's count of the reports routed to their departments outside their subcategories
 * (services/signals/list.ts `countedSql`) reads only these (about 15,000 at 2,000,000 reports) from
 * the index alone, where the department index made it read every row of the departments (380,000, 0.4 s).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index signal_department_routed_idx on signal_department (department_id, category_id, state, stadsdeel, signal_id) where routed`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists signal_department_routed_idx`.execute(db);
}
