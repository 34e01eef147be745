/**
 * Department scoping of signals (docs/reference/permissions.md#permissions-and-scoping). Without `sia_can_view_all_categories`
 * and without superuser status a user sees only signals whose sub-category is linked
 * to one of the user's departments (is_responsible or can_view), or that are routed
 * to one of them. Category lists are not scoped.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../db/index.ts';
import { hasPermission, type StaffUser } from './users.ts';

export type ScopeUser = Pick<StaffUser, 'is_superuser' | 'roles' | 'permissions'> & { departments: { id: number }[] };

export const seesAllSignals = (user: ScopeUser) => hasPermission(user, 'sia_can_view_all_categories');

/**
 * Narrows a query over `signal` (aliased or not) to the signals `user` may see, for a check
 * on one or a few reports (the detail's 403, split, nearby, reporter context). A list over
 * many reports (the overview, its geography, search, CSV, signalering) uses `resolveScope`.
 * `signalTable` is the table's name or alias in the query.
 */
export function scopeSignals<DB extends Database, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  user: ScopeUser,
  signalTable = 'signal',
): SelectQueryBuilder<DB, TB, O> {
  if (seesAllSignals(user)) return query;
  const departments = user.departments.map((d) => d.id);
  if (departments.length === 0) return query.where(sql<boolean>`false`);
  const category = sql.ref(`${signalTable}.category_id`);
  const id = sql.ref(`${signalTable}.id`);
  return query.where(sql<boolean>`(${category} in (${categoriesOf(departments)}) or ${id} in (${routedTo(departments)}))`);
}

/**
 * The rule of docs/reference/permissions.md#permissions-and-scoping, written once for `scopeSignals` and `resolveScope`: (a) the sub-categories
 * linked to the departments as responsible or viewing, (b) the reports routed to the departments (signal_department's
 * routed rows: the pairs of `signal_routing_department`, kept by migration 920, with an index of their own, migration 932).
 */
const categoriesOf = (departments: number[]) =>
  sql<number>`select distinct cd.category_id from category_department cd where cd.department_id in (${sql.join(departments)}) and (cd.is_responsible or cd.can_view)`;
const routedTo = (departments: number[]) =>
  sql<number>`select sd.signal_id from signal_department sd where sd.routed and sd.department_id in (${sql.join(departments)})`;

/** The department scope of a user, read once for a list: the user's categories and departments. */
export interface ResolvedScope {
  categories: number[];
  /** The user's departments: the reports routed to them are read from signal_department's routed rows in the statement. */
  departments: number[];
}

/**
 * The two disjoint parts of a scope, whose counts add up to the scope's: the reports of the
 * user's categories, and the reports routed to the user's departments outside those categories.
 */
export type ScopeArm = 'categories' | 'routed';

/**
 * The same scoping as `scopeSignals`, for a list over many reports (the overview, its
 * geography, search and CSV): the user's categories are read first and go into the query as a
 * constant array, so PostgreSQL knows how many reports match (its statistics of `category_id`)
 * and can use the category indexes. The reports routed to the user's departments are a subquery
 * on signal_department's routed rows (the same pairs as `signal_routing_department`, kept by
 * migration 920; their own index, migration 932): read once per statement from that index, where
 * an array of their ids (15,000 at 2,000,000 reports) cost a statement of its own and a large
 * parameter in every statement (docs/performance.md). Undefined: the user sees every report.
 */
export async function resolveScope(db: Db, user: ScopeUser): Promise<ResolvedScope | undefined> {
  if (seesAllSignals(user)) return undefined;
  const departments = user.departments.map((d) => d.id);
  if (departments.length === 0) return { categories: [], departments };
  const { rows } = await sql<Omit<ResolvedScope, 'departments'>>`select array(${categoriesOf(departments)} order by 1) as categories`.execute(db);
  return { ...rows[0]!, departments };
}

/** The condition on `signal` of a resolved scope, or of one of its arms. */
export function scopeCondition({ categories, departments }: ResolvedScope, arm?: ScopeArm) {
  const inCategories = sql<boolean>`signal.category_id = any(${categories}::int[])`;
  const isRouted = departments.length ? sql<boolean>`signal.id in (${routedTo(departments)})` : sql<boolean>`false`;
  if (arm === 'categories') return inCategories;
  if (arm === 'routed') return sql<boolean>`(${isRouted} and not ${inCategories})`;
  return sql<boolean>`(${inCategories} or ${isRouted})`;
}

/** Whether `user` may see the signal `id` (the detail endpoint answers 403 otherwise). */
export async function maySeeSignal(db: Db, user: ScopeUser, id: number): Promise<boolean> {
  const row = await scopeSignals(db.selectFrom('signal').select('signal.id').where('signal.id', '=', id), user).executeTakeFirst();
  return row !== undefined;
}
