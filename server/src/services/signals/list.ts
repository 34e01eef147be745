/**
 * The private signal list and its geography (docs/reference/api.md#private): the filters of the docs/reference/api.md#private
 * table with django-filter's semantics and messages, the ordering fields, paging,
 * and department scoping (docs/reference/permissions.md#permissions-and-scoping). Handlers pass the raw query (every parameter as the
 * list of its repeated values); this module checks it and builds the SQL.
 */
import { REPORTERS_SQL } from '../followers/index.ts';
import { LATE_FACTOR, onTimeSince, PRIORITY_OPTIONS, STATE_CODES, STATE_WORKFLOW_ORDER } from '@meldloket/engine';
import { sql, type Expression, type ExpressionBuilder, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database, Db } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';
import { resolveScope, scopeCondition, type ScopeArm, type ScopeUser } from '../../auth/scoping.ts';
import { hasPermission } from '../../auth/users.ts';
import { AUTH_MESSAGES } from '../../auth/verify.ts';
import { invalid, notFound, forbidden } from '../../domain/errors.ts';
import { parseDateTime } from '../../domain/datetime.ts';

/** Multi-valued filters ("(multi)" in the docs/reference/api.md#private table): the parameter may be repeated. */
export const MULTI = [
  'status', 'priority', 'type', 'source', 'stadsdeel', 'buurt_code', 'area_code', 'category_id', 'category_slug', 'maincategory_slug',
  'contact_details', 'directing_department', 'routing_department_code', 'kind', 'has_changed_children',
] as const;
/** Single-valued filters: when repeated, the last value counts (as Django's QueryDict). */
const SINGLE = [
  'id', 'area_type_code', 'created_before', 'created_after', 'updated_before', 'updated_after', 'incident_date', 'incident_date_before',
  'incident_date_after', 'address_text', 'note_keyword', 'reporter_email', 'assigned_user_email', 'feedback', 'punctuality',
  'reporters_min',
] as const;

export const FILTER_NAMES = [...MULTI, ...SINGLE] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
export type RawFilters = Partial<Record<FilterName | 'ordering', string[]>>;

/** The querystring schema of the list and geography routes: every filter as a list of strings. */
const textList = { type: 'array', items: { type: 'string', maxLength: 1000 }, maxItems: 100 } as const;
export const filterQuerySchema = Object.fromEntries([...FILTER_NAMES, 'ordering'].map((name) => [name, textList])) as Record<FilterName | 'ordering', typeof textList>;

export const PRIORITIES = ['low', 'normal', 'high'] as const;
export const TYPES = ['SIG', 'REQ', 'QUE', 'COM', 'MAI'] as const;
/** The districts of docs/reference/screens.md#entities (Amsterdam's stadsdelen); `null` for 'Niet bepaald'. */
export const STADSDELEN = ['A', 'B', 'E', 'M', 'N', 'T', 'K', 'F', 'H', 'W'] as const;
export const CONTACT_DETAILS = ['email', 'phone', 'none'] as const;
export const FEEDBACK = ['satisfied', 'not_satisfied', 'not_received'] as const;
export const KINDS = ['signal', 'parent_signal', 'exclude_parent_signal', 'child_signal'] as const;
export const PUNCTUALITY = ['on_time', 'late', 'late_factor_3', 'null'] as const;
/** The boolean values django-filter's BooleanFilter takes. */
const BOOLEANS: Record<string, boolean | undefined> = { true: true, True: true, '1': true, false: false, False: false, '0': false };

/** `ordering` fields (docs/reference/api.md#private) and what they sort on. */
const ORDERING: Record<string, Expression<unknown>> = {
  id: sql`signal.id`,
  created_at: sql`signal.created_at`,
  updated_at: sql`signal.updated_at`,
  stadsdeel: sql`signal.stadsdeel`,
  sub_category: sql`(select c.name from category c where c.id = signal.category_id)`,
  main_category: sql`(select p.name from category c join category p on p.id = c.parent_id where c.id = signal.category_id)`,
  // by meaning, not by code: the workflow's order, and Hoog, Normaal, Laag
  status: sql`array_position(${sql.val([...STATE_WORKFLOW_ORDER])}::text[], signal.state)`,
  priority: sql`array_position(${sql.val(PRIORITY_OPTIONS.map((o) => o.id))}::text[], signal.priority)`,
  address: sql`signal.address_text`,
  assigned_user_email: sql`(select u.email from staff_user u where u.id = signal.assigned_user_id)`,
  area_name: sql`signal.area_name`,
  postcode: sql`signal.address ->> 'postcode'`,
  // 'meest gemeld' (docs/duplicates.md): the report, its merged duplicates and its followers
  reporters: REPORTERS_SQL,
};

