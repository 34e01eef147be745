/**
 * Indexes that keep the back office's overview fast at municipal scale (docs/overview.md;
 * `npm run bench:manage` measures them on 100,000 reports against the same data without):
 * - the default order (`-created_at`) and `-updated_at`, so the first page is read from an
 *   index instead of sorting every report;
 * - status, category and district each with the creation time: the common filters, in the
 *   list's order;
 * - departments → reports for the routing/directing filters and department scoping;
 * - closed-state entries of the status log by time (signalering's weekly chart);
 * - a report's latest feedback request (the `feedback` filter and the CSV).
 */
import { sql, type Kysely } from 'kysely';

const INDEXES: [name: string, definition: string][] = [
  ['signal_created_idx', 'signal (created_at, id)'],
  ['signal_updated_idx', 'signal (updated_at, id)'],
  ['signal_state_created_idx', 'signal (state, created_at)'],
  ['signal_category_created_idx', 'signal (category_id, created_at)'],
  ['signal_stadsdeel_created_idx', 'signal (stadsdeel, created_at)'],
  ['signal_routing_department_department_idx', 'signal_routing_department (department_id, signal_id)'],
  ['signal_directing_department_department_idx', 'signal_directing_department (department_id, signal_id)'],
  ['signal_status_log_closed_idx', "signal_status_log (created_at) where state in ('o', 'a')"],
  ['feedback_request_signal_created_idx', 'feedback_request (signal_uuid, created_at desc)'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, definition] of INDEXES) await sql.raw(`create index ${name} on ${definition}`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
}
