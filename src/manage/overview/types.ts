/** What the overview reads of the private list (docs/reference/api.md#private list items, docs/reference/api.md#staff-create list representation). */
import { API_PATHS } from '@meldloket/engine';
export interface ListSignal {
  id: number;
  id_display?: string;
  created_at: string;
  status: { state: string; state_display?: string };
  priority?: { priority: string } | null;
  category: { sub: string; sub_slug: string; main: string; main_slug: string; deadline?: string | null };
  location: { stadsdeel?: string | null; address_text?: string | null; geometrie?: { coordinates: [number, number] } };
  assigned_user_email?: string | null;
  /** How many people report it: itself, its merged duplicates and its followers (docs/duplicates.md). */
  reporters?: number;
}

export interface HalPage<T> {
  count: number;
  /** The search's count stopped: there are more matches than `count` - 1 (docs/reference/api.md). */
  count_capped?: boolean;
  results: T[];
  _links?: { next?: { href: string | null }; previous?: { href: string | null } };
}

/** A saved filter (docs/reference/api.md#private `/private/me/filters/`). */
export interface SavedFilter {
  id: number;
  name: string;
  options: Record<string, unknown>;
  refresh: boolean;
  show_on_overview: boolean;
}

export const SIGNALS_PATH = API_PATHS.privateSignals;
export const GEOGRAPHY_PATH = API_PATHS.privateGeography;
export const SEARCH_PATH = API_PATHS.search;
export const EXPORT_PATH = API_PATHS.privateExport;
export const SIGNALERING_PATH = API_PATHS.signalering;
export const FILTERS_PATH = API_PATHS.meFilters;
/** The overview's page size (docs/reference/limits.md#constants). */
export const PAGE_SIZE = 50;
