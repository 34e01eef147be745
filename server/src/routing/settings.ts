/**
 * The routing rules in the settings (docs/routing.md): read, replace the ordered list
 * (with an audit entry: who, when, before/after), the dry run on the last N reports, re-routing
 * one report on demand. The checks name each mistake in Dutch with its place in the list.
 */
import type { Db } from '../db/index.ts';
import { invalid } from '../domain/errors.ts';
import { loadRules, reroute, ROUTING_COLUMNS, routingInputsOf, type RoutingService } from './index.ts';
import { firstMatch, type RoutingRule, type RuleConditions } from './rules.ts';
import { notifyDepartments } from './notify.ts';

/** A rule as the settings send it (RULE_SCHEMA checked the shape). */
export interface RuleInput {
  id?: number | null;
  name: string;
  is_active?: boolean;
  conditions?: RuleConditions;
  routing: number[];
  directing?: number[];
}

export const ROUTING_MESSAGES = {
  unknownDepartment: (id: number) => `Afdeling ${id} bestaat niet.`,
  unknownCategory: (id: number) => `Categorie ${id} bestaat niet.`,
  unknownArea: (id: number) => `Gebied ${id} bestaat niet.`,
  unknownSource: (name: string) => `Bron "${name}" bestaat niet.`,
  unknownType: (code: string) => `Type "${code}" bestaat niet.`,
};

/** The dry run's default and largest number of reports. */
export const DRY_RUN = { default: 200, max: 5000 } as const;

const TYPES = ['SIG', 'REQ', 'QUE', 'COM', 'MAI', 'PRJ'];

/** Checks every reference of the rules; a 400 `{rules: {<index>: {<field>: [message]}}}` on a mistake. */
export async function checkRules(db: Db, rules: RuleInput[]): Promise<void> {
  const [departments, categories, areas, sources] = await Promise.all([
    db.selectFrom('department').select('id').execute(),
    db.selectFrom('category').select(['id', 'parent_id']).execute(),
    db.selectFrom('area').select('id').execute(),
    db.selectFrom('source').select('name').execute(),
  ]);
  const dep = new Set(departments.map((d) => d.id));
  const subs = new Set(categories.filter((c) => c.parent_id !== null).map((c) => c.id));
  const mains = new Set(categories.filter((c) => c.parent_id === null).map((c) => c.id));
  const area = new Set(areas.map((a) => a.id));
  const source = new Set(['online', ...sources.map((s) => s.name)]);
  const errors: Record<string, Record<string, string[]>> = {};
  rules.forEach((rule, i) => {
    const e: Record<string, string[]> = {};
    const add = (field: string, message: string) => (e[field] ??= []).push(message);
    for (const id of rule.routing) if (!dep.has(id)) add('routing', ROUTING_MESSAGES.unknownDepartment(id));
    for (const id of rule.directing ?? []) if (!dep.has(id)) add('directing', ROUTING_MESSAGES.unknownDepartment(id));
    const c = rule.conditions ?? {};
    for (const id of c.sub_categories ?? []) if (!subs.has(id)) add('sub_categories', ROUTING_MESSAGES.unknownCategory(id));
    for (const id of c.main_categories ?? []) if (!mains.has(id)) add('main_categories', ROUTING_MESSAGES.unknownCategory(id));
    for (const id of c.areas ?? []) if (!area.has(id)) add('areas', ROUTING_MESSAGES.unknownArea(id));
    for (const s of c.sources ?? []) if (!source.has(s)) add('sources', ROUTING_MESSAGES.unknownSource(s));
    for (const t of c.types ?? []) if (!TYPES.includes(t)) add('types', ROUTING_MESSAGES.unknownType(t));
    if (Object.keys(e).length) errors[String(i)] = e;
  });
  if (Object.keys(errors).length) throw invalid({ rules: errors });
}

/** Rules in the order given, as the matcher takes them (ids of new rules are negative until saved). */
export function asRules(rules: RuleInput[]): RoutingRule[] {
  return rules.map((r, i) => ({
    id: r.id ?? -(i + 1),
    position: i + 1,
    name: r.name.trim(),
    is_active: r.is_active ?? true,
    conditions: r.conditions ?? {},
    routing: [...new Set(r.routing)],
    directing: [...new Set(r.directing ?? [])],
  }));
}

/** A rule as the API answers it. */
export const serializeRule = (r: RoutingRule) => ({ id: r.id, position: r.position, name: r.name, is_active: r.is_active, conditions: r.conditions, routing: r.routing, directing: r.directing });

