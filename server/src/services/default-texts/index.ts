/**
 * Default texts ('standaardteksten', docs/reference/api.md#private) a handler picks when changing a
 * report's status:
 *
 * - status messages (the v2 screen): title, text, active, the state they are for, the
 *   categories they apply to, and per category a position (the order the detail page
 *   offers them in); full-text search over title and text with PostgreSQL's Dutch text
 *   search (prefix matching per word, highlights by ts_headline, counts per state and
 *   per active flag), the same SQL on PGlite;
 * - status-message templates (the older v1 screen): per category and state an ordered
 *   list of {title, text, is_active}; a write replaces the list of every state it sends.
 */
import { sql, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { StatusMessageTable } from '../../db/tables.ts';
import { invalid, invalidField, notFound } from '../../domain/errors.ts';
import { amsterdamIso } from '../../followup/time.ts';

/** Every state code of docs/reference/statuses.md#transitions (status messages accept all of them). */
export const ALL_STATES = [
  'm', 'i', 'b', 'h', 'ingepland', 'ready to send', 'o', 'a', 'reopened', 's', 'closure requested', 'reaction requested',
  'reaction received', 'forward to external', 'sent', 'send failed', 'done external', 'reopen requested',
] as const;
/** The templates endpoint accepts only the first 14 (docs/reference/statuses.md#transitions). */
export const TEMPLATE_STATES = ALL_STATES.slice(0, 14);

export const DEFAULT_TEXT_MESSAGES = {
  duplicatePositions: 'Duplicate positions in request.',
  duplicateMessages: 'Duplicate status messages in request.',
  noMessage: (id: number) => `Status message with id ${id} does not exist.`,
  noCategory: (id: number) => `Category with id ${id} does not exist.`,
  noPk: (id: unknown) => `Ongeldige pk "${String(id)}" - object bestaat niet.`,
  choice: (value: unknown) => `"${String(value)}" is een ongeldige keuze.`,
  filterChoice: (value: unknown) => `Selecteer een geldige keuze. ${String(value)} is geen beschikbare keuze.`,
  boolean: 'Voer een geldige booleaanse waarde in.',
} as const;

export interface StatusMessage extends Selectable<StatusMessageTable> {
  categories: number[];
}

export function serializeStatusMessage(m: StatusMessage) {
  return {
    id: m.id,
    title: m.title,
    text: m.text,
    active: m.active,
    state: m.state,
    categories: m.categories,
    updated_at: amsterdamIso(m.updated_at)!,
    created_at: amsterdamIso(m.created_at)!,
  };
}

async function withCategories(db: Db, rows: Selectable<StatusMessageTable>[]): Promise<StatusMessage[]> {
  if (rows.length === 0) return [];
  const links = await db.selectFrom('status_message_category').select(['status_message_id', 'category_id']).where('status_message_id', 'in', rows.map((r) => r.id)).orderBy('category_id').execute();
  return rows.map((r) => ({ ...r, categories: links.filter((l) => l.status_message_id === r.id).map((l) => l.category_id) }));
}

export interface StatusMessageFilters {
  active?: string[];
  category_id?: string[];
  state?: string[];
  ordering?: string[];
}

/** Parses a django-filter BooleanFilter value; undefined for '' (no filter). */
function booleanFilter(values: string[] | undefined, errors: Record<string, string[]>, name: string): boolean | undefined {
  const value = values?.[values.length - 1];
  if (value === undefined || value === '') return undefined;
  if (['true', 'True', '1'].includes(value)) return true;
  if (['false', 'False', '0'].includes(value)) return false;
  errors[name] = [DEFAULT_TEXT_MESSAGES.boolean];
  return undefined;
}

/** Checks the list filters (django-filter's messages); a 400 names every bad value. */
async function checkFilters(db: Db, filters: StatusMessageFilters) {
  const errors: Record<string, string[]> = {};
  const active = booleanFilter(filters.active, errors, 'active');
  const states = (filters.state ?? []).filter((s) => s !== '');
  for (const s of states) if (!(ALL_STATES as readonly string[]).includes(s)) (errors.state ??= []).push(DEFAULT_TEXT_MESSAGES.filterChoice(s));
  const categoryValues = (filters.category_id ?? []).filter((s) => s !== '');
  const categoryIds: number[] = [];
  if (categoryValues.length > 0) {
    const known = new Set((await db.selectFrom('category').select('id').execute()).map((c) => String(c.id)));
    for (const v of categoryValues) {
      if (known.has(v)) categoryIds.push(Number(v));
      else (errors.category_id ??= []).push(DEFAULT_TEXT_MESSAGES.filterChoice(v));
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { active, states, categoryIds };
}

/**
 * The status messages matching the filters. Order: the `ordering` fields (created_at,
 * updated_at, position; '-' for descending; unknown fields ignored, as DRF does); by
 * default the position within the category when exactly one category is asked for (the
 * order the handler set), otherwise newest first.
 */
export async function listStatusMessages(db: Db, filters: StatusMessageFilters): Promise<StatusMessage[]> {
  const { active, states, categoryIds } = await checkFilters(db, filters);
  const position =
    categoryIds.length > 0
      ? sql`(select min(smc.position) from status_message_category smc where smc.status_message_id = sm.id and smc.category_id in (${sql.join(categoryIds)}))`
      : sql`(select min(smc.position) from status_message_category smc where smc.status_message_id = sm.id)`;
  const fields: Record<string, ReturnType<typeof sql>> = { created_at: sql`sm.created_at`, updated_at: sql`sm.updated_at`, position };
  const ordering = (filters.ordering ?? []).flatMap((v) => v.split(',')).map((f) => f.trim()).filter((f) => f.replace(/^-/, '') in fields);
  if (ordering.length === 0) ordering.push(...(categoryIds.length === 1 ? ['position', '-created_at'] : ['-created_at']));

  let query = db.selectFrom('status_message as sm').selectAll('sm');
  if (active !== undefined) query = query.where('sm.active', '=', active);
  if (states.length > 0) query = query.where('sm.state', 'in', states);
  if (categoryIds.length > 0) query = query.where(sql<SqlBool>`exists (select 1 from status_message_category f where f.status_message_id = sm.id and f.category_id in (${sql.join(categoryIds)}))`);
  for (const field of ordering) {
    const desc = field.startsWith('-');
    query = query.orderBy(sql`${fields[field.replace(/^-/, '')]} ${sql.raw(desc ? 'desc nulls last' : 'asc nulls last')}`);
  }
  query = query.orderBy('sm.id', 'desc');
  return withCategories(db, await query.execute());
}

export async function getStatusMessage(db: Db, id: number): Promise<StatusMessage | undefined> {
  const row = await db.selectFrom('status_message').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withCategories(db, [row]))[0] : undefined;
}

export interface StatusMessageInput {
  title?: string;
  text?: string;
  active?: boolean;
  state?: string;
  categories?: number[];
}

async function checkCategories(db: Db, ids: number[] | undefined): Promise<void> {
  if (!ids || ids.length === 0) return;
  const found = new Set((await db.selectFrom('category').select('id').where('id', 'in', ids).execute()).map((c) => c.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw invalidField('categories', DEFAULT_TEXT_MESSAGES.noPk(missing));
}

/** Links the message to exactly `ids` (new links at position 0, as Signalen; kept links keep their position). */
async function setCategories(trx: Db, id: number, ids: number[] | undefined): Promise<void> {
  if (ids === undefined) return;
  const wanted = [...new Set(ids)];
  const current = (await trx.selectFrom('status_message_category').select('category_id').where('status_message_id', '=', id).execute()).map((r) => r.category_id);
  const remove = current.filter((c) => !wanted.includes(c));
  const add = wanted.filter((c) => !current.includes(c));
  if (remove.length) await trx.deleteFrom('status_message_category').where('status_message_id', '=', id).where('category_id', 'in', remove).execute();
  if (add.length) await trx.insertInto('status_message_category').values(add.map((category_id) => ({ status_message_id: id, category_id, position: 0 }))).execute();
}

export async function createStatusMessage(db: Db, input: StatusMessageInput & { title: string; text: string; state: string }): Promise<StatusMessage> {
  await checkCategories(db, input.categories);
  const id = await db.transaction().execute(async (trx) => {
    const now = new Date();
    const row = await trx
      .insertInto('status_message')
      .values({ title: input.title, text: input.text, state: input.state, active: input.active ?? false, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setCategories(trx, row.id, input.categories);
    return row.id;
  });
  return (await getStatusMessage(db, id))!;
}

/** Changes the fields given (PATCH) or all of them (PUT: the route requires them); undefined for an unknown id. */
export async function updateStatusMessage(db: Db, id: number, input: StatusMessageInput): Promise<StatusMessage | undefined> {
  await checkCategories(db, input.categories);
  const found = await db.transaction().execute(async (trx) => {
    const { categories, ...fields } = input;
    const row = await trx.updateTable('status_message').set({ ...fields, updated_at: new Date() }).where('id', '=', id).returning('id').executeTakeFirst();
    if (!row) return false;
    await setCategories(trx, id, categories);
    return true;
  });
  return found ? getStatusMessage(db, id) : undefined;
}

export async function deleteStatusMessage(db: Db, id: number): Promise<boolean> {
  const row = await db.deleteFrom('status_message').where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets the position of status messages within one category (`POST
 * /status-messages/category/{id}`): a message not linked to the category yet is linked.
 * Duplicate messages or positions in one request are refused, and so is an unknown message.
 */
export async function setPositions(db: Db, categoryId: number, items: { status_message: number; position: number }[]): Promise<void> {
  const category = await db.selectFrom('category').select('id').where('id', '=', categoryId).executeTakeFirst();
  if (!category) throw invalidField('category', DEFAULT_TEXT_MESSAGES.noCategory(categoryId));
  const errors: Record<string, string[]> = {};
  if (new Set(items.map((i) => i.status_message)).size !== items.length) errors.status_message = [DEFAULT_TEXT_MESSAGES.duplicateMessages];
  if (new Set(items.map((i) => i.position)).size !== items.length) errors.position = [DEFAULT_TEXT_MESSAGES.duplicatePositions];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const ids = items.map((i) => i.status_message);
  const known = new Set(ids.length ? (await db.selectFrom('status_message').select('id').where('id', 'in', ids).execute()).map((r) => r.id) : []);
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw invalidField('status_message', DEFAULT_TEXT_MESSAGES.noMessage(missing));
  await db.transaction().execute(async (trx) => {
    for (const item of items) {
      await trx
        .insertInto('status_message_category')
        .values({ status_message_id: item.status_message, category_id: categoryId, position: item.position })
        .onConflict((oc) => oc.columns(['status_message_id', 'category_id']).doUpdateSet({ position: item.position }))
        .execute();
    }
  });
}

/** The words of a search query as a prefix tsquery ('contain geleeg' → 'contain:* & geleeg:*'); null for no words. */
export function prefixQuery(q: string): string | null {
  const words = q
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 20)
    .map((w) => `${w.toLowerCase()}:*`);
  return words.length ? words.join(' & ') : null;
}

const HEADLINE = 'StartSel=<em>, StopSel=</em>, HighlightAll=true';

export interface SearchOptions {
  q: string;
  state?: string[];
  active?: string[];
  page: number;
  pageSize: number;
}

/**
 * `GET /status-messages/search?q=` (Signalen's Elasticsearch search, here PostgreSQL
 * full text in Dutch): matches on title and text, best match first; without words every
 * message. Answers Signalen's shape: count, results with `highlight` (the title and text
 * with matches in <em>), and facets per state and per active flag (counts over the
 * matches before the state/active filters, `active` telling whether that filter is on).
 */
export async function searchStatusMessages(db: Db, options: SearchOptions) {
  const errors: Record<string, string[]> = {};
  const active = booleanFilter(options.active, errors, 'active');
  const states = (options.state ?? []).filter((s) => s !== '');
  for (const s of states) if (!(ALL_STATES as readonly string[]).includes(s)) (errors.state ??= []).push(DEFAULT_TEXT_MESSAGES.filterChoice(s));
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const tsquery = prefixQuery(options.q);
  const document = sql`to_tsvector('dutch', sm.title || ' ' || sm.text)`;
  const query = tsquery ? sql`to_tsquery('dutch', ${tsquery})` : null;
  const matches = db.selectFrom('status_message as sm').$if(query !== null, (qb) => qb.where(sql<SqlBool>`${document} @@ ${query}`));

  const facetRows = await matches.select(['sm.state', 'sm.active']).select((eb) => eb.fn.countAll<string>().as('n')).groupBy(['sm.state', 'sm.active']).execute();
  const filtered = matches.$if(states.length > 0, (qb) => qb.where('sm.state', 'in', states)).$if(active !== undefined, (qb) => qb.where('sm.active', '=', active!));
  const { count } = await filtered.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const start = (options.page - 1) * options.pageSize;
  if (options.page > 1 && start >= Number(count)) throw notFound('Ongeldige pagina.');
  const rows = await filtered
    .selectAll('sm')
    .$if(query !== null, (qb) =>
      qb.select([
        sql<string>`ts_headline('dutch', sm.title, ${query}, ${HEADLINE})`.as('title_highlight'),
        sql<string>`ts_headline('dutch', sm.text, ${query}, ${HEADLINE})`.as('text_highlight'),
      ]),
    )
    .$if(query !== null, (qb) => qb.orderBy(sql`ts_rank(${document}, ${query})`, 'desc'))
    .orderBy('sm.id', 'desc')
    .limit(options.pageSize)
    .offset(start)
    .execute();
  const full = await withCategories(db, rows);

  const facet = <T>(key: (r: (typeof facetRows)[number]) => T, chosen: (t: T) => boolean) => {
    const counts = new Map<T, number>();
    for (const r of facetRows) counts.set(key(r), (counts.get(key(r)) ?? 0) + Number(r.n));
    return [...counts].map(([term, n]) => ({ term, count: n, active: chosen(term) }));
  };
  return {
    count: Number(count),
    results: full.map((m, i) => {
      const row = rows[i] as (typeof rows)[number] & { title_highlight?: string; text_highlight?: string };
      return {
        ...serializeStatusMessage(m),
        ...(query !== null ? { highlight: { title: [row.title_highlight ?? m.title], text: [row.text_highlight ?? m.text] } } : {}),
      };
    }),
    facets: {
      state: facet((r) => r.state, (term) => states.includes(term)).sort((a, b) => ALL_STATES.indexOf(a.term as never) - ALL_STATES.indexOf(b.term as never)),
      active: facet((r) => r.active, (term) => active === term).sort((a) => (a.term ? -1 : 1)),
    },
  };
}

// Templates (the older per-category API) --------------------------------------------------

export type TemplateGroup = {
  state: string;
  templates: { title: string; text: string; is_active: boolean }[];
};

/** A category's templates grouped by state (states in workflow order, templates in their order). */
export async function getTemplates(db: Db, categoryId: number): Promise<TemplateGroup[]> {
  const rows = await db.selectFrom('status_message_template').selectAll().where('category_id', '=', categoryId).orderBy('position').orderBy('id').execute();
  const groups: TemplateGroup[] = [];
  for (const state of ALL_STATES) {
    const templates = rows.filter((r) => r.state === state).map((r) => ({ title: r.title, text: r.text, is_active: r.is_active }));
    if (templates.length) groups.push({ state, templates });
  }
  return groups;
}

/** Replaces, for every state in `groups`, the category's templates of that state (an empty list clears it). Atomic. */
export async function replaceTemplates(db: Db, categoryId: number, groups: { state: string; templates: { title: string; text: string; is_active?: boolean }[] }[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const states = [...new Set(groups.map((g) => g.state))];
    if (states.length) await trx.deleteFrom('status_message_template').where('category_id', '=', categoryId).where('state', 'in', states).execute();
    for (const group of groups) {
      if (group.templates.length === 0) continue;
      await trx
        .insertInto('status_message_template')
        .values(group.templates.map((t, position) => ({ category_id: categoryId, state: group.state, position, title: t.title, text: t.text, is_active: t.is_active ?? true })))
        .execute();
    }
  });
}

/** The id of a main category (`slug`) or of its sub-category (`sub_slug`); 404 when there is none. */
export async function categoryIdBySlugs(db: Db, params: { slug: string; sub_slug?: string }): Promise<number> {
  let query = db.selectFrom('category as c').select('c.id');
  query = params.sub_slug === undefined
    ? query.where('c.slug', '=', params.slug).where('c.parent_id', 'is', null)
    : query.innerJoin('category as p', 'p.id', 'c.parent_id').where('p.slug', '=', params.slug).where('c.slug', '=', params.sub_slug);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('No Category matches the given query.');
  return row.id;
}
