/**
 * The search's words stored on the report (docs/performance.md, services/overview/search.ts):
 * `signal.search_vector`, the Dutch full text of the report's text and address, kept by a trigger
 * before every insert and every change of either, with the GIN index of migration 510 on it
 * instead of on the expression.
 *
 * At 2,000,000 reports, computing `to_tsvector` again per row was the search's cost: a word in
 * 130,000 reports meant 130,000 computations (0.9-2 s) for the count and the newest first. Stored,
 * the newest matches are found by walking `signal_created_idx` and testing the stored words (a
 * common word is in one report of fifteen: the first page reads some 750 rows), and the count of
 * a search stops at `SEARCH_COUNT_MAX` + 1 matches (search.ts).
 *
 * A plain column kept by a trigger rather than a generated one: a backup (server/src/backup) loads
 * every column of every row as it was, which a generated column refuses. The column is made as a
 * generated one (one rewrite of the table, far cheaper than updating every row) and then becomes a
 * plain one that keeps its values.
 */
import { sql, type Kysely } from 'kysely';

/** The words of a report: its text and its address (search.ts matches against these). */
const SEARCH_VECTOR_OF = (row?: string) => {
  const column = (name: string) => (row ? `${row}.${name}` : name);
  return `to_tsvector('dutch'::regconfig, coalesce(${column('text')}, '') || ' ' || coalesce(${column('address_text')}, ''))`;
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`alter table signal add column search_vector tsvector generated always as (${SEARCH_VECTOR_OF()}) stored`)
    .execute(db);
  await sql`alter table signal alter column search_vector drop expression`.execute(db);
  await sql
    .raw(`
    create function signal_search_vector() returns trigger language plpgsql as $$
    begin
      new.search_vector := ${SEARCH_VECTOR_OF('new')};
      return new;
    end $$`)
    .execute(db);
  await sql`create trigger signal_search_vector_insert before insert on signal for each row execute function signal_search_vector()`.execute(db);
  await sql`create trigger signal_search_vector_update before update of text, address_text on signal for each row execute function signal_search_vector()`.execute(db);
  await sql`drop index if exists signal_search_text_idx`.execute(db);
  await sql`create index signal_search_text_idx on signal using gin (search_vector)`.execute(db);
  // The planner's statistics of the new column: without them it takes every word for rare or for common alike.
  await sql`analyze signal (search_vector)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists signal_search_text_idx`.execute(db);
  await sql`drop trigger if exists signal_search_vector_update on signal`.execute(db);
  await sql`drop trigger if exists signal_search_vector_insert on signal`.execute(db);
  await sql`drop function if exists signal_search_vector()`.execute(db);
  await sql`alter table signal drop column if exists search_vector`.execute(db);
  await sql`create index signal_search_text_idx on signal
    using gin (to_tsvector('dutch'::regconfig, coalesce(text, '') || ' ' || coalesce(address_text, '')))`.execute(db);
}
