/**
 * The category tree as the public endpoints and the create call need it: main
 * categories with their subcategories and responsible departments, looked up by
 * slug or by the public sub-category URL a report refers to.
 */
import fp from 'fastify-plugin';
import type { Db } from '../../db/index.ts';
import type { Changes } from '../../plugins/changes.ts';

export interface DepartmentRef {
  code: string;
  name: string;
  is_intern: boolean;
}

export interface Category {
  id: number;
  slug: string;
  name: string;
  public_name: string | null;
  is_active: boolean;
  is_public_accessible: boolean;
  description: string | null;
  handling: string;
  handling_message: string | null;
  configuration: Record<string, unknown> | null;
  questionnaire: string | null;
  icon: string | null;
  /** Metres around a point in which its open reports count as nearby (docs/duplicates.md, 'Is dit hetzelfde probleem?'). */
  nearby_radius: number;
  /** Responsible departments only (docs/reference/api.md#categories). */
  departments: DepartmentRef[];
}

export interface MainCategory extends Category {
  sub_categories: Category[];
}

/** Where a sub-category URL points, or why it does not resolve. */
export type UrlResolution = { ok: true; main: MainCategory; sub: Category } | { ok: false; reason: 'invalid' | 'missing' };

const SUB_PATH = /^(?:https?:\/\/[^/]+)?\/signals\/v1\/public\/terms\/categories\/([\w-]+)\/sub_categories\/([\w-]+)\/?$/;

export interface CategoryService {
  /** Main categories ordered by name, each with its subcategories ordered by name. */
  tree(): Promise<MainCategory[]>;
  main(slug: string): Promise<MainCategory | undefined>;
  sub(mainSlug: string, subSlug: string): Promise<{ main: MainCategory; sub: Category } | undefined>;
  resolveUrl(url: string): Promise<UrlResolution>;
  /** Drops the cached tree in this process (right after a change to categories or departments; other processes drop theirs on the change notice). */
  invalidate(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    categories: CategoryService;
  }
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'nl');

/** The tables the tree is built from: a write to any of them (in any server process) drops it. */
const TREE_TABLES = ['category', 'category_department', 'department'] as const;

export function createCategoryService(db: Db, changes: Pick<Changes, 'memo'>): CategoryService {
  async function load(): Promise<MainCategory[]> {
    const rows = await db.selectFrom('category').selectAll().execute();
    const links = await db
      .selectFrom('category_department as cd')
      .innerJoin('department as d', 'd.id', 'cd.department_id')
      .select(['cd.category_id', 'd.code', 'd.name', 'd.is_intern'])
      .where('cd.is_responsible', '=', true)
      .orderBy('d.code')
      .execute();
    const toCategory = (row: (typeof rows)[number]): Category => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      public_name: row.public_name,
      is_active: row.is_active,
      is_public_accessible: row.is_public_accessible,
      description: row.description,
      handling: row.handling,
      handling_message: row.handling_message,
      configuration: row.configuration,
      questionnaire: row.questionnaire,
      icon: row.icon,
      nearby_radius: row.nearby_radius,
      departments: links.filter((l) => l.category_id === row.id).map(({ code, name, is_intern }) => ({ code, name, is_intern })),
    });
    return rows
      .filter((r) => r.parent_id === null)
      .map((row) => {
        const main = toCategory(row);
        const subs = rows.filter((r) => r.parent_id === row.id).map(toCategory).sort(byName);
        // A main category is public-accessible when it or any child is (docs/reference/api.md#categories).
        return { ...main, is_public_accessible: main.is_public_accessible || subs.some((s) => s.is_public_accessible), sub_categories: subs };
      })
      .sort(byName);
  }

  // Kept until a category, its departments or a department change (plugins/changes.ts).
  const cached = changes.memo(TREE_TABLES, load);
  const tree = () => cached.get();

  return {
    tree,
    async main(slug) {
      return (await tree()).find((m) => m.slug === slug);
    },
    async sub(mainSlug, subSlug) {
      const main = (await tree()).find((m) => m.slug === mainSlug);
      const sub = main?.sub_categories.find((s) => s.slug === subSlug);
      return main && sub ? { main, sub } : undefined;
    },
    async resolveUrl(url) {
      const match = SUB_PATH.exec(url.trim());
      if (!match) return { ok: false, reason: 'invalid' };
      const found = await this.sub(match[1], match[2]);
      return found ? { ok: true, ...found } : { ok: false, reason: 'missing' };
    },
    invalidate() {
      cached.drop();
    },
  };
}

export const categoriesPlugin = fp(
  async (app) => {
    app.decorate('categories', createCategoryService(app.db, app.changes));
  },
  { name: 'categories', dependencies: ['database', 'changes'] },
);
export { loadCategorySources, QuestionSetsInvalidError, QUESTION_SETS_DIR } from './sources.ts';
export type { CategorySources } from './sources.ts';
