/** The settings' calls of the private API (docs/reference/api.md#private) and the shapes the screens read. */
import { apiPath, API_PATHS, withQuery, ApiError, type ApiClient } from '@meldloket/engine';

export const SETTINGS_PATHS = {
  roles: API_PATHS.roles,
  role: (id: number) => apiPath(API_PATHS.role, { id }),
  permissions: API_PATHS.permissions,
  /** The role form's list: the sia_ permissions and those of the settings areas (view_group, change_category, …). */
  permissionsForRoles: withQuery(API_PATHS.permissions, { all: 'true' }),
  users: API_PATHS.users,
  user: (id: number) => apiPath(API_PATHS.user, { id }),
  userHistory: (id: number) => apiPath(API_PATHS.userHistory, { id }),
  departments: API_PATHS.departments,
  department: (id: number) => apiPath(API_PATHS.department, { id }),
  departmentHistory: (id: number) => apiPath(API_PATHS.departmentHistory, { id }),
  categories: API_PATHS.privateCategories,
  category: (id: number) => apiPath(API_PATHS.privateCategory, { id }),
  categoryHistory: (id: number) => apiPath(API_PATHS.privateCategoryHistory, { id }),
} as const;

/** Page size of the lists (docs/reference/limits.md#constants); the category list asks for 1000. */
export const PAGE_SIZE = 50;

export interface HalList<T> {
  count: number;
  results: T[];
}

export interface Permission {
  id: number;
  name: string;
  codename: string;
  _display?: string;
}

export interface Role {
  id: number;
  name: string;
  permissions: Permission[];
}

export interface User {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  is_superuser: boolean;
  roles: Role[];
  profile: { note: string | null; departments: string[]; department_ids?: number[] };
}

export interface Department {
  id: number;
  code: string;
  name: string;
  is_intern: boolean;
  can_direct?: boolean;
  category_names?: string[];
  categories?: Array<{ id: number; category: { id: number; name: string }; is_responsible: boolean; can_view: boolean }>;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
  public_name: string | null;
  description: string | null;
  handling_message: string | null;
  is_active: boolean;
  is_public_accessible: boolean;
  sla: { n_days: number; use_calendar_days: boolean } | null;
  /** Metres around a point in which its open reports count as nearby (docs/duplicates.md). */
  nearby_radius: number;
  departments: Array<{ id: number; code: string; name: string; is_responsible: boolean; can_view: boolean }>;
  _links: { 'sia:parent'?: { href: string } };
}

/** Every page of a HAL list (the lists the settings show are short: roles, permissions, departments). */
export async function getAll<T>(api: ApiClient<AbortSignal>, path: string, pageSize = 1000, signal?: AbortSignal): Promise<T[]> {
  return (await api.get<HalList<T>>(path, { query: { page_size: pageSize }, signal })).results;
}


/** The Dutch text for a failed call (docs/reference/texts.md#errors, by status). */
export { failureMessage } from '../api/failure.ts';
