/** Departments, sources and categories as the private API lists them (contract §11). */
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

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

export interface PrivateCategoryRow {
  id: number;
  parent_id: number | null;
  parent_slug: string | null;
  parent_name: string | null;
  slug: string;
  name: string;
  public_name: string | null;
  is_active: boolean;
  is_public_accessible: boolean;
  description: string | null;
  handling_message: string | null;
  configuration: Record<string, unknown> | null;
  sla_n_days: number | null;
  sla_use_calendar_days: boolean;
  icon: string | null;
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
