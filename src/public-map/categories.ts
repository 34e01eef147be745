/**
 * The categories the public maps show and filter on: main categories with their
 * publicly accessible subcategories (the only ones the geography call returns),
 * each main category with a colour of its own.
 */
import { API_PATHS, type ApiClient } from '@meldloket/engine';

export interface PublicSubcategory {
  slug: string;
  name: string;
}

export interface PublicCategory {
  slug: string;
  name: string;
  colour: string;
  subcategories: PublicSubcategory[];
}

interface TermsSub {
  slug: string;
  name: string;
  public_name?: string | null;
  is_public_accessible?: boolean;
}
interface TermsMain extends TermsSub {
  sub_categories?: TermsSub[];
}

/** Colours with at least 3:1 contrast on the light map, distinguishable from each other. */
const PALETTE = ['#00527f', '#2f7d32', '#b3261e', '#7b3f98', '#a15c00', '#0f6e6e', '#5a5a5a', '#b0006d', '#3d4db7', '#6b4a2b'];
/** Colour of a report whose main category is not in the list. */
export const OTHER_COLOUR = '#404040';

const displayName = (c: TermsSub) => (c.public_name && c.public_name.trim() ? c.public_name : c.name);

export async function fetchPublicCategories(api: ApiClient<AbortSignal>, signal?: AbortSignal): Promise<PublicCategory[]> {
  const body = await api.get<{ results: TermsMain[] }>(API_PATHS.categories, { signal });
  return body.results
    .map((main) => ({ main, subs: (main.sub_categories ?? []).filter((s) => s.is_public_accessible) }))
    .filter(({ subs }) => subs.length > 0)
    .map(({ main, subs }, index) => ({
      slug: main.slug,
      name: displayName(main),
      colour: PALETTE[index % PALETTE.length],
      subcategories: subs.map((s) => ({ slug: s.slug, name: displayName(s) })).sort((a, b) => a.name.localeCompare(b.name, 'nl')),
    }));
}

/** What the filter asks of the geography call: nothing (everything), whole main categories, or subcategories. */
export type CategoryQuery = { maincategory_slug?: string[]; category_slug?: string[] };

/**
 * The query for a set of chosen subcategories: none when every subcategory is chosen;
 * `maincategory_slug` when the choice is exactly some whole main categories; otherwise
 * `category_slug` per chosen subcategory. Null when nothing is chosen (nothing to show).
 */
export function categoryQuery(categories: PublicCategory[], chosen: ReadonlySet<string>): CategoryQuery | null {
  const all = categories.flatMap((c) => c.subcategories.map((s) => s.slug));
  if (all.length === 0 || all.every((slug) => chosen.has(slug))) return {};
  const picked = all.filter((slug) => chosen.has(slug));
  if (picked.length === 0) return null;
  const whole = categories.filter((c) => c.subcategories.every((s) => chosen.has(s.slug)));
  const partial = categories.filter((c) => c.subcategories.some((s) => chosen.has(s.slug)) && !whole.includes(c));
  if (partial.length === 0) return { maincategory_slug: whole.map((c) => c.slug) };
  return { category_slug: picked };
}