type ListDb = Database;

export interface ListOptions {
  user: ScopeUser;
  now: Date;
}

/** Checks the raw filters and returns a function that narrows a query over `signal`; an invalid-input DomainError on a bad value. */
export async function compileFilters(db: Db, raw: RawFilters, { user, now }: ListOptions) {
  const errors: Record<string, string[]> = {};
  const fail = (param: string, message: string) => {
    (errors[param] ??= []).push(message);
  };
  const choice = (param: string, value: string) => fail(param, `Selecteer een geldige keuze. ${value} is geen beschikbare keuze.`);
  const many = (name: (typeof MULTI)[number]) => (raw[name] ?? []).filter((v) => v !== '');
  const one = (name: (typeof SINGLE)[number]) => {
    const values = raw[name];
    const last = values?.[values.length - 1];
    return last === undefined || last === '' ? undefined : last;
  };
  const choices = <T extends string>(name: (typeof MULTI)[number], allowed: readonly string[]) => {
    const values = many(name);
    for (const v of values) if (!allowed.includes(v)) choice(name, v);
    return values as T[];
  };

  // The choice lists, read only when a filter of the request needs them (the plain first page needs none).
  const uses = (...names: FilterName[]) => names.some((n) => (raw[n] ?? []).some((v) => v !== ''));
  const [scope, sources, categories, departments] = await Promise.all([
    resolveScope(db, user),
    uses('source') ? db.selectFrom('source').select('name').execute() : [],
    uses('category_id', 'category_slug', 'maincategory_slug', 'punctuality')
      ? db.selectFrom('category').select(['id', 'slug', 'parent_id', 'sla_n_days', 'sla_use_calendar_days']).execute()
      : [],
    uses('directing_department', 'routing_department_code') ? db.selectFrom('department').select(['id', 'code']).execute() : [],
  ]);

  const conditions: ((eb: ExpressionBuilder<ListDb, 'signal'>) => Expression<SqlBool>)[] = [];
  // Whether the count can be read from signal_count (every condition is on state, category, district,
  // priority, assignment or punctuality; migrations 883, 930).
  const tally: CountKeys & { other: boolean; punctuality?: (typeof PUNCTUALITY)[number] } = { other: false };
  const where = (condition: (eb: ExpressionBuilder<ListDb, 'signal'>) => Expression<SqlBool>, counted?: Partial<typeof tally>) => {
    if (counted) Object.assign(tally, counted);
    else tally.other = true;
    conditions.push(condition);
  };
  const never = () => sql<SqlBool>`false`;

  // id -----------------------------------------------------------------------
  const id = one('id');
  if (id !== undefined) {
    // django-filter's NumberFilter: any number; one that is not a whole id matches nothing.
    const n = /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(id) ? Number(id) : NaN;
    if (!Number.isFinite(n)) fail('id', 'Voer een getal in.');
    else where((eb) => (Number.isInteger(n) && Math.abs(n) <= 2147483647 ? eb('signal.id', '=', n) : never()));
  }

  // Choice lists ---------------------------------------------------------------
  const status = choices('status', STATE_CODES);
  if (status.length) where((eb) => eb('signal.state', 'in', status), { states: status });
  const priority = choices('priority', PRIORITIES);
  if (priority.length) where((eb) => eb('signal.priority', 'in', priority), { priorities: priority });
  const type = choices('type', TYPES);
  if (type.length) where((eb) => eb('signal.type_code', 'in', type));
  const source = choices('source', sources.map((s) => s.name));
  if (source.length) where((eb) => eb('signal.source', 'in', source));
  const stadsdeel = choices('stadsdeel', [...STADSDELEN, 'null']);
  if (stadsdeel.length) {
    const codes = stadsdeel.filter((s) => s !== 'null');
    const withNull = stadsdeel.includes('null');
    where((eb) => eb.or([...(codes.length ? [eb('signal.stadsdeel', 'in', codes)] : []), ...(withNull ? [eb('signal.stadsdeel', 'is', null)] : [])]), {
      stadsdelen: stadsdeel.map((s) => (s === 'null' ? null : s)),
    });
  }
  const buurt = many('buurt_code');
  if (buurt.length) where((eb) => eb('signal.buurt_code', 'in', buurt));
  // the areas the report's point lies in (signal_area, docs/routing.md); the type narrows the codes, or alone: any area of that type
  const areaCode = many('area_code');
  const areaType = one('area_type_code');
  if (areaCode.length || areaType !== undefined) {
    const parts = [
      ...(areaCode.length ? [sql`a.code in (${sql.join(areaCode)})`] : []),
      ...(areaType !== undefined ? [sql`a.type_id in (select t.id from area_type t where t.code = ${areaType})`] : []),
    ];
    where(() => sql<SqlBool>`signal.id in (select sa.signal_id from signal_area sa join area a on a.id = sa.area_id where ${sql.join(parts, sql` and `)})`);
  }

  // Categories: category_id wins; otherwise category_slug OR maincategory_slug ------
  const categoryIds = many('category_id');
  const subSlugs = choices('category_slug', categories.filter((c) => c.parent_id !== null).map((c) => c.slug));
  const mainSlugs = choices('maincategory_slug', categories.filter((c) => c.parent_id === null).map((c) => c.slug));
  if (categoryIds.length) {
    const known = new Set(categories.map((c) => String(c.id)));
    for (const v of categoryIds) if (!known.has(v)) choice('category_id', v);
    where((eb) => eb('signal.category_id', 'in', categoryIds.map(Number)), { categories: categoryIds.map(Number) });
  } else if (subSlugs.length || mainSlugs.length) {
    const mainIds = categories.filter((c) => c.parent_id === null && mainSlugs.includes(c.slug)).map((c) => c.id);
    const ids = categories.filter((c) => c.parent_id !== null && (subSlugs.includes(c.slug) || mainIds.includes(c.parent_id))).map((c) => c.id);
    where((eb) => (ids.length ? eb('signal.category_id', 'in', ids) : never()), { categories: ids });
  }

  // Datetimes -------------------------------------------------------------------
  const instant = (param: (typeof SINGLE)[number]) => {
    const text = one(param);
    if (text === undefined) return undefined;
    const at = parseDateTime(text);
    if (!at) fail(param, 'Voer een geldige datum/tijd in.');
    return at;
  };
  const dateOf = (param: (typeof SINGLE)[number]) => {
    const text = one(param);
    if (text === undefined) return undefined;
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    const valid = m && parseDateTime(`${text}T00:00`);
    if (!valid) fail(param, 'Voer een geldige datum in.');
    return valid ? text : undefined;
  };
  const createdBefore = instant('created_before');
  if (createdBefore) where((eb) => eb('signal.created_at', '<=', createdBefore));
  const createdAfter = instant('created_after');
  if (createdAfter) where((eb) => eb('signal.created_at', '>=', createdAfter));
  const updatedBefore = instant('updated_before');
  if (updatedBefore) where((eb) => eb('signal.updated_at', '<=', updatedBefore));
  const updatedAfter = instant('updated_after');
  if (updatedAfter) where((eb) => eb('signal.updated_at', '>=', updatedAfter));
  // incident_date_start's date in Amsterdam; _before/_after are swapped as the contract documents.
  const incidentDay = sql<string>`to_char(signal.incident_date_start at time zone 'Europe/Amsterdam', 'YYYY-MM-DD')`;
  const incidentDate = dateOf('incident_date');
  if (incidentDate) where(() => sql<SqlBool>`${incidentDay} = ${incidentDate}`);
  const incidentBefore = dateOf('incident_date_before');
  if (incidentBefore) where(() => sql<SqlBool>`${incidentDay} >= ${incidentBefore}`);
  const incidentAfter = dateOf('incident_date_after');
  if (incidentAfter) where(() => sql<SqlBool>`${incidentDay} <= ${incidentAfter}`);

  // Text ------------------------------------------------------------------------
  const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const addressText = one('address_text');
  if (addressText !== undefined) where(() => sql<SqlBool>`signal.address_text ilike ${like(addressText)}`);
  const noteKeyword = one('note_keyword');
  if (noteKeyword !== undefined) where(() => sql<SqlBool>`exists (select 1 from signal_note n where n.signal_id = signal.id and n.text ilike ${like(noteKeyword)})`);
  const reporterEmail = one('reporter_email');
  // Without the right to see contact details the filter would tell whether an address reported: refused.
  if (reporterEmail !== undefined && !hasPermission(user, 'sia_can_view_contact_details')) throw forbidden(AUTH_MESSAGES.forbidden);
  if (reporterEmail !== undefined) where(() => sql<SqlBool>`lower(signal.reporter_email) = lower(${reporterEmail})`);

  // Assignment: a staff member's e-mail (any case), or `null` for 'Niet toegewezen' ------------
  const assigned = one('assigned_user_email');
  if (assigned === 'null') where((eb) => eb('signal.assigned_user_id', 'is', null), { assigned: false });
  else if (assigned !== undefined) where(() => sql<SqlBool>`signal.assigned_user_id in (select u.id from staff_user u where lower(u.email) = lower(${assigned}))`);

  // Contact details (OR of the chosen ones) -------------------------------------------
  const contact = choices('contact_details', CONTACT_DETAILS);
  if (contact.length) {
    const has = (column: 'reporter_email' | 'reporter_phone') => sql<SqlBool>`coalesce(signal.${sql.ref(column)}, '') <> ''`;
    const parts = contact.map((c) =>
      c === 'email' ? has('reporter_email') : c === 'phone' ? has('reporter_phone') : sql<SqlBool>`not (${has('reporter_email')}) and not (${has('reporter_phone')})`,
    );
    where(() => sql<SqlBool>`(${sql.join(parts.map((p) => sql`(${p})`), sql` or `)})`);
  }

  // Departments -------------------------------------------------------------------
  const codes = departments.map((d) => d.code);
  // Directing departments (of reports that are no child): the chosen codes, or `null` for none.
  const directing = choices('directing_department', [...codes, 'null']);
  if (directing.length) {
    const ids = departments.filter((d) => directing.includes(d.code)).map((d) => d.id);
    const parts = [
      ...(ids.length ? [sql`exists (select 1 from signal_directing_department dd where dd.signal_id = signal.id and dd.department_id in (${sql.join(ids)}))`] : []),
      ...(directing.includes('null') ? [sql`not exists (select 1 from signal_directing_department dd where dd.signal_id = signal.id)`] : []),
    ];
    where(() => sql<SqlBool>`(signal.parent_id is null and (${sql.join(parts, sql` or `)}))`);
  }
  const routing = choices('routing_department_code', codes);
  if (routing.length) {
    const ids = departments.filter((d) => routing.includes(d.code)).map((d) => d.id);
    // routed there, or (routed nowhere) its subcategory's responsible department (kept per report, migration 920);
    // one department is counted from signal_department_count (of two, a report routed to both would count twice)
    where(
      () => (ids.length ? sql<SqlBool>`signal.id in (select sd.signal_id from signal_department sd where sd.department_id in (${sql.join(ids)}))` : never()),
      ids.length === 1 ? { department: ids[0] } : undefined,
    );
  }

  // Feedback: the latest feedback request of the report ---------------------------------
  const feedback = one('feedback');
  if (feedback !== undefined) {
    if (!FEEDBACK.includes(feedback as never)) choice('feedback', feedback);
    else {
      const test = feedback === 'not_received' ? sql`f.submitted_at is null` : sql`f.submitted_at is not null and f.is_satisfied = ${feedback === 'satisfied'}`;
      where(() => sql<SqlBool>`(select ${test} from feedback_request f where f.signal_uuid = signal.uuid::text order by f.created_at desc limit 1) is true`);
    }
  }

  // Kind (OR of the chosen ones): a standalone report, a parent (has children), not a parent, a child.
  const kind = choices('kind', KINDS);
  if (kind.length) {
    const hasChildren = sql`exists (select 1 from signal ch where ch.parent_id = signal.id)`;
    const parts = kind.map((k) =>
      k === 'signal' ? sql`(signal.parent_id is null and not ${hasChildren})`
      : k === 'parent_signal' ? sql`(signal.parent_id is null and ${hasChildren})`
      : k === 'exclude_parent_signal' ? sql`not (signal.parent_id is null and ${hasChildren})`
      : sql`signal.parent_id is not null`,
    );
    where(() => sql<SqlBool>`(${sql.join(parts, sql` or `)})`);
  }

  // Changed children (parents only): true = a child was changed after the parent was, false = none was.
  const changed = many('has_changed_children');
  const truth = changed.map((v) => BOOLEANS[v]);
  changed.forEach((v, i) => truth[i] === undefined && choice('has_changed_children', v));
  if (changed.length && !truth.includes(undefined)) {
    const newer = sql`exists (select 1 from signal ch where ch.parent_id = signal.id and ch.updated_at > signal.updated_at)`;
    const parent = sql`exists (select 1 from signal ch where ch.parent_id = signal.id)`;
    const wanted = new Set(truth);
    where(() => (wanted.size === 2 ? sql<SqlBool>`${parent}` : wanted.has(true) ? sql<SqlBool>`${newer}` : sql<SqlBool>`(${parent} and not ${newer})`));
  }

  // Punctuality from the category's SLA (deadline and 3x deadline as the list shows them) ---
  const punctuality = one('punctuality');
  if (punctuality !== undefined) {
    if (!PUNCTUALITY.includes(punctuality as never)) choice('punctuality', punctuality);
    else where(() => punctualityCondition(categories, punctuality as (typeof PUNCTUALITY)[number], now), { punctuality: punctuality as (typeof PUNCTUALITY)[number] });
  }

  // 'Meest gemeld' (docs/duplicates.md): at least this many reporters and followers (REPORTERS_SQL) ---------
  const reportersMin = one('reporters_min');
  if (reportersMin !== undefined) {
    const n = /^\s*\d{1,9}\s*$/.test(reportersMin) ? Number(reportersMin) : NaN;
    if (!(n >= 1)) fail('reporters_min', 'Voer een geheel getal in van 1 of meer.');
    else where(() => sql<SqlBool>`${REPORTERS_SQL} >= ${n}`);
  }

  // Ordering ----------------------------------------------------------------------
  const ordering: [string, 'asc' | 'desc'][] = [];
  for (const field of (raw.ordering ?? []).flatMap((v) => v.split(',')).map((f) => f.trim()).filter(Boolean)) {
    const name = field.replace(/^-/, '');
    if (!(name in ORDERING)) choice('ordering', field);
    else ordering.push([name, field.startsWith('-') ? 'desc' : 'asc']);
  }
  if (ordering.length === 0) ordering.push(['created_at', 'desc']);

  if (Object.keys(errors).length) throw invalid(errors);

  /** The scoped, filtered signals; with `punctual`, the punctuality filter's condition replaced by it. */
  const filtered = (arm?: ScopeArm, newest?: number, punctual?: Expression<SqlBool>) => {
    // With `newest`, of the newest reports only (that many; the search's first look, services/overview/search.ts).
    let q: SelectQueryBuilder<ListDb, 'signal', object> =
      newest === undefined
        ? db.selectFrom('signal')
        : (db.selectFrom(
            db.selectFrom('signal').selectAll().orderBy('signal.created_at', 'desc').orderBy('signal.id', 'desc').limit(newest).as('signal'),
          ) as unknown as SelectQueryBuilder<ListDb, 'signal', object>);
    if (scope) q = q.where(scopeCondition(scope, arm));
    for (const c of conditions) q = q.where(punctual && c === punctualityWhere ? () => punctual : c);
    return q;
  };
  const punctualityWhere = tally.punctuality ? conditions[conditions.length - 1] : undefined;

  return {
    /** The scoped, filtered signals (select what you need on it); with `arm`, those of one part of the scope; with `newest`, among the newest that many. */
    query: (arm?: ScopeArm, newest?: number) => filtered(arm, newest),
    /** The disjoint parts of `query` whose counts add up to its count (see `countOf`). */
    arms: (scope ? ['categories', 'routed'] : [undefined]) as readonly (ScopeArm | undefined)[],
    /** Whether the user's department scope narrows the reports. */
    scoped: scope !== undefined,
    /** The keys of signal_count that count `query(arm)`, or null when it has another condition (see `countOf`). */
    counted: (arm?: ScopeArm): CountKeys | null => {
      if (tally.other) return null;
      const { states, stadsdelen, department, priorities, assigned, punctuality } = tally;
      // signal_department and its counts know state, subcategory and district only
      if (department !== undefined && (priorities || assigned !== undefined)) return null;
      let cats = tally.categories;
      if (scope && arm === undefined) return null; // the whole scope is an OR with the routed reports
      if (scope && arm === 'categories') cats = cats ? cats.filter((c) => scope.categories.includes(c)) : scope.categories;
      // Punctuality (docs/reference/api.md#private): 'null' is the subcategories without an SLA; late (or 3x late) is
      // every report of the subcategories with one, minus those still within the deadline (recent reports, read).
      let minus: CountKeys['minus'];
      if (punctuality) {
        if (punctuality === 'on_time') return null;
        const sla = new Set(categories.filter((c) => c.sla_n_days).map((c) => c.id));
        cats = (cats ?? categories.map((c) => c.id)).filter((c) => sla.has(c) === (punctuality !== 'null'));
        if (punctuality !== 'null') minus = filtered(arm, undefined, withinDeadline(categories, punctuality === 'late' ? 1 : LATE_FACTOR, now));
      }
      if (arm === 'routed') {
        // the routed reports outside the user's categories, from signal_department's routed rows (migration 920)
        if (!scope || department !== undefined || priorities || assigned !== undefined || minus) return null;
        return { states, stadsdelen, categories: cats, routed: { departments: scope.departments, outside: scope.categories } };
      }
      return { states, categories: cats, stadsdelen, department, priorities, assigned, minus };
    },
    ordering,
    /** Puts a query over the filtered signals in the list's order. */
    order: <QB extends SelectQueryBuilder<Database, 'signal', object>>(q: QB) => orderListed(q, ordering),
  };
}

