/**
 * The category tree for the subcategory choice of step 1, read once per app from
 * GET /signals/v1/public/terms/categories/ (main categories with their children), through the
 * query layer loaded after the first page is drawn (src/api/late-query.ts).
 */
import { API_PATHS, subCategoryUrl } from '@meldloket/engine';
import type { ApiClient, ClassificationResult } from '@meldloket/engine';
import { useEffect, useState } from 'react';
import { useApi } from '../api/index.ts';
import { useLateQuery } from '../api/late-query.ts';
import { residentHandlingMessage } from './handling-message.ts';

export interface SubcategoryEntry {
  /** 'main/sub': unique over the tree. */
  id: string;
  category: string;
  subcategory: string;
  name: string;
  group: string;
  url: string;
  handling_message: string;
  description: string | null;
  keywords: string[];
}

interface SubcategoryWire {
  _links?: { self?: { href?: string } };
  name: string;
  slug: string;
  is_active?: boolean;
  handling_message?: string | null;
  description?: string | null;
  /** Our server's search words (`configuration.keywords`); a Signalen backend may have none. */
  configuration?: { keywords?: unknown } | null;
}

interface MainCategoryWire {
  name: string;
  slug: string;
  sub_categories?: SubcategoryWire[];
}

export const CATEGORIES_PATH = API_PATHS.categories;

/** One collator for every comparison: `localeCompare(…, 'nl')` builds a new one per call. */
const byDutchName = new Intl.Collator('nl');

/** Active subcategories, grouped under their main category's name, sorted by name. */
export function subcategoryEntries(mains: MainCategoryWire[]): SubcategoryEntry[] {
  return mains.flatMap((main) =>
    (main.sub_categories ?? [])
      .filter((sub) => sub.is_active !== false)
      .map((sub) => ({
        id: `${main.slug}/${sub.slug}`,
        category: main.slug,
        subcategory: sub.slug,
        name: sub.name,
        group: main.name,
        url: sub._links?.self?.href ?? subCategoryUrl(main.slug, sub.slug),
        handling_message: residentHandlingMessage(sub.handling_message),
        description: sub.description ?? null,
        keywords: Array.isArray(sub.configuration?.keywords) ? sub.configuration.keywords.filter((k): k is string => typeof k === 'string') : [],
      }))
      .sort((a, b) => byDutchName.compare(a.name, b.name)),
  );
}

/** The classification the machine stores for a chosen entry. */
export function classificationOf(entry: SubcategoryEntry): ClassificationResult {
  return {
    category: entry.category,
    subcategory: entry.subcategory,
    classification: { id: entry.url, name: entry.name, slug: entry.subcategory },
    handling_message: entry.handling_message,
  };
}

/** The tree's query: read once for the life of the app (as step 1 always had it). */
export function subcategoriesQuery(api: ApiClient<AbortSignal>) {
  return {
    queryKey: ['wizard', 'subcategories'],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<{ results: MainCategoryWire[] }>(CATEGORIES_PATH, { query: { page_size: 1000 }, signal }).then((page) => subcategoryEntries(page.results)),
    staleTime: Infinity,
  };
}

const NONE: SubcategoryEntry[] = [];

/**
 * Whether the resident has begun on the page: the focus is in it (typed into before the app took
 * it over), or since then a pointer has moved or gone down, a key gone down or the focus moved.
 */
function useBegun(): boolean {
  const [begun, setBegun] = useState(false);
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return setBegun(true);
    const begin = () => setBegun(true);
    const events = ['focusin', 'pointermove', 'pointerdown', 'keydown'] as const;
    for (const event of events) document.addEventListener(event, begin, { capture: true, once: true });
    return () => {
      for (const event of events) document.removeEventListener(event, begin, { capture: true });
    };
  }, []);
  return begun;
}

/**
 * The active subcategories; none while they are read, or when they could not be. They are read
 * once the resident begins on step 1, or at once when the draft already has a description or a
 * subcategory (a reload): a look at the page alone does not fetch them (docs/performance.md).
 */
export function useSubcategories(draftBegun: boolean): SubcategoryEntry[] {
  const begun = useBegun();
  return useLateQuery({ ...subcategoriesQuery(useApi()), enabled: draftBegun || begun }).data ?? NONE;
}
