/**
 * The settings' reads through TanStack Query (docs/architecture.md, 'Data on screens'): every key
 * under ['settings', API path, query], so the key is derived from the path table (SETTINGS_PATHS,
 * API_PATHS) and one read of a path is shared by every screen that shows it (the category list by
 * the categories and the departments). A saved setting (useSave, or a section's own write) calls
 * `useSettingsChanged()`: everything under ['settings'] is read again where it is shown.
 */
import { useQuery, useQueryClient, type Query as Query_ } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useApi, type HistoryEntry } from '../api/index.ts';
import { ME_PATH } from '../auth/staff.ts';
import { getAll, SETTINGS_PATHS, type Category, type Department, type Permission, type Role } from './api.ts';

type Query = Record<string, string | number>;

export const settingsKeys = {
  all: ['settings'] as const,
  read: (path: string, query: Query = {}) => ['settings', path, query] as const,
  list: (path: string) => ['settings', path, 'all'] as const,
};

/** One read of a settings resource by its API path (with its query string, for a page of a list). */
export function useSettingsRead<T>(path: string, query?: Query) {
  const api = useApi();
  return useQuery({ queryKey: settingsKeys.read(path, query), queryFn: ({ signal }) => api.get<T>(path, { query, signal }) });
}

/**
 * A whole list (all its pages in one: getAll). The sections hand these results to their list and
 * form as props, where TanStack's tracking of the properties read does not see every read: a write
 * that sets the list from its answer (useSavedInList) must redraw them, so every change notifies.
 */
function useSettingsList<T>(path: string) {
  const api = useApi();
  return useQuery({ queryKey: settingsKeys.list(path), queryFn: ({ signal }) => getAll<T>(api, path, undefined, signal), notifyOnChangeProps: 'all' });
}

export const useCategories = () => useSettingsList<Category>(SETTINGS_PATHS.categories);
export const useDepartments = () => useSettingsList<Department>(SETTINGS_PATHS.departments);
export const useRoles = () => useSettingsList<Role>(SETTINGS_PATHS.roles);
export const usePermissions = () => useSettingsList<Permission>(SETTINGS_PATHS.permissionsForRoles);
export const useHistory = (path: string) => useSettingsRead<HistoryEntry[]>(path);

/** The signed-in person's own record (/me/), read fresh each time it is shown: the sign-in's copy may predate a change made in another tab. */
export function useMe<T>() {
  const api = useApi();
  return useQuery({ queryKey: settingsKeys.read(ME_PATH), queryFn: ({ signal }) => api.get<T>(ME_PATH, { signal }), staleTime: 0 });
}

/**
 * After a write: every settings read is stale, except what was set from the write's own answer
 * since `since` (useSavedInList). What a screen shows now is read again (the promise settles when it
 * is there); what no screen shows is dropped, so a list opened next loads afresh instead of showing
 * the old rows first.
 */
export function useSettingsChanged() {
  const client = useQueryClient();
  return async (since = Infinity) => {
    const stale = (query: Query_) => query.state.dataUpdatedAt < since;
    client.removeQueries({ queryKey: settingsKeys.all, type: 'inactive', predicate: stale });
    await client.invalidateQueries({ queryKey: settingsKeys.all, predicate: stale });
  };
}

/**
 * A saved record into its list from the write's answer, without reading the list again: a new one
 * is appended, a changed one replaces the one with its id (docs/reference/screens.md#entities 'Roles state').
 */
export function useSavedInList<T extends { id: number }>(path: string) {
  const client = useQueryClient();
  return (saved: T) =>
    client.setQueryData<T[]>(settingsKeys.list(path), (rows) => rows && (rows.some((r) => r.id === saved.id) ? rows.map((r) => (r.id === saved.id ? saved : r)) : [...rows, saved]));
}

/** The record of the route's `{id}` (null on `nieuw`); `valid` is false for an id that cannot exist. */
export function useRouteRecord<T>(pathOf: (id: number) => string) {
  const api = useApi();
  const { id } = useParams();
  const numeric = id === undefined ? undefined : Number(id);
  const valid = numeric === undefined || (Number.isInteger(numeric) && numeric > 0);
  const path = pathOf(numeric && valid ? numeric : 0);
  const record = useQuery({
    queryKey: settingsKeys.read(path),
    queryFn: ({ signal }) => (numeric && valid ? api.get<T>(path, { signal }) : Promise.resolve(null)),
  });
  return { id, valid, record };
}