/**
 * Punctuality (docs/reference/api.md#private) from the category's SLA, by the engine's deadline rule: a report
 * is late when it was made before the first creation time that is still on time at `now`
 * (`onTimeSince`, one instant per distinct SLA), so the condition is a plain comparison on
 * `signal.created_at` per group of categories. `late` includes the `late_factor_3` reports.
 */
export function punctualityCondition(
  categories: SlaCategory[],
  value: (typeof PUNCTUALITY)[number],
  now: Date,
): Expression<SqlBool> {
  const withSla = categories.filter((c) => c.sla_n_days);
  if (value === 'null') return withSla.length ? sql<SqlBool>`signal.category_id not in (${sql.join(withSla.map((c) => c.id))})` : sql<SqlBool>`true`;
  if (value === 'on_time') return withinDeadline(categories, 1, now);
  return deadlineParts(withSla, value === 'late_factor_3' ? LATE_FACTOR : 1, now, sql`<`).condition;
}

type SlaCategory = { id: number; sla_n_days: number | null; sla_use_calendar_days: boolean };

/**
 * The reports of a subcategory with an SLA made since its first creation time still on time at
 * `now` for `factor` times the deadline (on time: factor 1). Besides the condition per group of
 * subcategories, the earliest of those times: an index on `created_at` then reads only recent reports.
 */
