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
 * The expressions match the indexes of migration 510_overview_search.
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ScopeArm } from '../../auth/scoping.ts';
import { hasPermission } from '../../auth/users.ts';
import type { Database, Db } from '../../db/index.ts';
import { invalid } from '../../domain/errors.ts';
import { compileFilters, pageOfRows, type ListOptions, type RawFilters } from '../signals/list.ts';

/** Upper bound of `q` (longer text is no search a person types). */
export const SEARCH_MAX_LENGTH = 200;

export interface CompiledSearch {
  /** The condition on `signal`. */
  condition: Expression<SqlBool>;
  /** The report number typed, if any: that report is listed first. */
  id: number | null;
}

const SEARCH_VECTOR = sql`to_tsvector('dutch'::regconfig, coalesce(signal.text, '') || ' ' || coalesce(signal.address_text, ''))`;
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
  return {
    query: (arm?: ScopeArm) => filters.query(arm).where(() => search.condition),
    arms: filters.arms,
    order: <QB extends SelectQueryBuilder<Database, 'signal', object>>(q: QB) =>
      filters.order(search.id === null ? q : (q.orderBy(sql`signal.id = ${search.id}`, (ob) => ob.desc()) as QB)),
  };
}

/** One page of search results. */
export async function searchSignals(db: Db, q: string, raw: RawFilters, options: ListOptions & { page: number; pageSize: number }) {
  const search = await compileSearchQuery(db, q, raw, options);
  return pageOfRows(db, search, search.order, options);
}
