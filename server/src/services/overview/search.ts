/**
 * 'Zoek op meldingsinformatie' (docs/reference/screens.md#routes, docs/overview.md): what a staff member types
 * in the header's search bar, turned into one SQL condition on `signal`. The same SQL runs
 * on PostgreSQL and PGlite (both ship the 'dutch' text-search configuration), so results
 * are the same on both. Signalen needs Elasticsearch for this.
 *
 * `q` matches, OR-ed:
 * - a report number: `SIG-123`, `sig 123` or `123` → report 123 (listed first);
 * - words in the text or the address: full text with the Dutch configuration, every word a
 *   prefix ('lantaarn kapot' finds 'De lantaarnpalen zijn kapot'), numbers whole words, all must match;
 * - a postcode: `1012LG` / `1012 lg` exactly, or four digits as the postcode area;
 * - with sia_can_view_contact_details only: the reporter's e-mail (whole address, any case)
 *   and phone number (digits, 06… and +316… alike).
 * The expressions match the indexes of migrations 510_overview_search and 921_search_vector.
 * The count stops at SEARCH_COUNT_MAX matches past the page (`count_capped`).
 */
import { sql, type CompiledQuery, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ScopeArm } from '../../auth/scoping.ts';
import { hasPermission } from '../../auth/users.ts';
import type { Database, Db } from '../../db/index.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { compileFilters, pageOfRows, selectListed, type ListedSignal, type ListOptions, type RawFilters } from '../signals/list.ts';

/** Upper bound of `q` (longer text is no search a person types). */
export const SEARCH_MAX_LENGTH = 200;

export interface CompiledSearch {
  /** The condition on `signal`. */
  condition: Expression<SqlBool>;
  /** The report number typed, if any: that report is listed first. */
  id: number | null;
}

/** The report's words (its text and address), stored and kept by migration 921. */
const SEARCH_VECTOR = sql`signal.search_vector`;

/**
 * A search counts its matches up to this many beyond the page asked for: a word in 130,000
 * reports costs a second to count at 2,000,000 reports (docs/performance.md). With more, the
 * answer says so (`count_capped`) and the overview shows 'Meer dan …' rather than a number.
 */
export const SEARCH_COUNT_MAX = 1000;
const POSTCODE = sql`upper(replace(signal.address ->> 'postcode', ' ', ''))`;
const PHONE_DIGITS = sql`regexp_replace(signal.reporter_phone, '[^0-9]', '', 'g')`;

/** The words of `q` as a prefix tsquery text ('lantaarn:* & kapot:* & 12'), or null without words. */
export function prefixQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  // A number is a whole word (a house number); '1' would otherwise match every postcode.
  return words.length ? words.map((w) => (/^\d+$/.test(w) ? w : `${w}:*`)).join(' & ') : null;
}

/** The report's reporter has one of these phone numbers (`phoneForms`). */
export const reporterPhoneIn = (forms: string[]) =>
  sql<SqlBool>`(signal.reporter_phone is not null and signal.reporter_phone <> '' and ${PHONE_DIGITS} in (${sql.join(forms)}))`;

