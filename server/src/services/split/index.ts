/**
 * Splitting: a report (the parent, 'Hoofdmelding') with child reports ('Deelmelding'),
 * each with its own category, text and location. Child reports are made by the staff
 * bulk create (services/signals/create-bulk.ts) or by linking nearby reports
 * (`linkChildren`). One level only: a child never has children, a parent never has a
 * parent, a parent has at most 10 children.
 *
 * The kinds (docs/reference/api.md#private `kind` filter, docs/reference/screens.md#entities incident types):
 * - `signal` ('Standaardmelding'): neither parent nor child;
 * - `parent_signal` ('Hoofdmelding'): has children;
 * - `child_signal` ('Deelmelding'): has a parent;
 * - `exclude_parent_signal`: every report that is not a parent.
 *
 * `has_changed_children` (Signalen's rule): a parent has changed children when at least
 * one child's `updated_at` is later than the parent's own `updated_at`, i.e. a child
 * changed after the parent was last changed. Any change of the parent (a note, a status,
 * a split) therefore marks its children as seen; `false` matches parents whose children
 * all changed before (or at) the parent's last change. Both values together: every parent.
 */
import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { scopeSignals, type ScopeUser } from '../../auth/scoping.ts';
import type { Db } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';
import { invalid, invalidInput, notFound, forbidden, NO_SIGNAL } from '../../domain/errors.ts';
import { BULK_MESSAGES, CHILD_CREATED, MAX_CHILDREN } from '../signals/create-bulk.ts';
import { apiPath, API_PATHS, API_PREFIX } from '@meldloket/engine';

export const KINDS = ['signal', 'parent_signal', 'exclude_parent_signal', 'child_signal'] as const;
export type Kind = (typeof KINDS)[number];

/** The Dutch names of the kinds (docs/reference/screens.md#entities). */
export const KIND_NAMES: Record<Exclude<Kind, 'exclude_parent_signal'>, string> = {
  signal: 'Standaardmelding',
  parent_signal: 'Hoofdmelding',
  child_signal: 'Deelmelding',
};


/** SQL: whether the report `ref` (table name or alias of `signal`) has children. */
export function isParentSql(ref = 'signal'): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from signal kc where kc.parent_id = ${sql.ref(`${ref}.id`)})`;
}

/** SQL: the `kind` filter (values combined with OR, as Signalen does). */
export function kindSql(kinds: readonly Kind[], ref = 'signal'): RawBuilder<SqlBool> {
  const parentId = sql.ref(`${ref}.parent_id`);
  const parts = kinds.map((kind) => {
    switch (kind) {
      case 'signal':
        return sql`(${parentId} is null and not ${isParentSql(ref)})`;
      case 'parent_signal':
        return sql`(${parentId} is null and ${isParentSql(ref)})`;
      case 'exclude_parent_signal':
        return sql`(not ${isParentSql(ref)})`;
      case 'child_signal':
        return sql`(${parentId} is not null)`;
    }
  });
  return parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** SQL: a child of `ref` changed after `ref` itself did. */
export function changedChildrenSql(ref = 'signal'): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from signal cc where cc.parent_id = ${sql.ref(`${ref}.id`)} and cc.updated_at > ${sql.ref(`${ref}.updated_at`)})`;
}

/** SQL: the `has_changed_children` filter; `values` are the parsed booleans of the (multi) parameter. */
export function hasChangedChildrenSql(values: readonly boolean[], ref = 'signal'): RawBuilder<SqlBool> {
  const parent = isParentSql(ref);
  const wantsTrue = values.includes(true);
  const wantsFalse = values.includes(false);
  if (wantsTrue && wantsFalse) return parent;
  if (wantsTrue) return changedChildrenSql(ref);
  if (wantsFalse) return sql<SqlBool>`(${parent} and not ${changedChildrenSql(ref)})`;
  return sql<SqlBool>`true`;
}

/** The kind of one report. */
export function kindOf(row: Pick<Selectable<SignalTable>, 'parent_id'>, hasChildren: boolean): Exclude<Kind, 'exclude_parent_signal'> {
  return row.parent_id !== null ? 'child_signal' : hasChildren ? 'parent_signal' : 'signal';
}

