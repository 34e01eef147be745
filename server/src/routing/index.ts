/**
 * Routing (docs/routing.md): the rules as a per-process cache, the decision for a
 * report, and re-routing a stored report (on a category or location change, on demand).
 *
 * A report routed by a rule has that rule's departments in `signal_routing_department` (and
 * `signal_directing_department`), `routing_by = 'rule:<id>'` and a history entry naming the rule.
 * Without a matching rule nothing is stored: the subcategory's responsible department is the
 * report's department (the list's 'Afdeling' filter, signalering and the CSV read it so). A
 * person's routing (`routing_by = 'person:<username>'`, PATCH routing_departments) is kept when
 * the category or location changes; re-routing on demand replaces it.
 */
import type { Db } from '../db/index.ts';
import type { Changes } from '../plugins/changes.ts';
import { writeHistory } from '../services/workflow/history.ts';
import { firstMatch, type RoutingInput, type RoutingRule, type RuleConditions } from './rules.ts';

export interface RuleSet {
  rules: RoutingRule[];
  /** Department id → name (the history's text). */
  departments: Map<number, string>;
}

export interface RoutingDecision {
  rule: RoutingRule;
  routing: number[];
  directing: number[];
  /** The history entries the routing writes (action, description). */
  history: { what: 'UPDATE_ROUTING_ASSIGNMENT' | 'UPDATE_DIRECTING_DEPARTMENTS_ASSIGNMENT'; action: string; description: string }[];
}

export const ROUTING_ACTION = 'Routering: afdeling/afdelingen gewijzigd naar: ';
export const DIRECTING_ACTION = 'Regie gewijzigd naar: ';
/** The history's description of a rule's routing, and of the fallback to the responsible department. */
export const BY_RULE = (name: string) => `Volgens routeringsregel "${name}"`;
export const NO_RULE = 'Geen routeringsregel van toepassing: de verantwoordelijke afdeling van de subcategorie';
export const BY_PERSON = (reason: string | null) => (reason ? `Met de hand gerouteerd: ${reason}` : 'Met de hand gerouteerd');

const namesOf = (set: RuleSet, ids: number[]) => ids.map((id) => set.departments.get(id) ?? String(id)).join(', ') || 'geen';

/** The decision of a rule set for a report; undefined: no rule matches. */
export function decide(set: RuleSet, input: RoutingInput): RoutingDecision | undefined {
  const rule = firstMatch(set.rules, input);
  if (!rule) return undefined;
  const history: RoutingDecision['history'] = [{ what: 'UPDATE_ROUTING_ASSIGNMENT', action: `${ROUTING_ACTION}${namesOf(set, rule.routing)}`, description: BY_RULE(rule.name) }];
  if (rule.directing.length) history.push({ what: 'UPDATE_DIRECTING_DEPARTMENTS_ASSIGNMENT', action: `${DIRECTING_ACTION}${namesOf(set, rule.directing)}`, description: BY_RULE(rule.name) });
  return { rule, routing: rule.routing, directing: rule.directing, history };
}

export interface RoutingService {
  ruleSet(): Promise<RuleSet>;
  drop(): void;
}

export async function loadRules(db: Db, activeOnly = true): Promise<RoutingRule[]> {
  let query = db.selectFrom('routing_rule').selectAll().orderBy('position').orderBy('id');
  if (activeOnly) query = query.where('is_active', '=', true);
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.id, position: r.position, name: r.name, is_active: r.is_active, conditions: r.conditions as RuleConditions, routing: r.routing, directing: r.directing }));
}

export function createRoutingService(db: Db, changes: Pick<Changes, 'memo'>): RoutingService {
  const memo = changes.memo(['routing_rule', 'department'], async () => ({
    rules: await loadRules(db),
    departments: new Map((await db.selectFrom('department').select(['id', 'name']).execute()).map((d) => [d.id, d.name])),
  }));
  return { ruleSet: () => memo.get(), drop: () => memo.drop() };
}

/** What a stored report is matched on. */
export async function routingInputOf(db: Db, signalId: number): Promise<(RoutingInput & { routingBy: string | null }) | undefined> {
  const row = await db
    .selectFrom('signal')
    .innerJoin('category', 'category.id', 'signal.category_id')
    .select(['signal.category_id', 'category.parent_id', 'signal.type_code', 'signal.source', 'signal.created_at', 'signal.routing_by'])
    .where('signal.id', '=', signalId)
    .executeTakeFirst();
  if (!row) return undefined;
  const areas = await db.selectFrom('signal_area').select('area_id').where('signal_id', '=', signalId).execute();
  return { subCategoryId: row.category_id, mainCategoryId: row.parent_id, areaIds: areas.map((a) => a.area_id), type: row.type_code, source: row.source, at: row.created_at, routingBy: row.routing_by };
}

