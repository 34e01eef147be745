import { categoryPath } from '../api/index.ts';
import { messages } from '../messages/index.ts';
import type { Classification } from '../incident/types.ts';

/** A prediction is accepted only at this certainty or more (docs/reference/limits.md#validation, docs/reference/limits.md#constants). */
export const MIN_PREDICTION_CERTAINTY = 0.41;

/** Handling message used when a category has none or classification fails. */
export const FALLBACK_HANDLING_MESSAGE = messages.handlingFallback;

/** The catch-all category used when classification fails or nothing is certain enough. */
export const FALLBACK_CATEGORY = { category: 'overig', subcategory: 'overig' } as const;

/** `POST /signals/category/prediction` answer: per level a list of URLs and a list of certainties. */
export interface PredictionResponse {
  hoofdrubriek?: [string[], number[]] | [];
  subrubriek?: [string[], number[]] | [];
}

export interface PredictedCategory {
  category: string;
  subcategory: string;
  /** Which level decided: the sub level, the main level ('-overig'), or the fallback. */
  level: 'sub' | 'main' | 'fallback';
}

export interface ClassifyOptions {
  minCertainty?: number;
  /** Main slug → its specific 'overig' subcategory, where it differs from main-slug + '-overig'. */
  overigSubcategories?: Record<string, string>;
}

const CATEGORY_PATH = /\/terms\/categories\/([^/?#]+)(?:\/sub_categories\/([^/?#]+))?\/?(?:[?#].*)?$/;

/** Slugs from a category URL (absolute or relative). */
export function parseCategoryUrl(url: string): { category: string; subcategory?: string } | null {
  const match = CATEGORY_PATH.exec(url);
  if (!match) return null;
  return match[2] ? { category: match[1], subcategory: match[2] } : { category: match[1] };
}

/** The public sub-category URL the create payload refers to. */
export function subcategoryUrl(category: string, subcategory: string, base = ''): string {
  return `${base.replace(/\/$/, '')}${categoryPath(category, subcategory)}`;
}

/** The fallback 'overig' subcategory of a main category. */
export function overigSubcategory(mainSlug: string, overrides: Record<string, string> = {}): string {
  return overrides[mainSlug] ?? `${mainSlug}-overig`;
}

/**
 * The slugs the fallback 'overig' subcategory of a main category may have, in the
 * order to try them: the configured one (docs/reference/limits.md#validation's mapping) alone, else the spec's
 * `{main}-overig` and then Signalen's own `overig-{main}`.
 */
export function overigCandidates(mainSlug: string, overrides: Record<string, string> = {}): string[] {
  const configured = overrides[mainSlug];
  return configured ? [configured] : [`${mainSlug}-overig`, `overig-${mainSlug}`];
}

function firstOf(level: PredictionResponse['subrubriek']): { url: string; certainty: number } | null {
  if (!level || level.length < 2) return null;
  const [urls, certainties] = level;
  const url = urls?.[0];
  const certainty = certainties?.[0];
  if (typeof url !== 'string' || typeof certainty !== 'number') return null;
  return { url, certainty };
}

/**
 * The category a prediction points at: the sub level when certain enough,
 * otherwise the main level with its '-overig' subcategory, otherwise the fallback.
 */
export function classifyPrediction(prediction: PredictionResponse | null | undefined, options: ClassifyOptions = {}): PredictedCategory {
  const min = options.minCertainty ?? MIN_PREDICTION_CERTAINTY;
  const sub = firstOf(prediction?.subrubriek);
  if (sub && sub.certainty >= min) {
    const slugs = parseCategoryUrl(sub.url);
    if (slugs?.subcategory) return { category: slugs.category, subcategory: slugs.subcategory, level: 'sub' };
  }
  const main = firstOf(prediction?.hoofdrubriek);
  if (main && main.certainty >= min) {
    const slugs = parseCategoryUrl(main.url);
    if (slugs) {
      return { category: slugs.category, subcategory: overigSubcategory(slugs.category, options.overigSubcategories), level: 'main' };
    }
  }
  return { ...FALLBACK_CATEGORY, level: 'fallback' };
}

/** The sub-category fields the wizard reads (`GET …/sub_categories/{slug}`). */
export interface SubcategoryResponse {
  _links?: { self?: { href?: string } };
  name: string;
  slug: string;
  is_active?: boolean;
  handling_message?: string | null;
}

/** Classification and handling message from a fetched sub-category. */
export function classificationFromSubcategory(sub: SubcategoryResponse): { classification: Classification; handling_message: string } {
  return {
    classification: { id: sub._links?.self?.href ?? sub.slug, name: sub.name, slug: sub.slug },
    handling_message: sub.handling_message?.trim() ? sub.handling_message : FALLBACK_HANDLING_MESSAGE,
  };
}