export function withinDeadline(categories: SlaCategory[], factor: number, now: Date): Expression<SqlBool> {
  const withSla = categories.filter((c) => c.sla_n_days);
  if (withSla.length === 0) return sql<SqlBool>`false`;
  const { condition, earliest } = deadlineParts(withSla, factor, now, sql`>=`);
  return sql<SqlBool>`(signal.created_at >= ${earliest} and ${condition})`;
}

/** `created_at <compare> since` per group of subcategories of one SLA (`withSla`: not empty). */
function deadlineParts(withSla: SlaCategory[], factor: number, now: Date, compare: ReturnType<typeof sql>) {
  const groups = new Map<string, number[]>();
  for (const c of withSla) {
    const key = `${c.sla_n_days}:${c.sla_use_calendar_days}`;
    groups.set(key, [...(groups.get(key) ?? []), c.id]);
  }
  let earliest: Date | undefined;
  const parts = [...groups].map(([key, ids]) => {
    const [n, calendar] = key.split(':');
    const since = onTimeSince({ n_days: Number(n), use_calendar_days: calendar === 'true' }, now, factor);
    if (!earliest || since < earliest) earliest = since;
    return sql`(signal.category_id in (${sql.join(ids)}) and signal.created_at ${compare} ${since})`;
  });
  return { condition: sql<SqlBool>`(${sql.join(parts, sql` or `)})`, earliest: earliest! };
}

