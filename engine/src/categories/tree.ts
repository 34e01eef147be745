/**
 * The category tree (question-sets/categories.json, checked by
 * categories.schema.json) and the rules read from it, in one typed module used
 * by the server, the app and the tests:
 * - which question set a subcategory uses: its own `question_set`, otherwise
 *   its main category's. A subcategory the tree does not list (one added later
 *   in the back office) uses its main category's set; an unknown main category
 *   has none. 'locatie' is the location-only set;
 * - the handling code and public accessibility of a subcategory: its own, or
 *   its main category's.
 * Pure: the tree is an argument, so each side reads the JSON its own way.
 */

export interface CategoryTreeSla {
  n_days: number;
  use_calendar_days: boolean;
}

export interface CategoryTreeSub {
  /** Words a resident may search for that are not in the name or description (served as configuration.keywords). */
  keywords?: string[];
  slug: string;
  name: string;
  is_active: boolean;
  description: string | null;
  handling_message: string;
  sla: CategoryTreeSla;
  departments: { code: string; is_responsible: boolean }[];
  question_set?: string;
  handling?: string;
  is_public_accessible?: boolean;
}

export interface CategoryTreeMain {
  slug: string;
  name: string;
  is_active: boolean;
  description: string | null;
  question_set: string;
  /** Handling code of the subcategories (docs/reference/api.md#categories `handling`). */
  handling: string;
  /** Reports in the subcategories appear on the public map of recent reports. */
  is_public_accessible: boolean;
  sub_categories: CategoryTreeSub[];
}

export interface CategoryTreeDepartment {
  code: string;
  name: string;
  is_intern: boolean;
}

export interface CategoryTree {
  departments: CategoryTreeDepartment[];
  categories: CategoryTreeMain[];
}

/** The name of the location-only question set. */
export const LOCATION_ONLY = 'locatie';

/** The file of the tree in question-sets/, and of its schema. */
export const CATEGORY_TREE_FILE = 'categories.json';

/** Whether a file in question-sets/ is a question set (not the tree or a schema). */
export function isQuestionSetFile(file: string): boolean {
  return file.endsWith('.json') && !file.startsWith('categories') && !file.endsWith('.schema.json');
}

function find(tree: CategoryTree, mainSlug: string, subSlug: string): { main?: CategoryTreeMain; sub?: CategoryTreeSub } {
  const main = tree.categories.find((c) => c.slug === mainSlug);
  return { main, sub: main?.sub_categories.find((s) => s.slug === subSlug) };
}

/** The question-set name of a subcategory; undefined when the main category is unknown. */
export function questionSetName(tree: CategoryTree, mainSlug: string, subSlug: string): string | undefined {
  const { main, sub } = find(tree, mainSlug, subSlug);
  if (!main) return undefined;
  return sub?.question_set ?? main.question_set;
}

/** Every subcategory that uses a question set, as [main slug, sub slug] pairs. */
export function subcategoriesOf(tree: CategoryTree, setName: string): [string, string][] {
  return tree.categories.flatMap((main) =>
    main.sub_categories
      .filter((sub) => (sub.question_set ?? main.question_set) === setName)
      .map((sub): [string, string] => [main.slug, sub.slug]),
  );
}

/** The handling code of a subcategory (its own or its main category's). */
export function handlingOf(main: CategoryTreeMain, sub?: CategoryTreeSub): string {
  return sub?.handling ?? main.handling;
}

/** Whether a subcategory's reports are shown on the public map (its own setting or its main category's). */
export function isPublicAccessible(main: CategoryTreeMain, sub?: CategoryTreeSub): boolean {
  return sub?.is_public_accessible ?? main.is_public_accessible;
}

export interface CategoryTreeProblem {
  /** JSON pointer into categories.json. */
  pointer: string;
  message: string;
}

/** What the JSON Schema cannot see: duplicate slugs, unknown departments and question sets that have no file. */
export function categoryTreeProblems(tree: CategoryTree, setNames: Iterable<string>): CategoryTreeProblem[] {
  const sets = new Set(setNames);
  const departments = new Set(tree.departments.map((d) => d.code));
  const problems: CategoryTreeProblem[] = [];
  const seen = new Set<string>();
  tree.categories.forEach((main, m) => {
    const at = `/categories/${m}`;
    if (seen.has(main.slug)) problems.push({ pointer: `${at}/slug`, message: `duplicate main category "${main.slug}"` });
    seen.add(main.slug);
    if (!sets.has(main.question_set)) problems.push({ pointer: `${at}/question_set`, message: `no question set "${main.question_set}.json"` });
    const subs = new Set<string>();
    main.sub_categories.forEach((sub, s) => {
      const subAt = `${at}/sub_categories/${s}`;
      if (subs.has(sub.slug)) problems.push({ pointer: `${subAt}/slug`, message: `duplicate subcategory "${sub.slug}" in "${main.slug}"` });
      subs.add(sub.slug);
      if (sub.question_set !== undefined && !sets.has(sub.question_set)) {
        problems.push({ pointer: `${subAt}/question_set`, message: `no question set "${sub.question_set}.json"` });
      }
      sub.departments.forEach((d, i) => {
        if (!departments.has(d.code)) problems.push({ pointer: `${subAt}/departments/${i}/code`, message: `unknown department "${d.code}"` });
      });
    });
  });
  return problems;
}
