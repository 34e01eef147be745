/**
 * Saved filters (docs/reference/api.md#private `/private/me/filters/`): a staff member's own named filters.
 * `options` holds list filters of the docs/reference/api.md#private table and nothing else, each value checked as the
 * list checks it (same messages, under `options`).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { DomainError, invalid, invalidInput } from '../../domain/errors.ts';
import { compileFilters, FILTER_NAMES, MULTI, type FilterName, type ListOptions, type RawFilters } from '../signals/list.ts';

export type FilterOptions = Record<string, string | string[]>;

export interface FilterInput {
  name?: string;
  options?: unknown;
  refresh?: boolean;
  show_on_overview?: boolean;
}

const isMulti = (name: string) => (MULTI as readonly string[]).includes(name);
const scalar = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * Checks `options` and returns them normalised: a multi-valued filter as an array of strings
 * (one value becomes a one-item array), a single-valued filter as a string. an invalid-input DomainError in the
 * contract's shapes otherwise.
 */
export async function checkOptions(db: Db, options: unknown, scope: ListOptions): Promise<FilterOptions> {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    const type = options === null ? 'NoneType' : Array.isArray(options) ? 'list' : typeof options === 'string' ? 'str' : typeof options;
    throw invalid({ options: [`Ongeldige gegevens. Verwachtte een dictionary, maar kreeg een ${type}.`] });
  }
  const entries = Object.entries(options as Record<string, unknown>);
  const unknown = entries.map(([k]) => k).filter((k) => !(FILTER_NAMES as readonly string[]).includes(k)).sort();
  if (unknown.length) {
    throw invalid({ options: [`FilterSet data to store contains unknown filters [${unknown.map((k) => `'${k}'`).join(', ')}]`] });
  }
  const normalised: FilterOptions = {};
  const errors: Record<string, string[]> = {};
  for (const [key, value] of entries) {
    const values = Array.isArray(value) ? value : [value];
    if (!values.every(scalar) || (!isMulti(key) && values.length !== 1)) {
      errors[key] = [isMulti(key) ? 'Verwachtte een lijst met waarden.' : 'Geen geldige string.'];
      continue;
    }
    const texts = values.map(String);
    normalised[key] = isMulti(key) ? texts : texts[0]!;
  }
  if (Object.keys(errors).length) throw invalid({ options: errors });
  try {
    await compileFilters(db, toRawFilters(normalised), scope);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'invalid') throw invalid({ options: error.body });
    throw error;
  }
  return normalised;
}

/** Options as the list's raw query (every value a list). */
export function toRawFilters(options: FilterOptions): RawFilters {
  return Object.fromEntries(Object.entries(options).map(([k, v]) => [k as FilterName, Array.isArray(v) ? v : [v]]));
}

/** Options as the list's query string: `status=m&status=i&stadsdeel=A`. */
export function optionsQuery(options: FilterOptions): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options)) for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  return params.toString();
}

const columns = ['id', 'name', 'options', 'refresh', 'show_on_overview', 'created_at'] as const;

export async function listFilters(db: Db, userId: number) {
  return db.selectFrom('stored_signal_filter').select(columns).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function getFilter(db: Db, userId: number, id: number) {
  return db.selectFrom('stored_signal_filter').select(columns).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** A staff member's saved filters have distinct names (trimmed, any case): 'Mijn filters' and the tabs tell them apart by name. */
export const FILTER_NAME_TAKEN = 'Je hebt al een filter met deze naam. Kies een andere naam.';

async function checkNameFree(db: Db, userId: number, name: string, exceptId?: number) {
  let q = db.selectFrom('stored_signal_filter').select('id').where('user_id', '=', userId).where(sql<string>`lower(trim(name))`, '=', name.trim().toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw invalid({ name: [FILTER_NAME_TAKEN] });
}

export async function createFilter(db: Db, userId: number, input: FilterInput, scope: ListOptions) {
  if (input.options === undefined) throw invalidInput('No filters specified, "options" object missing.');
  const options = await checkOptions(db, input.options, scope);
  await checkNameFree(db, userId, input.name!);
  return db
    .insertInto('stored_signal_filter')
    .values({ user_id: userId, name: input.name!, options: JSON.stringify(options), refresh: input.refresh ?? false, show_on_overview: input.show_on_overview ?? false })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function updateFilter(db: Db, userId: number, id: number, input: FilterInput, scope: ListOptions) {
  if (!(await getFilter(db, userId, id))) return undefined;
  const options = input.options === undefined ? undefined : await checkOptions(db, input.options, scope);
  if (input.name !== undefined) await checkNameFree(db, userId, input.name, id);
  if (input.name === undefined && options === undefined && input.refresh === undefined && input.show_on_overview === undefined) return getFilter(db, userId, id);
  return db
    .updateTable('stored_signal_filter')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(options !== undefined ? { options: JSON.stringify(options) } : {}),
      ...(input.refresh !== undefined ? { refresh: input.refresh } : {}),
      ...(input.show_on_overview !== undefined ? { show_on_overview: input.show_on_overview } : {}),
    })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

export async function deleteFilter(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('stored_signal_filter').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
