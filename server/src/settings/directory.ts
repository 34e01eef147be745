/** Departments, sources and categories as the private API lists them (docs/reference/api.md#private). */
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Category } from '../services/categories/index.ts';
import { invalid } from '../domain/errors.ts';
import { appendHistory, changed, yesNo } from './history.ts';

export interface DepartmentRow {
  id: number;
  code: string;
  name: string;
  is_intern: boolean;
  can_direct: boolean;
}

export interface DepartmentCategoryLink {
  department_id: number;
  category_id: number;
  category_name: string;
  is_responsible: boolean;
  can_view: boolean;
}

export interface DepartmentWithCategories extends DepartmentRow {
  /** Links to active categories only. */
  categories: DepartmentCategoryLink[];
}

async function activeLinks(db: Db, departmentIds?: number[]): Promise<DepartmentCategoryLink[]> {
  if (departmentIds && departmentIds.length === 0) return [];
  return db
    .selectFrom('category_department as cd')
    .innerJoin('category as c', 'c.id', 'cd.category_id')
    .select(['cd.department_id', 'cd.category_id', 'c.name as category_name', 'cd.is_responsible', 'cd.can_view'])
    .where('c.is_active', '=', true)
    .$if(departmentIds !== undefined, (q) => q.where('cd.department_id', 'in', departmentIds!))
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .execute();
}

export async function listDepartments(db: Db, filter: { can_direct?: boolean } = {}): Promise<DepartmentWithCategories[]> {
  const rows = await db
    .selectFrom('department')
    .select(['id', 'code', 'name', 'is_intern', 'can_direct'])
    .$if(filter.can_direct !== undefined, (q) => q.where('can_direct', '=', filter.can_direct!))
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  const links = await activeLinks(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, categories: links.filter((l) => l.department_id === r.id) }));
}

export async function getDepartment(db: Db, id: number): Promise<DepartmentWithCategories | undefined> {
  const row = await db.selectFrom('department').select(['id', 'code', 'name', 'is_intern', 'can_direct']).where('id', '=', id).executeTakeFirst();
  return row ? { ...row, categories: await activeLinks(db, [id]) } : undefined;
}

export async function listSources(db: Db, filter: { is_active?: boolean; can_be_selected?: boolean } = {}) {
  return db
    .selectFrom('source')
    .select(['id', 'name', 'description', 'is_active', 'can_be_selected'])
    .$if(filter.is_active !== undefined, (q) => q.where('is_active', '=', filter.is_active!))
    .$if(filter.can_be_selected !== undefined, (q) => q.where('can_be_selected', '=', filter.can_be_selected!))
    .orderBy('id')
    .execute();
}

/** A category as the settings see it: the public category's own fields, its parent, its SLA and every linked department. */
export interface PrivateCategoryRow
  extends Pick<Category, 'id' | 'slug' | 'name' | 'public_name' | 'is_active' | 'is_public_accessible' | 'description' | 'handling_message' | 'configuration' | 'icon' | 'nearby_radius'> {
  parent_id: number | null;
  parent_slug: string | null;
  parent_name: string | null;
  sla_n_days: number | null;
  sla_use_calendar_days: boolean;
  departments: { id: number; code: string; name: string; is_intern: boolean; is_responsible: boolean; can_view: boolean }[];
}

/** Every category, main and sub (not scoped by department), ordered by id; or the one with `id`. */
export async function listPrivateCategories(db: Db, id?: number): Promise<PrivateCategoryRow[]> {
  const rows = await db
    .selectFrom('category as c')
    .leftJoin('category as p', 'p.id', 'c.parent_id')
    .select([
      'c.id',
      'c.parent_id',
      'p.slug as parent_slug',
      'p.name as parent_name',
      'c.slug',
      'c.name',
      'c.public_name',
      'c.is_active',
      'c.is_public_accessible',
      'c.description',
      'c.handling_message',
      'c.configuration',
      'c.sla_n_days',
      'c.sla_use_calendar_days',
      'c.icon',
      'c.nearby_radius',
    ])
    .$if(id !== undefined, (q) => q.where('c.id', '=', id!))
    .orderBy('c.id')
    .execute();
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('category_department as cd')
    .innerJoin('department as d', 'd.id', 'cd.department_id')
    .select(['cd.category_id', 'd.id', 'd.code', 'd.name', 'd.is_intern', 'cd.is_responsible', 'cd.can_view'])
    .$if(id !== undefined, (q) => q.where('cd.category_id', '=', id!))
    .orderBy('d.code')
    .execute();
  return rows.map((r) => ({ ...r, departments: links.filter((l) => l.category_id === r.id).map(({ category_id: _, ...d }) => d) }));
}

// Writes (docs/settings.md) ------------------------------------------------------------

export const DEPARTMENT_MESSAGES = {
  codeTaken: 'Afdeling met deze Code bestaat al.',
  invalidPk: (id: unknown) => `Ongeldige pk "${String(id)}" - object bestaat niet.`,
  inactiveCategory: (id: unknown) => `Categorie ${String(id)} is niet actief; alleen actieve categorieën kunnen worden gekoppeld.`,
} as const;

export interface DepartmentCategoryInput {
  category_id: number;
  is_responsible?: boolean;
  can_view?: boolean;
}

export interface DepartmentInput {
  code?: string;
  name?: string;
  is_intern?: boolean;
  can_direct?: boolean;
  categories?: DepartmentCategoryInput[];
}

