/**
 * The category tree for the subcategory choice of step 1, read once from
 * GET /signals/v1/public/terms/categories/ (main categories with their children).
 */
import { API_PATHS, subCategoryUrl } from '@meldloket/engine';
import { useEffect, useState } from 'react';
import type { ApiClient, ClassificationResult } from '@meldloket/engine';
import { useApi } from '../api/index.ts';
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

let cache: Promise<SubcategoryEntry[]> | null = null;

export function loadSubcategories(api: ApiClient<AbortSignal>): Promise<SubcategoryEntry[]> {
  cache ??= api
    .get<{ results: MainCategoryWire[] }>(CATEGORIES_PATH, { query: { page_size: 1000 } })
    .then((page) => subcategoryEntries(page.results))
    .catch((error: unknown) => {
      cache = null;
      throw error;
    });
  return cache;
}

/** Forget the cached tree (tests). */
export function resetSubcategoryCache(): void {
  cache = null;
}

export function useSubcategories(): SubcategoryEntry[] {
  const api = useApi();
  const [entries, setEntries] = useState<SubcategoryEntry[]>([]);
  useEffect(() => {
    let live = true;
    loadSubcategories(api)
      .then((list) => live && setEntries(list))
      .catch(() => live && setEntries([]));
    return () => {
      live = false;
    };
  }, [api]);
  return entries;
}