/** A report's columns the rules match on (joined with its category), as `routingInputsOf` takes them. */
export const ROUTING_COLUMNS = ['signal.id', 'signal.category_id', 'category.parent_id', 'signal.type_code', 'signal.source', 'signal.created_at', 'signal.routing_by'] as const;
type RoutingRow = { id: number; category_id: number; parent_id: number | null; type_code: string; source: string; created_at: Date; routing_by: string | null };

/** Many reports at once: what each is matched on, who routed it and its routed departments now (two queries). */
export async function routingInputsOf(db: Db, rows: RoutingRow[]): Promise<{ id: number; input: RoutingInput; routingBy: string | null; before: number[] }[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [areas, routed] = await Promise.all([
    db.selectFrom('signal_area').select(['signal_id', 'area_id']).where('signal_id', 'in', ids).execute(),
    db.selectFrom('signal_routing_department').select(['signal_id', 'department_id']).where('signal_id', 'in', ids).execute(),
  ]);
  const by = <T extends { signal_id: number }>(list: T[], value: (x: T) => number) => {
    const map = new Map<number, number[]>();
    for (const x of list) map.set(x.signal_id, [...(map.get(x.signal_id) ?? []), value(x)]);
    return map;
  };
  const areasOf = by(areas, (x) => x.area_id);
  const routedOf = by(routed, (x) => x.department_id);
  return rows.map((r) => ({
    id: r.id,
    input: { subCategoryId: r.category_id, mainCategoryId: r.parent_id, areaIds: areasOf.get(r.id) ?? [], type: r.type_code, source: r.source, at: r.created_at },
    routingBy: r.routing_by,
    before: routedOf.get(r.id) ?? [],
  }));
}

async function replace(db: Db, table: 'signal_routing_department' | 'signal_directing_department', signalId: number, ids: number[]) {
  await db.deleteFrom(table).where('signal_id', '=', signalId).execute();
  if (ids.length) await db.insertInto(table).values(ids.map((department_id) => ({ signal_id: signalId, department_id }))).execute();
}

/**
 * What routing a report again would do (pure): null when nothing changes — a person routed it
 * (unless `force`), or it already has what the rules give — else the decision (undefined: no rule
 * matches, back to the subcategory's responsible department).
 */
export function plannedRouting(set: RuleSet, input: RoutingInput, routingBy: string | null, before: readonly number[], force: boolean): { decision: RoutingDecision | undefined } | null {
  if (!force && routingBy?.startsWith('person:')) return null;
  const decision = decide(set, input);
  if (!decision) return routingBy === null && before.length === 0 ? null : { decision: undefined };
  const same = routingBy === `rule:${decision.rule.id}` && before.length === decision.routing.length && decision.routing.every((d) => before.includes(d));
  return same ? null : { decision };
}

/**
 * Routes a stored report again by the rules, inside the caller's transaction. A person's
 * routing is kept unless `force` (re-routing on demand). Returns the department ids newly
 * routed to (for the staff notifications), or null when nothing changed.
 */
export async function reroute(db: Db, set: RuleSet, signalId: number, options: { force: boolean; who: string | null; at: Date }): Promise<number[] | null> {
  const input = await routingInputOf(db, signalId);
  if (!input) return null;
  const before = (await db.selectFrom('signal_routing_department').select('department_id').where('signal_id', '=', signalId).execute()).map((r) => r.department_id);
  const plan = plannedRouting(set, input, input.routingBy, before, options.force);
  if (!plan) return null;
  const { decision } = plan;
  const history = (what: RoutingDecision['history'][number]['what'], action: string, description: string) =>
    writeHistory(db, { signalId, what, action, description, who: options.who, at: options.at });
  if (!decision) {
    await replace(db, 'signal_routing_department', signalId, []);
    await db.updateTable('signal').set({ routing_by: null }).where('id', '=', signalId).execute();
    await history('UPDATE_ROUTING_ASSIGNMENT', `${ROUTING_ACTION}geen`, NO_RULE);
    return [];
  }
  await replace(db, 'signal_routing_department', signalId, decision.routing);
  if (decision.directing.length) await replace(db, 'signal_directing_department', signalId, decision.directing);
  await db.updateTable('signal').set({ routing_by: `rule:${decision.rule.id}` }).where('id', '=', signalId).execute();
  for (const h of decision.history) await history(h.what, h.action, h.description);
  return decision.routing.filter((d) => !before.includes(d));
}

export { type RoutingRule, type RoutingInput, type RuleConditions } from './rules.ts';