/** Phone digits as typed and in the other national form (0612345678 ↔ 31612345678). */
export function phoneForms(q: string): string[] | null {
  if (!/^\+?[\d\s\-()]{8,20}$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  if (digits.length < 8) return null;
  const forms = [digits];
  if (digits.startsWith('0031')) forms.push(`0${digits.slice(4)}`, digits.slice(2));
  else if (digits.startsWith('31')) forms.push(`0${digits.slice(2)}`, `00${digits}`);
  else if (digits.startsWith('0')) forms.push(`31${digits.slice(1)}`, `0031${digits.slice(1)}`);
  return forms;
}

export function compileSearch(raw: string, { showContactDetails }: { showContactDetails: boolean }): CompiledSearch {
  const q = raw.trim();
  const parts: Expression<SqlBool>[] = [];

  const number = /^(?:sig[\s-]*)?(\d{1,10})$/i.exec(q);
  const id = number && Number(number[1]) <= 2147483647 ? Number(number[1]) : null;
  if (id !== null) parts.push(sql<SqlBool>`signal.id = ${id}`);

  const text = prefixQuery(q);
  if (text) parts.push(sql<SqlBool>`${SEARCH_VECTOR} @@ to_tsquery('dutch'::regconfig, ${text})`);

  const postcode = /^(\d{4})\s*([a-z]{2})$/i.exec(q);
  if (postcode) parts.push(sql<SqlBool>`${POSTCODE} = ${`${postcode[1]}${postcode[2]!.toUpperCase()}`}`);
  else if (/^\d{4}$/.test(q)) parts.push(sql<SqlBool>`${POSTCODE} like ${`${q}%`}`);

  if (showContactDetails) {
    if (q.includes('@')) parts.push(sql<SqlBool>`lower(signal.reporter_email) = ${q.toLowerCase()}`);
    const phones = phoneForms(q);
    if (phones) parts.push(reporterPhoneIn(phones));
  }

  return { condition: parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`false`, id };
}

/** `q` checked: required, not blank, at most SEARCH_MAX_LENGTH characters; an invalid-input DomainError otherwise. */
export function searchText(q: string | undefined): string {
  const text = (q ?? '').trim();
  if (!text) throw invalid({ q: ['Dit veld is vereist.'] });
  if (text.length > SEARCH_MAX_LENGTH) throw invalid({ q: [`Zorg ervoor dat dit veld niet meer dan ${SEARCH_MAX_LENGTH} karakters bevat.`] });
  return text;
}

/**
 * The filtered (list filters, department scoping) signals that match `q`, with the order:
 * the typed report number first, then `ordering` as the list (default newest first).
 */
export async function compileSearchQuery(db: Db, q: string, raw: RawFilters, options: ListOptions) {
  const filters = await compileFilters(db, raw, options);
  const search = compileSearch(searchText(q), { showContactDetails: hasPermission(options.user, 'sia_can_view_contact_details') });
  const [first] = filters.ordering;
  return {
    query: (arm?: ScopeArm, newest?: number) => filters.query(arm, newest).where(() => search.condition),
    arms: filters.arms,
    /** Newest first (the default order) and no number listed first: a page of the newest reports' matches is a page of all. */
    newestFirst: search.id === null && filters.ordering.length === 1 && first![0] === 'created_at' && first![1] === 'desc',
    order: <QB extends SelectQueryBuilder<Database, 'signal', object>>(q: QB) =>
      filters.order(search.id === null ? q : (q.orderBy(sql`signal.id = ${search.id}`, (ob) => ob.desc()) as QB)),
  };
}

/**
 * How many of the newest reports the search looks at first: a sample that tells how common the
 * match is, and for a common one (newest first, the default order) the page itself — the newest
 * matches of all are the newest matches among the newest reports.
 *
 * PostgreSQL cannot tell a common match from a rare one for several words (it multiplies their
 * frequencies as if unrelated: 'kapotte bank plein', in one report of thirty, was planned as if in
 * 200), and at 2,000,000 reports the wrong choice cost 0.5-2 s: walking the creation-time index for a
 * rare match, or building the word index's bitmap of 70,000 reports for a common one. So the sample
 * chooses: a common match is counted by reading reports until the count's cap (reading at most
 * SEARCH_READ_MAX), a rare one through the indexes (word, postcode, e-mail, phone, number).
 */
export const SEARCH_NEWEST = 5_000;
const SEARCH_READ_MAX = 200_000;
/**
 * A common match is counted by reading reports up to this many (about (cap + 1) · SEARCH_NEWEST / matches
 * in the sample); when counting to the cap would read more, the sample's matches are the count: a lower
 * bound (`count_capped`, 'Meer dan …'), for 'kapotte bank plein' (one report in thirty: 30,000 reports
 * read to count 1,001 matches, 140 ms at 2,000,000 reports) the 166 of the newest 5,000.
 */
export const SEARCH_COUNT_READ = 10_000;

/** Runs `query` with the planner told how to read (`scan`: reports in order; `indexes`: bitmaps of the indexes). */
async function planned<R>(db: Db, how: 'scan' | 'indexes', query: { compile(): CompiledQuery<R> }): Promise<R[]> {
  return db.transaction().execute(async (trx) => {
    const off = how === 'scan' ? ['enable_bitmapscan'] : ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'];
    for (const setting of off) await sql`select set_config(${setting}, 'off', true)`.execute(trx);
    return (await trx.executeQuery(query.compile())).rows;
  });
}

/**
 * One page of search results; the count stops SEARCH_COUNT_MAX matches past the page's start
 * (`capped`). See SEARCH_NEWEST for how the reports are read.
 */
export async function searchSignals(db: Db, q: string, raw: RawFilters, options: ListOptions & { page: number; pageSize: number }) {
  const search = await compileSearchQuery(db, q, raw, options);
  const { page, pageSize } = options;
  const offset = (page - 1) * pageSize;
  const countAtMost = offset + SEARCH_COUNT_MAX;
  if (offset + pageSize > SEARCH_NEWEST) return pageOfRows(db, search, search.order, { ...options, countAtMost });
  const atMost = Math.max(countAtMost, offset + pageSize);
  const pageIds = (query: SelectQueryBuilder<Database, 'signal', object>) => search.order(query.select('signal.id')).limit(pageSize).offset(offset);
  const countQuery = (arm: ScopeArm | undefined, newest?: number) => db.selectFrom(search.query(arm, newest).select(sql`1`.as('one')).limit(atMost + 1).as('m')).select(sql<string>`count(*)`.as('n'));
  const countBy = async (how: 'scan' | 'indexes') => {
    const parts = await Promise.all(search.arms.map((arm) => planned(db, how, countQuery(arm))));
    return parts.reduce((n, rows) => n + Number(rows[0]!.n), 0);
  };

  // The sample: the matches among the newest reports (and, newest first, the page from them).
  const [sampled, newestIds] = await Promise.all([
    Promise.all(search.arms.map((arm) => countQuery(arm, SEARCH_NEWEST).executeTakeFirstOrThrow())).then((parts) => parts.reduce((n, r) => n + Number(r.n), 0)),
    search.newestFirst ? pageIds(search.query(undefined, SEARCH_NEWEST)).execute().then((rows) => rows.map((r) => r.id)) : undefined,
  ]);
  const common = sampled > 0 && ((atMost + 1) * SEARCH_NEWEST) / sampled <= SEARCH_READ_MAX;
  const how = common ? 'scan' : 'indexes';
  // Counting to the cap would read more than SEARCH_COUNT_READ reports, and the sample holds more than the page:
  // the sample's matches are the count, a lower bound unless the sample saw every report (no report past the
  // first SEARCH_NEWEST ids, read from the primary key).
  const fromSample = sampled <= atMost && sampled > offset + pageSize && ((atMost + 1) * SEARCH_NEWEST) / sampled > SEARCH_COUNT_READ;
  const [counted, ids, sawEvery] = await Promise.all([
    sampled > atMost || fromSample ? sampled : countBy(how),
    newestIds !== undefined && newestIds.length === pageSize
      ? newestIds
      : newestIds !== undefined
        ? planned(db, how, pageIds(search.query())).then((rows) => rows.map((r) => r.id))
        : pageIds(search.query()).execute().then((rows) => rows.map((r) => r.id)),
    fromSample && db.selectFrom('signal').select('signal.id').orderBy('signal.id').limit(1).offset(SEARCH_NEWEST).executeTakeFirst().then((r) => r === undefined),
  ]);
  // More than counted: past the cap, or (of more reports than the sample) the sample's matches.
  const capped = counted > atMost || (fromSample && !sawEvery);
  const count = counted > atMost ? atMost + 1 : counted;
  if (page > Math.max(1, Math.ceil(count / pageSize))) throw notFound('Ongeldige pagina.');
  const rows = ids.length ? await search.order(selectListed(db.selectFrom('signal')).where('signal.id', 'in', ids)).execute() : [];
  return { count, capped, rows: rows as ListedSignal[] };
}