/** Of the reports `ids`, those that have children (for `has_children` in the list representation). */
export async function withChildren(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('signal').select('parent_id').distinct().where('parent_id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.parent_id!));
}

export interface SplitInfo {
  /** The parent's id, for a child. */
  parentId: number | null;
  /** The children's ids, oldest first, for a parent. */
  childIds: number[];
  /** For a parent: whether a child changed after the parent did. */
  hasChangedChildren: boolean;
}

/** What the detail of one report needs to know about its place in a split. */
export async function splitInfo(db: Db, row: Pick<Selectable<SignalTable>, 'id' | 'parent_id' | 'updated_at'>): Promise<SplitInfo> {
  const children = row.parent_id !== null ? [] : await db.selectFrom('signal').select(['id', 'updated_at']).where('parent_id', '=', row.id).orderBy('id').execute();
  const own = new Date(row.updated_at).getTime();
  return {
    parentId: row.parent_id,
    childIds: children.map((c) => c.id),
    hasChangedChildren: children.some((c) => new Date(c.updated_at).getTime() > own),
  };
}

/**
 * The detail's split links (docs/reference/api.md#private): `sia:parent` for a child, `sia:children`
 * (one link per child) for a parent, nothing for a standalone report.
 */
export function splitLinks(base: string, info: Pick<SplitInfo, 'parentId' | 'childIds'>): { 'sia:parent'?: { href: string }; 'sia:children'?: { href: string }[] } {
  if (info.parentId !== null) return { 'sia:parent': { href: `${base}${apiPath(API_PATHS.privateSignal, { id: info.parentId })}` } };
  if (info.childIds.length > 0) return { 'sia:children': info.childIds.map((id) => ({ href: `${base}${apiPath(API_PATHS.privateSignal, { id })}` })) };
  return {};
}

/** The children of a parent that `user` may see (docs/reference/permissions.md#permissions-and-scoping: the children list is scoped), oldest first. */
export async function listChildren(db: Db, user: ScopeUser, parentId: number) {
  return scopeSignals(
    db
      .selectFrom('signal')
      .innerJoin('category as sub', 'sub.id', 'signal.category_id')
      .innerJoin('category as main', 'main.id', 'sub.parent_id')
      .select(['signal.id', 'signal.state', 'signal.updated_at', 'signal.category_id', 'sub.name as sub', 'sub.slug as sub_slug', 'main.name as main', 'main.slug as main_slug'])
      .where('signal.parent_id', '=', parentId)
      .orderBy('signal.id'),
    user,
  ).execute();
}

export const LINK_MESSAGES = {
  self: 'Een melding kan geen deelmelding van zichzelf worden.',
  isChild: 'Deze melding is al een deelmelding.',
  isParent: 'Deze melding heeft zelf deelmeldingen.',
  parentIsChild: BULK_MESSAGES.parentIsChild,
} as const;

/**
 * Makes existing reports children of `parentId` (the nearby reports' 'link as child'
 * action): each must be a standalone report (no parent, no children) the staff member
 * may see; the parent no child and with at most 10 children afterwards. Atomic, under
 * the parent's row lock; history on the parent (CHILD_SIGNAL_CREATED) and on each child
 * (a note). Returns the ids linked.
 */
export async function linkChildren(db: Db, user: ScopeUser & { username: string }, parentId: number, ids: readonly number[], now: Date): Promise<number[]> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const parent = await trx.selectFrom('signal').select(['id', 'parent_id']).where('id', '=', parentId).forUpdate().executeTakeFirst();
    if (!parent) throw notFound(NO_SIGNAL);
    if (parent.parent_id !== null) throw invalidInput(LINK_MESSAGES.parentIsChild);
    const rows = await trx.selectFrom('signal').select(['id', 'parent_id']).where('id', 'in', unique).orderBy('id').forUpdate().execute();
    const errors: Record<string, string[]> = {};
    const visible = new Set((await scopeSignals(trx.selectFrom('signal').select('signal.id').where('signal.id', 'in', unique), user).execute()).map((r) => r.id));
    const parents = await withChildren(trx, unique);
    for (const id of unique) {
      const row = rows.find((r) => r.id === id);
      const fail = (message: string) => (errors[String(id)] ??= []).push(message);
      if (!row) fail(BULK_MESSAGES.noSuchParent(id));
      else if (!visible.has(id)) fail('Je hebt geen toestemming om deze actie uit te voeren.');
      else if (id === parentId) fail(LINK_MESSAGES.self);
      else if (row.parent_id !== null) fail(LINK_MESSAGES.isChild);
      else if (parents.has(id)) fail(LINK_MESSAGES.isParent);
    }
    if (Object.keys(errors).length > 0) throw invalid({ signals: errors });
    const { count } = await trx.selectFrom('signal').select((eb) => eb.fn.countAll<string>().as('count')).where('parent_id', '=', parentId).executeTakeFirstOrThrow();
    if (Number(count) >= MAX_CHILDREN) throw invalidInput(BULK_MESSAGES.parentFull);
    if (Number(count) + unique.length > MAX_CHILDREN) throw invalidInput(BULK_MESSAGES.wouldExceed);
    for (const id of unique) {
      await trx.updateTable('signal').set({ parent_id: parentId, updated_at: now }).where('id', '=', id).execute();
      await trx
        .insertInto('signal_history')
        .values({ signal_id: parentId, what: CHILD_CREATED.what, action: CHILD_CREATED.action, description: CHILD_CREATED.description(id), who: user.username, extra: JSON.stringify({ child_id: id, linked: true }), created_at: now })
        .execute();
      await trx.insertInto('signal_note').values({ signal_id: id, text: linkedNote(parentId), created_by: user.username, created_at: now }).execute();
    }
    await trx.updateTable('signal').set({ updated_at: now }).where('id', '=', parentId).execute();
    return unique;
  });
}

