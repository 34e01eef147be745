/**
 * The category tree and service levels as the back office loaded them at sign-in
 * (`useAuth().staffData.categories`, docs/reference/api.md#private private categories: main and sub
 * categories in one list, a sub linking its parent under `sia:parent`).
 */
import type { Sla } from '@meldloket/engine';
import type { StaffCategory } from '../../auth/index.ts';

export interface CategoryNode {
  slug: string;
  name: string;
  subs: { slug: string; name: string }[];
}

type WithSla = StaffCategory & { sla?: Sla | null };

const collator = new Intl.Collator('nl', { sensitivity: 'base' });

/** Main categories with their subcategories, both sorted by name ignoring case (docs/reference/screens.md#entities). */
export function categoryTree(categories: readonly StaffCategory[]): CategoryNode[] {
  const mains = categories.filter((c) => !c._links?.['sia:parent']);
  const byHref = new Map(mains.map((m) => [m._links?.self?.href, m]));
  const nodes = new Map(mains.map((m) => [m.slug, { slug: m.slug, name: m.name, subs: [] as CategoryNode['subs'] }]));
  for (const c of categories) {
    const parent = c._links?.['sia:parent']?.href;
    if (!parent) continue;
    const main = byHref.get(parent);
    if (main) nodes.get(main.slug)!.subs.push({ slug: c.slug, name: c.name });
  }
  const tree = [...nodes.values()].filter((n) => n.subs.length > 0);
  for (const node of tree) node.subs.sort((a, b) => collator.compare(a.name, b.name));
  return tree.sort((a, b) => collator.compare(a.name, b.name));
}

/** The service level of each subcategory, by slug. */
export function slaBySlug(categories: readonly StaffCategory[]): Map<string, Sla> {
  const map = new Map<string, Sla>();
  for (const c of categories as readonly WithSla[]) if (c._links?.['sia:parent'] && c.sla?.n_days) map.set(c.slug, c.sla);
  return map;
}