export interface ListedDepartment {
  id: number;
  code: string;
  name: string;
  is_intern: boolean;
}

export type ListedSignal = Selectable<SignalTable> & {
  has_attachments: boolean;
  has_children: boolean;
  assigned_user_email: string | null;
  sla_n_days: number | null;
  sla_use_calendar_days: boolean;
  routing_departments: ListedDepartment[];
  directing_departments: ListedDepartment[];
  /** How many people report it (docs/duplicates.md). */
  reporters: number;
};

/** A report's departments of one link table as a JSON array in code order (ids, codes, names, is_intern). */
const departmentsOf = (table: 'signal_routing_department' | 'signal_directing_department') =>
  sql<ListedDepartment[]>`coalesce((select json_agg(json_build_object('id', d.id, 'code', d.code, 'name', d.name, 'is_intern', d.is_intern) order by d.code)
    from ${sql.table(table)} x join department d on d.id = x.department_id where x.signal_id = signal.id), '[]'::json)`;

/**
 * The row of the list representation: the signal and what the list shows of its relations and
 * its category's SLA, in the one query of the page (the page has ≤ 50 rows; see `pageOfRows`).
 * (`ch.parent_id is not null` lets PostgreSQL answer `has_children` from the partial index
 * signal_parent_idx even when it plans the subquery as one hashed set instead of per row.)
 */
