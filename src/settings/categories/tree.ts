/** The category list of the settings (docs/reference/screens.md#entities): sorted by name ignoring case; a subcategory shown with its responsible department codes. */
import type { Category } from '../api.ts';

const byName = new Intl.Collator('nl', { sensitivity: 'base' });
export const compareNames = (a: { name: string }, b: { name: string }) => byName.compare(a.name, b.name);

/** The id of a category's parent, from its `sia:parent` link (null for a main category). */
export function parentId(category: { _links?: { 'sia:parent'?: { href: string } } }): number | null {
  const href = category._links?.['sia:parent']?.href;
  const id = href ? Number(/\/(\d+)\/?$/.exec(href)?.[1]) : NaN;
  return Number.isInteger(id) ? id : null;
}

/** 'Grofvuil (ASC, AEG)': the name and the codes of the responsible departments. */
export function subcategoryLabel(category: { name: string; departments?: ReadonlyArray<{ code: string; is_responsible?: boolean }> | null }): string {
  const codes = (category.departments ?? []).filter((d) => d.is_responsible).map((d) => d.code);
  return codes.length ? `${category.name} (${codes.join(', ')})` : category.name;
}

/** Main categories with their subcategories, both sorted by name ignoring case. */
export function groupSubcategories<C extends Pick<Category, 'id' | 'name'> & { _links?: { 'sia:parent'?: { href: string } } }>(categories: C[]): Array<{ main: C; subs: C[] }> {
  const mains = categories.filter((c) => parentId(c) === null).sort(compareNames);
  return mains
    .map((main) => ({ main, subs: categories.filter((c) => parentId(c) === main.id).sort(compareNames) }))
    .filter((group) => group.subs.length > 0);
}

/** Every subcategory with its main category, sorted by name ignoring case. */
export function sortedSubcategories(categories: Category[]): Array<{ sub: Category; main: Category | undefined }> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return categories
    .filter((c) => parentId(c) !== null)
    .sort(compareNames)
    .map((sub) => ({ sub, main: byId.get(parentId(sub)!) }));
}
