/**
 * Search in the back office's overview ('Zoek op meldingsinformatie', docs/overview.md): the
 * expression indexes the search of services/overview/search.ts uses. The expressions
 * here and there must stay the same, or PostgreSQL will not use the index.
 * - full text over the report's text and address in the Dutch text-search configuration;
 * - the postcode without spaces, upper case (text_pattern_ops: equality and prefix);
 * - the reporter's phone number as digits only (staff with sia_can_view_contact_details).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index signal_search_text_idx on signal
    using gin (to_tsvector('dutch'::regconfig, coalesce(text, '') || ' ' || coalesce(address_text, '')))`.execute(db);
  await sql`create index signal_search_postcode_idx on signal ((upper(replace(address ->> 'postcode', ' ', ''))) text_pattern_ops)`.execute(db);
  await sql`create index signal_search_phone_idx on signal ((regexp_replace(reporter_phone, '[^0-9]', '', 'g')))
    where reporter_phone is not null and reporter_phone <> ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists signal_search_phone_idx`.execute(db);
  await sql`drop index if exists signal_search_postcode_idx`.execute(db);
  await sql`drop index if exists signal_search_text_idx`.execute(db);
}
