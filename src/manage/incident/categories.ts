/**
 * The subcategories of the staff data (loaded at sign-in, docs/reference/statuses.md#states-and-transitions) as the detail
 * page offers them: 'name (responsible department codes)', sorted by name ignoring
 * case (docs/reference/screens.md#entities), grouped under their main category, with the public URL the PATCH
 * and the split send as `sub_category`.
 */
import type { StaffCategory } from '../../auth/index.ts';
import { subcategoryLabel } from '../../settings/categories/tree.ts';

export interface SubcategoryOption {
  id: number;
  slug: string;
  name: string;
  label: string;
  main: string;
  /** Public detail URL: /signals/v1/public/terms/categories/{main}/sub_categories/{sub}. */
  url: string;
  sla: StaffCategory['sla'];
}

const pathOf = (href: string | undefined) => (href ? href.replace(/^[a-z]+:\/\/[^/]+/i, '') : '');
const collator = new Intl.Collator('nl', { sensitivity: 'base' });

export function subcategoryOptions(categories: readonly StaffCategory[]): SubcategoryOption[] {
  const mains = new Map(categories.filter((c) => !c._links?.['sia:parent']).map((c) => [pathOf(c._links?.self?.href), c]));
  return categories
    .filter((c) => c._links?.['sia:parent'] && c._links.self?.public)
    .map((c) => {
      return {
        id: c.id,
        slug: c.slug,
        name: c.name,
        label: subcategoryLabel(c),
        main: mains.get(pathOf(c._links?.['sia:parent']?.href))?.name ?? '',
        url: pathOf(c._links?.self?.public),
        sla: c.sla,
        active: c.is_active,
      };
    })
    .filter((c) => c.active)
    .map(({ active: _active, ...option }) => option)
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** The option of the report's own subcategory (by its category URL), also when inactive. */
export function subcategoryOf(categories: readonly StaffCategory[], categoryUrl: string): SubcategoryOption | null {
  const wanted = pathOf(categoryUrl);
  const own = categories.find((c) => c._links?.['sia:parent'] && pathOf(c._links.self?.public) === wanted);
  if (!own) return null;
  return { id: own.id, slug: own.slug, name: own.name, label: own.name, main: '', url: wanted, sla: own.sla };
}

/** Options grouped by main category name, groups sorted by name. */
export function groupByMain(options: readonly SubcategoryOption[]): Array<[string, SubcategoryOption[]]> {
  const groups = new Map<string, SubcategoryOption[]>();
  for (const option of options) groups.set(option.main, [...(groups.get(option.main) ?? []), option]);
  return [...groups.entries()].sort(([a], [b]) => collator.compare(a, b));
}