export function selectListed<QB extends SelectQueryBuilder<Database, 'signal', object>>(query: QB) {
  return query
    .selectAll('signal')
    .select(sql<boolean>`exists (select 1 from attachment a where a.signal_id = signal.id)`.as('has_attachments'))
    .select(sql<boolean>`exists (select 1 from signal ch where ch.parent_id = signal.id and ch.parent_id is not null)`.as('has_children'))
    .select(sql<string | null>`(select u.email from staff_user u where u.id = signal.assigned_user_id)`.as('assigned_user_email'))
    .select(sql<number | null>`(select c.sla_n_days from category c where c.id = signal.category_id)`.as('sla_n_days'))
    .select(sql<boolean>`(select c.sla_use_calendar_days from category c where c.id = signal.category_id)`.as('sla_use_calendar_days'))
    .select(departmentsOf('signal_routing_department').as('routing_departments'))
    .select(departmentsOf('signal_directing_department').as('directing_departments'))
    .select(REPORTERS_SQL.as('reporters'));
}

/** Applies the ordering (plus the id as tie-breaker in the first field's direction). */
export function orderListed<QB extends SelectQueryBuilder<Database, 'signal', object>>(query: QB, ordering: [string, 'asc' | 'desc'][]): QB {
  let q = query;
  for (const [name, direction] of ordering) q = q.orderBy(ORDERING[name]!, (ob) => ob[direction]()) as QB;
  return q.orderBy('signal.id', (ob) => ob[ordering[0]![1]]()) as QB;
}

