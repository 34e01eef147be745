/**
 * Which question set a subcategory uses. The rule, also written down in
 * docs/authoring.md: a subcategory's own `question_set` wins, otherwise its main
 * category's `question_set`. The name is a file in this folder without `.json`;
 * 'locatie' is the location-only set.
 *
 * Pure: takes the tree (categories.json) as an argument, so the server, the app
 * and the tests can all use it without importing JSON the same way.
 */

export interface CategoryTreeSla {
  n_days: number;
  use_calendar_days: boolean;
}

export interface CategoryTreeSub {
  slug: string;
  name: string;
  is_active: boolean;
  description: string | null;
  handling_message: string;
  sla: CategoryTreeSla;
  departments: { code: string; is_responsible: boolean }[];
  question_set?: string;
}

export interface CategoryTreeMain {
  slug: string;
  name: string;
  is_active: boolean;
  description: string | null;
  question_set: string;
  sub_categories: CategoryTreeSub[];
}

export interface CategoryTree {
  departments: { code: string; name: string; is_intern: boolean }[];
  categories: CategoryTreeMain[];
}

/** The name of the location-only question set. */
export const LOCATION_ONLY = 'locatie';

/** The question-set name for a subcategory, or undefined when the tree does not know it. */
export function questionSetName(tree: CategoryTree, mainSlug: string, subSlug: string): string | undefined {
  const main = tree.categories.find((c) => c.slug === mainSlug);
  const sub = main?.sub_categories.find((s) => s.slug === subSlug);
  if (!main || !sub) return undefined;
  return sub.question_set ?? main.question_set;
}

/** Every subcategory that uses a question set, as [main slug, sub slug] pairs. */
export function subcategoriesOf(tree: CategoryTree, setName: string): [string, string][] {
  return tree.categories.flatMap((main) =>
    main.sub_categories
      .filter((sub) => (sub.question_set ?? main.question_set) === setName)
      .map((sub): [string, string] => [main.slug, sub.slug]),
  );
}
