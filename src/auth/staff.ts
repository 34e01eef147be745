/**
 * What the back office loads once at sign-in and keeps (docs/reference/statuses.md#states-and-transitions): the current
 * user (`/me/`), the categories (page_size 1000), the departments and the active
 * sources. Shapes of docs/reference/api.md#private, reduced to what the app reads.
 */
import { API_PATHS, type ApiClient } from '@meldloket/engine';
import type { MeForAccess } from './areas.ts';

export const ME_PATH = API_PATHS.me;
export const CATEGORIES_PATH = API_PATHS.privateCategories;
export const DEPARTMENTS_PATH = API_PATHS.departments;
export const SOURCES_PATH = API_PATHS.sources;
export const AREAS_PATH = API_PATHS.areas;
/** Category page size (docs/reference/limits.md#constants). */
export const CATEGORY_PAGE_SIZE = 1000;

export interface StaffUser extends MeForAccess {
  id: number;
  username: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  is_active?: boolean;
  roles?: Array<{ id: number; name: string; permissions?: Array<{ id?: number; codename: string; name?: string }> }>;
  permissions?: Array<{ id?: number; codename: string }>;
  profile?: { departments?: string[]; note?: string | null } | null;
}

export interface StaffCategory {
  id: number;
  name: string;
  slug: string;
  is_active: boolean;
  _links?: { self?: { href: string; public?: string }; 'sia:parent'?: { href: string; public?: string } };
  departments?: Array<{ code: string; name?: string; is_responsible?: boolean; can_view?: boolean }>;
  /** The latest SLA record (docs/reference/api.md#private): the report's handling term. */
  sla?: { n_days: number; use_calendar_days: boolean } | null;
}

export interface StaffDepartment {
  id: number;
  code: string;
  name: string;
  is_intern?: boolean;
  can_direct?: boolean;
}

export interface StaffSource {
  id: number;
  name: string;
  description?: string;
  is_active?: boolean;
  can_be_selected?: boolean;
}

/** An area of GET /private/areas/ (without its polygon). */
export interface StaffArea {
  id: number;
  code: string;
  name: string;
  type: { code: string; name: string };
}

export interface StaffData {
  categories: StaffCategory[];
  departments: StaffDepartment[];
  sources: StaffSource[];
  /** The areas reports are looked up in (docs/routing.md); the overview's 'Gebied' filter. */
  areas?: StaffArea[];
  /** Set when the sources could not be fetched (docs/reference/texts.md#errors: the error message is stored). */
  sourcesError?: string;
}

type Page<T> = { results: T[] };

/** The authorise call: who is signed in. */
export const fetchMe = (api: ApiClient<AbortSignal>) => api.get<StaffUser>(ME_PATH);

export const fetchCategories = (api: ApiClient<AbortSignal>) =>
  api.get<Page<StaffCategory>>(CATEGORIES_PATH, { query: { page_size: CATEGORY_PAGE_SIZE } }).then((p) => p.results);

export const fetchDepartments = (api: ApiClient<AbortSignal>) => api.get<Page<StaffDepartment>>(DEPARTMENTS_PATH).then((p) => p.results);

export const fetchAreas = (api: ApiClient<AbortSignal>) => api.get<Page<StaffArea>>(AREAS_PATH).then((p) => p.results);

export const fetchSources = (api: ApiClient<AbortSignal>) =>
  api.get<Page<StaffSource>>(SOURCES_PATH, { query: { is_active: true } }).then((p) => p.results);

/** The staff member's name for the header: first and last name, else the username. */
export function displayName(user: Pick<StaffUser, 'first_name' | 'last_name' | 'username'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.username;
}