/** One page of the list: the rows in order and the count of all matches. */
export async function listSignals(db: Db, raw: RawFilters, options: ListOptions & { page: number; pageSize: number }) {
  const filters = await compileFilters(db, raw, options);
  return pageOfRows(db, filters, filters.order, options);
}

/** More rows than any list has (report ids are PostgreSQL integers). */
const MAX_ROWS = 2 ** 31 - 1;

/** Filtered reports as compileFilters (and search) make them: the query, and the parts of the scope to count. */
export interface Filtered {
  query: (arm?: ScopeArm) => SelectQueryBuilder<Database, 'signal', object>;
  arms: readonly (ScopeArm | undefined)[];
  /** The keys of signal_count (migration 883) whose sum is the count of `query(arm)`, if there are. */
  counted?: (arm?: ScopeArm) => CountKeys | null;
}

/**
 * A count of signal_count: the reports in these states, subcategories, districts, priorities and
 * assignment (undefined: any; migrations 883, 930); with `department`, of signal_department_count
 * (migration 920): those of that department (state, subcategory and district only).
 */
export interface CountKeys {
  states?: string[];
  categories?: number[];
  /** null: 'Niet bepaald'. */
  stadsdelen?: (string | null)[];
  department?: number;
  priorities?: string[];
  /** Assigned to someone or not. */
  assigned?: boolean;
  /** Reports the keys count that do not match (those still within their deadline): their count is subtracted. */
  minus?: SelectQueryBuilder<Database, 'signal', object>;
  /**
   * The reports routed to `departments` outside the subcategories `outside` (a handler's scope, docs/reference/permissions.md#permissions-and-scoping),
   * counted from signal_department's routed rows (migration 920, state, subcategory and district only).
   */
  routed?: { departments: number[]; outside: number[] };
}

/** The condition on signal_count `c` of `keys`. */
export function countedWhere({ states, categories, stadsdelen, department, priorities, assigned }: CountKeys): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [sql<SqlBool>`true`];
  if (department !== undefined) parts.push(sql<SqlBool>`c.department_id = ${department}`);
  if (priorities) parts.push(priorities.length ? sql<SqlBool>`c.priority in (${sql.join(priorities)})` : sql<SqlBool>`false`);
  if (assigned !== undefined) parts.push(sql<SqlBool>`c.assigned = ${assigned}`);
  if (states) parts.push(states.length ? sql<SqlBool>`c.state in (${sql.join(states)})` : sql<SqlBool>`false`);
  if (categories) parts.push(categories.length ? sql<SqlBool>`c.category_id in (${sql.join(categories)})` : sql<SqlBool>`false`);
  if (stadsdelen) {
    const codes = stadsdelen.filter((s) => s !== null);
    parts.push(sql<SqlBool>`(${codes.length ? sql`c.stadsdeel in (${sql.join(codes)})` : sql`false`} or ${stadsdelen.includes(null) ? sql`c.stadsdeel is null` : sql`false`})`);
  }
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** The table `keys` are counted from (signal_count, or signal_department_count with a department). */
export const countTable = (keys: CountKeys) => sql.table(keys.department === undefined ? 'signal_count' : 'signal_department_count');

/**
 * The sum of signal_count for `keys`: the count of the reports they select, without reading a report
 * (but those of `minus`, recent ones); the routed reports of a scope from signal_department's routed rows.
 */