/** Replaces the ordered list of rules, with its audit entry; returns the stored rules. */
export async function saveRules(db: Db, routing: RoutingService, input: RuleInput[], who: string, at: Date): Promise<RoutingRule[]> {
  await checkRules(db, input);
  const rules = asRules(input);
  const saved = await db.transaction().execute(async (trx) => {
    const before = await loadRules(trx, false);
    const known = new Set(before.map((r) => r.id));
    const keep = rules.filter((r) => r.id > 0 && known.has(r.id)).map((r) => r.id);
    await trx.deleteFrom('routing_rule').$if(keep.length > 0, (q) => q.where('id', 'not in', keep)).execute();
    for (const r of rules) {
      const values = { position: r.position, name: r.name, is_active: r.is_active, conditions: JSON.stringify(r.conditions), routing: JSON.stringify(r.routing), directing: JSON.stringify(r.directing) };
      if (r.id > 0 && known.has(r.id)) await trx.updateTable('routing_rule').set(values).where('id', '=', r.id).execute();
      else await trx.insertInto('routing_rule').values(values).execute();
    }
    const after = await loadRules(trx, false);
    await trx.insertInto('routing_rule_change').values({ who, at, before: JSON.stringify(before.map(serializeRule)), after: JSON.stringify(after.map(serializeRule)) }).execute();
    return after;
  });
  routing.drop();
  return saved;
}

export interface DryRunMove {
  from: string[];
  to: string[];
  count: number;
  /** Up to five report ids to open. */
  sample: number[];
}

export interface DryRun {
  checked: number;
  moved: number;
  /** Kept because a person routed them by hand. */
  kept_by_hand: number;
  moves: DryRunMove[];
}

/**
 * What the rules would have done to the last `last` reports (newest first): each report's
 * department now (its routing departments, else its subcategory's responsible ones) against
 * the one the rules give (a person's routing stays), grouped by from → to.
 */
export async function dryRun(db: Db, input: RuleInput[], last: number): Promise<DryRun> {
  const rules = asRules(input);
  const rows = await db
    .selectFrom('signal')
    .innerJoin('category', 'category.id', 'signal.category_id')
    .select(ROUTING_COLUMNS)
    .orderBy('signal.created_at', 'desc')
    .orderBy('signal.id', 'desc')
    .limit(last)
    .execute();
  const [reports, responsible, departments] = await Promise.all([
    routingInputsOf(db, rows),
    db.selectFrom('category_department').select(['category_id', 'department_id']).where('is_responsible', '=', true).execute(),
    db.selectFrom('department').select(['id', 'code']).execute(),
  ]);
  const code = new Map(departments.map((d) => [d.id, d.code]));
  const responsibleOf = new Map<number, number[]>();
  for (const x of responsible) responsibleOf.set(x.category_id, [...(responsibleOf.get(x.category_id) ?? []), x.department_id]);
  const codes = (list: number[]) => [...new Set(list.map((d) => code.get(d) ?? String(d)))].sort();
  const moves = new Map<string, DryRunMove>();
  let moved = 0;
  let keptByHand = 0;
  for (const r of reports) {
    const now = codes(r.before.length ? r.before : (responsibleOf.get(r.input.subCategoryId) ?? []));
    if (r.routingBy?.startsWith('person:')) {
      keptByHand += 1;
      continue;
    }
    const rule = firstMatch(rules, r.input);
    const next = codes(rule ? rule.routing : (responsibleOf.get(r.input.subCategoryId) ?? []));
    if (now.join() === next.join()) continue;
    moved += 1;
    const key = `${now.join()}→${next.join()}`;
    const move = moves.get(key) ?? { from: now, to: next, count: 0, sample: [] };
    move.count += 1;
    if (move.sample.length < 5) move.sample.push(r.id);
    moves.set(key, move);
  }
  return { checked: rows.length, moved, kept_by_hand: keptByHand, moves: [...moves.values()].sort((a, b) => b.count - a.count) };
}

/** Routes one report again by the rules now, a person's routing included (on demand). */
export async function rerouteNow(db: Db, routing: RoutingService, publicUrl: string, signalId: number, who: string, at: Date): Promise<void> {
  const set = await routing.ruleSet();
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('signal').select('id').where('id', '=', signalId).forUpdate().executeTakeFirst();
    const added = await reroute(trx, set, signalId, { force: true, who, at });
    if (added?.length) await notifyDepartments(trx, publicUrl, signalId, added, who);
    if (added !== null) await trx.updateTable('signal').set({ updated_at: at }).where('id', '=', signalId).execute();
  });
}

/** The area types by name (the areas screen's legend). */
export const areaTypes = (db: Db) => db.selectFrom('area_type').selectAll().orderBy('name').execute();

/** The last hundred changes of the routing rules, newest first. */
export const routingRuleHistory = (db: Db) => db.selectFrom('routing_rule_change').selectAll().orderBy('id', 'desc').limit(100).execute();