/** The note a linked report gets. */
export const linkedNote = (parentId: number) => `Gekoppeld als deelmelding aan melding ${parentId} (melding in de buurt).`;

/** The history entry of a link undone (on the parent), beside CHILD_SIGNAL_CREATED. */
export const CHILD_UNLINKED = { what: 'CHILD_SIGNAL_UNLINKED', action: 'Deelmelding ontkoppeld', description: (childId: number) => `Melding ${childId}` } as const;
/** The note an unlinked report gets. */
export const unlinkedNote = (parentId: number) => `Ontkoppeld van melding ${parentId}; weer een zelfstandige melding.`;

export const UNLINK_MESSAGES = {
  notAChild: (childId: number, parentId: number) => `Melding ${childId} is geen deelmelding van melding ${parentId}.`,
  notLinked: 'Alleen een gekoppelde melding in de buurt kan ontkoppeld worden; een deelmelding uit splitsen hoort bij de hoofdmelding.',
} as const;

/** Of `parentId`'s children, those that became children by linking (the nearby action), not by splitting. */
export async function linkedChildIds(db: Db, parentId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('signal_history').select(['extra']).where('signal_id', '=', parentId).where('what', '=', CHILD_CREATED.what).execute();
  const ids = new Set<number>();
  for (const { extra } of rows) {
    const value = (typeof extra === 'string' ? JSON.parse(extra) : extra) as { child_id?: unknown; linked?: unknown } | null;
    if (value?.linked === true && typeof value.child_id === 'number') ids.add(value.child_id);
  }
  return ids;
}

/**
 * Undoes a link (docs/back-office-incident.md): the linked child `childId` of `parentId` becomes a standalone
 * report again. Only a report that was linked (not one made by splitting), one the staff
 * member may see; under the parent's row lock; history on the parent (CHILD_SIGNAL_UNLINKED)
 * and a note on the child, as linking writes them.
 */
export async function unlinkChild(db: Db, user: ScopeUser & { username: string }, parentId: number, childId: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const parent = await trx.selectFrom('signal').select(['id']).where('id', '=', parentId).forUpdate().executeTakeFirst();
    if (!parent) throw notFound(NO_SIGNAL);
    const child = await trx.selectFrom('signal').select(['id', 'parent_id']).where('id', '=', childId).forUpdate().executeTakeFirst();
    if (!child) throw notFound(NO_SIGNAL);
    const visible = await scopeSignals(trx.selectFrom('signal').select('signal.id').where('signal.id', '=', childId), user).executeTakeFirst();
    if (!visible) throw forbidden('Je hebt geen toestemming om deze actie uit te voeren.');
    if (child.parent_id !== parentId) throw invalidInput(UNLINK_MESSAGES.notAChild(childId, parentId));
    if (!(await linkedChildIds(trx, parentId)).has(childId)) throw invalidInput(UNLINK_MESSAGES.notLinked);
    await trx.updateTable('signal').set({ parent_id: null, updated_at: now }).where('id', '=', childId).execute();
    await trx
      .insertInto('signal_history')
      .values({ signal_id: parentId, what: CHILD_UNLINKED.what, action: CHILD_UNLINKED.action, description: CHILD_UNLINKED.description(childId), who: user.username, extra: JSON.stringify({ child_id: childId, unlinked: true }), created_at: now })
      .execute();
    await trx.insertInto('signal_note').values({ signal_id: childId, text: unlinkedNote(parentId), created_by: user.username, created_at: now }).execute();
    await trx.updateTable('signal').set({ updated_at: now }).where('id', '=', parentId).execute();
  });
}