export const countedSql = (keys: CountKeys) => {
  const { routed, minus } = keys;
  if (routed) {
    const departments = routed.departments.length ? sql`c.department_id in (${sql.join(routed.departments)})` : sql`false`;
    return sql<number>`(select count(distinct c.signal_id) from signal_department c
      where c.routed and ${departments} and not c.category_id = any(${routed.outside}::int[]) and ${countedWhere(keys)})`;
  }
  const sum = sql<number>`(select coalesce(sum(c.n), 0) from ${countTable(keys)} c where ${countedWhere(keys)})`;
  return minus ? sql<number>`(${sum} - (${minus.select((eb) => eb.fn.countAll().as('count'))}))` : sum;
};

/**
 * The number of filtered reports. A scoped user's count is the sum of the counts of the scope's
 * two disjoint parts, in one statement: each part is then a plain condition PostgreSQL can
 * answer from an index (the categories from signal_category_state_idx without reading the
 * reports, the few routed reports by id), where the OR of both would test every report.
 */
export async function countOf(db: Db, { query, arms, counted }: Filtered, atMost?: number): Promise<number> {
  const counts = arms.map((arm) => {
    const keys = counted?.(arm);
    if (keys) return countedSql(keys);
    // Up to `atMost` + 1: PostgreSQL stops reading matches there.
    if (atMost !== undefined) return sql`(select count(*) from (${query(arm).select(sql`1`.as('one')).limit(atMost + 1)}) m)`;
    return sql`(${query(arm).select((eb) => eb.fn.countAll().as('count'))})`;
  });
  compactCountsNow(db);
  const { rows } = await sql<{ count: string | number }>`select ${sql.join(counts, sql` + `)} as count`.execute(db);
  return Number(rows[0]!.count);
}

const compacted = new WeakMap<Db, number>();
/** Every minute at most (per process and database), the deltas of the count tables are folded (in the background; migrations 883, 920, 931). */
export function compactCountsNow(db: Db) {
  const now = Date.now();
  if (now - (compacted.get(db) ?? 0) < 60_000) return;
  compacted.set(db, now);
  sql`select signal_count_compact(), signal_department_count_compact(), signal_week_count_compact()`.execute(db).catch(() => compacted.delete(db));
}

/**
 * Counts the filtered reports and reads the page in the given order, at the same time (two
 * connections on PostgreSQL); an out-of-range page is a 404. The page is read in two steps: the
 * ids of the page (a sort over narrow rows), then those ≤ 50 rows with what the list shows of
 * their relations, so the per-row subqueries of `selectListed` run for the page only.
 * With `countAtMost` (the search), counting stops past that many: `capped` then says there are
 * more than `count` - 1 (`count` is one more than `countAtMost`, so the next page is linked).
 */
export async function pageOfRows(
  db: Db,
  filtered: Filtered,
  order: (q: SelectQueryBuilder<Database, 'signal', any>) => SelectQueryBuilder<Database, 'signal', any>,
  options: { page: number; pageSize: number; countAtMost?: number },
) {
  // Report ids are integers: no list is longer, and a larger offset (page=999999999999999) is a 404 without a query.
  const offset = (options.page - 1) * options.pageSize;
  const pageIds = order(filtered.query().select('signal.id')).limit(Math.min(options.pageSize, MAX_ROWS)).offset(offset);
  const atMost = options.countAtMost === undefined || offset > MAX_ROWS ? undefined : Math.max(options.countAtMost, offset + options.pageSize);
  const [counted, rows] = await Promise.all([
    countOf(db, filtered, atMost),
    offset > MAX_ROWS ? [] : order(selectListed(db.selectFrom('signal')).where('signal.id', 'in', pageIds)).execute(),
  ]);
  const capped = atMost !== undefined && counted > atMost;
  const total = capped ? atMost + 1 : counted;
  if (options.page > Math.max(1, Math.ceil(total / options.pageSize))) throw notFound('Ongeldige pagina.');
  return { count: total, capped, rows: rows as ListedSignal[] };
}

/** The geography of the filtered signals: id, created_at and position, a `geopage` at a time. */
export async function signalGeography(db: Db, raw: RawFilters, options: ListOptions & { page: number; pageSize: number }) {
  const filters = await compileFilters(db, raw, options);
  const { query } = filters;
  const total = await countOf(db, filters);
  const offset = (options.page - 1) * options.pageSize;
  if (offset >= total) return { count: total, rows: [] };
  const rows = await query()
    .select(['signal.id', 'signal.created_at', 'signal.lng', 'signal.lat'])
    .orderBy('signal.created_at', (ob) => ob.desc())
    .orderBy('signal.id', (ob) => ob.desc())
    .limit(options.pageSize)
    .offset(offset)
    .execute();
  return { count: total, rows };
}
