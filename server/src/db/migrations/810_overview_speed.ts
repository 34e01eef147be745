/**
 * More indexes for the back office's overview at municipal scale (docs/overview.md; measured by
 * `npm run bench:manage` against the same data without them):
 * - the address with the id, the order of the list's 'Adres' column (`ordering=address`,
 *   the id breaks ties), so a page of a scoped or filtered list sorted by address walks the
 *   index and stops after 50 matches instead of sorting every match;
 * - category, state and creation time: a handler's count (the reports of the handler's
 *   categories in the chosen states, services/signals/list.ts `countOf`) and punctuality (per
 *   category a creation time before or after the deadline) read from the index alone;
 * - a report's attachments and notes by report, for the list's `has_attachments` and the
 *   `note_keyword` filter (per-row lookups instead of a scan of every attachment or note).
 */
import { sql, type Kysely } from 'kysely';

export const INDEXES: [name: string, definition: string][] = [
  ['signal_address_idx', 'signal (address_text, id)'],
  ['signal_category_state_idx', 'signal (category_id, state, created_at)'],
  ['attachment_signal_idx', 'attachment (signal_id)'],
  ['signal_note_signal_idx', 'signal_note (signal_id)'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, definition] of INDEXES) await sql.raw(`create index ${name} on ${definition}`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
}