async function checkDepartment(db: Db, input: DepartmentInput, departmentId?: number): Promise<void> {
  const errors: Record<string, unknown> = {};
  if (input.code !== undefined) {
    const taken = await db
      .selectFrom('department')
      .select('id')
      .where(sql<string>`lower(code)`, '=', input.code.trim().toLowerCase())
      .$if(departmentId !== undefined, (q) => q.where('id', '!=', departmentId!))
      .executeTakeFirst();
    if (taken) errors.code = [DEPARTMENT_MESSAGES.codeTaken];
  }
  if (input.categories?.length) {
    const ids = input.categories.map((c) => c.category_id);
    const found = new Map((await db.selectFrom('category').select(['id', 'is_active']).where('id', 'in', ids).execute()).map((c) => [c.id, c.is_active]));
    const problems = ids.flatMap((id) => (!found.has(id) ? [DEPARTMENT_MESSAGES.invalidPk(id)] : found.get(id) ? [] : [DEPARTMENT_MESSAGES.inactiveCategory(id)]));
    if (problems.length) errors.categories = problems;
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/**
 * Replaces the department's links to ACTIVE categories with `links` (docs/reference/api.md#private: the
 * list covers active categories only, so links to inactive ones are left as they are).
 * Responsible forces may-view (docs/reference/permissions.md#permissions-and-scoping). Returns the history lines.
 */
async function writeCategoryLinks(db: Db, departmentId: number, links: DepartmentCategoryInput[]): Promise<string[]> {
  const before = await activeLinks(db, [departmentId]);
  const active = db.selectFrom('category').select('id').where('is_active', '=', true);
  await db.deleteFrom('category_department').where('department_id', '=', departmentId).where('category_id', 'in', active).execute();
  const merged = new Map<number, { is_responsible: boolean; can_view: boolean }>();
  for (const l of links) {
    const is_responsible = l.is_responsible ?? false;
    const previous = merged.get(l.category_id);
    merged.set(l.category_id, {
      is_responsible: is_responsible || (previous?.is_responsible ?? false),
      can_view: is_responsible || (l.can_view ?? false) || (previous?.can_view ?? false),
    });
  }
  const rows = [...merged].filter(([, l]) => l.can_view).map(([category_id, l]) => ({ category_id, department_id: departmentId, ...l }));
  if (rows.length) await db.insertInto('category_department').values(rows).execute();
  const after = await activeLinks(db, [departmentId]);
  const describe = (list: DepartmentCategoryLink[], responsible: boolean) =>
    list.filter((l) => l.is_responsible === responsible).map((l) => l.category_name).sort((a, b) => a.localeCompare(b, 'nl'));
  const lines: string[] = [];
  for (const [label, responsible] of [['Verantwoordelijk voor', true], ['Mag inzien', false]] as const) {
    const was = describe(before, responsible);
    const now = describe(after, responsible);
    if (was.join('\n') !== now.join('\n')) lines.push(`${label} gewijzigd: ${now.length ? now.join(', ') : '(geen)'}`);
  }
  return lines;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

export async function createDepartment(db: Db, input: DepartmentInput & { code: string; name: string }, who: string): Promise<DepartmentWithCategories> {
  await checkDepartment(db, input);
  try {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('department')
        .values({ code: input.code.trim(), name: input.name.trim(), is_intern: input.is_intern ?? true, can_direct: input.can_direct ?? false })
        .returning('id')
        .executeTakeFirstOrThrow();
      const lines = await writeCategoryLinks(trx, row.id, input.categories ?? []);
      await appendHistory(trx, { model: 'department', objectId: row.id, what: 'CREATED_DEPARTMENT', lines: [`Afdeling aangemaakt: ${input.code.trim()} (${input.name.trim()})`, ...lines], who });
      return row.id;
    });
    return (await getDepartment(db, id))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ code: [DEPARTMENT_MESSAGES.codeTaken] });
    throw error;
  }
}

/** undefined when the department does not exist. */
export async function updateDepartment(db: Db, id: number, input: DepartmentInput, who: string): Promise<DepartmentWithCategories | undefined> {
  const before = await getDepartment(db, id);
  if (!before) return undefined;
  await checkDepartment(db, input, id);
  try {
    await db.transaction().execute(async (trx) => {
      const set = {
        ...(input.code !== undefined ? { code: input.code.trim() } : {}),
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...(input.is_intern !== undefined ? { is_intern: input.is_intern } : {}),
        ...(input.can_direct !== undefined ? { can_direct: input.can_direct } : {}),
      };
      if (Object.keys(set).length) await trx.updateTable('department').set(set).where('id', '=', id).execute();
      const lines = [
        ...changed('Code', before.code, set.code),
        ...changed('Naam', before.name, set.name),
        ...changed('Intern', before.is_intern, set.is_intern, yesNo),
        ...changed('Kan regie voeren', before.can_direct, set.can_direct, yesNo),
        ...(input.categories !== undefined ? await writeCategoryLinks(trx, id, input.categories) : []),
      ];
      await appendHistory(trx, { model: 'department', objectId: id, what: 'UPDATED_DEPARTMENT', lines, who });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ code: [DEPARTMENT_MESSAGES.codeTaken] });
    throw error;
  }
  return getDepartment(db, id);
}
