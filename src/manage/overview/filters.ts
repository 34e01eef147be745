/**
 * The overview's filter (docs/reference/screens.md#entities 'Filter', docs/reference/api.md#private list filters):
 * which filters the panel offers with their Dutch labels and option lists, and
 * how a filter, the free-text search, the page and the order live in the URL.
 *
 * The URL uses the API's own parameter names and values (`?status=m&status=i&stadsdeel=A`),
 * so a bookmarked or shared view, a saved filter's `options` and the list call all
 * say the same thing; `search`, `page`, `ordering`, `filter_id` and `view` come on top
 * (docs/overview.md).
 */
import { FEEDBACK_LABELS, PRIORITY_OPTIONS, PUNCTUALITY_LABELS, STADSDEEL_LABELS, typeOptions, APP_PATHS } from '@meldloket/engine';
import { STATES } from '../../api/index.ts';
import type { StaffData } from '../../auth/index.ts';

export interface Option {
  value: string;
  label: string;
}

/** Everything an option list may depend on. */
export interface FilterContext {
  staffData?: StaffData | null;
  /** The signed-in user's e-mail ('Aan mij toegewezen'). */
  userEmail?: string;
  /** MAI reads 'Projecten' under the flag showMaintenanceAsProjects. */
  maiAsProjects?: boolean;
}

export type FilterKind = 'choice' | 'radio' | 'text' | 'date-from' | 'date-to' | 'category' | 'category-id';

export interface FilterDef {
  /** The API parameter (docs/reference/api.md#private). */
  name: string;
  label: string;
  kind: FilterKind;
  /** Options for 'choice' (checkboxes, several values) and 'radio' (one value). */
  options?(context: FilterContext): Option[];
}

/** Option list from a value → label table. */
const optionsOf = (labels: Readonly<Record<string, string>>): Option[] => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The districts of docs/reference/screens.md#entities, with null 'Niet bepaald' (labels shared with the CSV export). */
export const STADSDELEN: Option[] = optionsOf(STADSDEEL_LABELS);

/** Punctuality (docs/reference/screens.md#entities), counted from the SLA of the report's category. */
export const PUNCTUALITY: Option[] = optionsOf(PUNCTUALITY_LABELS);

export const FEEDBACK: Option[] = optionsOf(FEEDBACK_LABELS);

export const CONTACT_DETAILS: Option[] = [
  { value: 'email', label: 'E-mailadres' },
  { value: 'phone', label: 'Telefoonnummer' },
  { value: 'none', label: 'Geen contactgegevens' },
];

/** The incident types of docs/reference/screens.md#entities. */
export const KINDS: Option[] = [
  { value: 'signal', label: 'Standaardmelding' },
  { value: 'parent_signal', label: 'Hoofdmelding' },
  { value: 'child_signal', label: 'Deelmelding' },
];

export const HAS_CHANGED_CHILDREN: Option[] = [
  { value: 'true', label: 'Ja' },
  { value: 'false', label: 'Nee' },
];

/** 'Meest gemeld' (docs/duplicates.md): at least this many reporters and followers, the overview's column 'Melders'. */
export const REPORTERS_MIN: Option[] = [2, 5, 10].map((n) => ({ value: String(n), label: `${n} of meer melders` }));

/** 'Niet toegewezen' is the `null` value of assigned_user_email (docs/reference/screens.md#entities). */
export const NOT_ASSIGNED: Option = { value: 'null', label: 'Niet toegewezen' };

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'nl', { sensitivity: 'base' });

/** The departments by name, each by its code: the choices of both 'Afdeling' (routing) and 'Regie' (directing). */
const departmentOptions = (c: FilterContext): Option[] => [...(c.staffData?.departments ?? [])].sort(byName).map((d) => ({ value: d.code, label: `${d.name} (${d.code})` }));

/** The panel's filters, in order. */
export const FILTERS: FilterDef[] = [
  { name: 'status', label: 'Status', kind: 'choice', options: () => STATES.map((s) => ({ value: s.code, label: s.name })) },
  { name: 'stadsdeel', label: 'Stadsdeel', kind: 'choice', options: () => STADSDELEN },
  { name: 'priority', label: 'Urgentie', kind: 'choice', options: () => PRIORITY_OPTIONS.map((o) => ({ value: o.id, label: o.label })) },
  { name: 'type', label: 'Type', kind: 'choice', options: (c) => typeOptions(c.maiAsProjects).map((o) => ({ value: o.id, label: o.label })) },
  { name: 'punctuality', label: 'Doorlooptijd', kind: 'radio', options: () => PUNCTUALITY },
  { name: 'feedback', label: 'Feedback', kind: 'radio', options: () => FEEDBACK },
  {
    name: 'assigned_user_email',
    label: 'Toegewezen aan',
    kind: 'radio',
    options: (c) => [NOT_ASSIGNED, ...(c.userEmail ? [{ value: c.userEmail, label: 'Aan mij' }] : [])],
  },
  { name: 'contact_details', label: 'Contactgegevens', kind: 'choice', options: () => CONTACT_DETAILS },
  { name: 'kind', label: 'Soort melding', kind: 'choice', options: () => KINDS },
  { name: 'reporters_min', label: 'Meest gemeld', kind: 'radio', options: () => REPORTERS_MIN },
  { name: 'has_changed_children', label: 'Wijziging in deelmelding', kind: 'choice', options: () => HAS_CHANGED_CHILDREN },
  {
    name: 'source',
    label: 'Bron',
    kind: 'choice',
    options: (c) => [...(c.staffData?.sources ?? [])].sort(byName).map((s) => ({ value: s.name, label: s.name })),
  },
  {
    name: 'routing_department_code',
    label: 'Afdeling',
    kind: 'choice',
    options: departmentOptions,
  },
  {
    name: 'directing_department',
    label: 'Regie',
    kind: 'choice',
    options: departmentOptions,
  },
  {
    // the areas the report lies in (docs/routing.md): each area by name, with its type
    name: 'area_code',
    label: 'Gebied',
    kind: 'choice',
    options: (c) =>
      [...(c.staffData?.areas ?? [])]
        .sort((a, b) => a.type.name.localeCompare(b.type.name, 'nl') || byName(a, b))
        .map((a) => ({ value: a.code, label: `${a.name} (${a.type.name.toLowerCase()})` })),
  },
  { name: 'maincategory_slug', label: 'Hoofdcategorie', kind: 'category' },
  { name: 'category_slug', label: 'Subcategorie', kind: 'category' },
  /** By id (links from the signalering page); not in the panel, shown and removable as a tag. */
  { name: 'category_id', label: 'Categorie', kind: 'category-id' },
  { name: 'created_after', label: 'Gemeld vanaf', kind: 'date-from' },
  { name: 'created_before', label: 'Gemeld tot en met', kind: 'date-to' },
  { name: 'address_text', label: 'Adres', kind: 'text' },
  { name: 'note_keyword', label: 'Notitie', kind: 'text' },
];

const DEFS = new Map(FILTERS.map((f) => [f.name, f]));
/** Filters with several values (repeated in the URL and the call). */
const MULTI = new Set(FILTERS.filter((f) => f.kind === 'choice' || f.kind === 'category' || f.kind === 'category-id').map((f) => f.name));

export const isMulti = (name: string) => MULTI.has(name);

/** A filter: API parameter → its values (one for a single-valued filter). Empty filters are left out. */
export type FilterValues = Record<string, string[]>;

export const DEFAULT_ORDERING = '-created_at';

export type OverviewView = 'list' | 'map';

/** The order the list is in: the chosen one, else newest first, or for a search the server's best match (''). */
export const effectiveOrdering = (state: Pick<OverviewState, 'ordering' | 'search'>) => state.ordering || (state.search ? '' : DEFAULT_ORDERING);

/** Everything the overview's URL holds. */
export interface OverviewState {
  filter: FilterValues;
  /** Free text from the header's 'Zoek op meldingsinformatie'. */
  search: string;
  /** 1-based. */
  page: number;
  /** The API's `ordering`; '' for the default: newest first (`-created_at`), or best match for a search. */
  ordering: string;
  /** The applied saved filter, if any. */
  filterId?: number;
  view: OverviewView;
}

/** Reads the overview's state from its query string; unknown parameters are ignored. */
export function parseOverviewParams(params: URLSearchParams): OverviewState {
  const filter: FilterValues = {};
  for (const def of FILTERS) {
    const values = params.getAll(def.name).filter((v) => v !== '');
    if (values.length === 0) continue;
    filter[def.name] = MULTI.has(def.name) ? [...new Set(values)] : [values[values.length - 1]];
  }
  const page = Number(params.get('page'));
  const filterId = Number(params.get('filter_id'));
  return {
    filter,
    search: params.get('search')?.trim() ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    ordering: params.get('ordering') ?? '',
    filterId: Number.isInteger(filterId) && filterId > 0 ? filterId : undefined,
    view: params.get('view') === 'map' ? 'map' : 'list',
  };
}

/** The query string of a state; defaults (page 1, `-created_at`, the list) are left out. */
export function overviewParams(state: Partial<OverviewState>): URLSearchParams {
  const params = new URLSearchParams();
  for (const def of FILTERS) for (const value of state.filter?.[def.name] ?? []) if (value !== '') params.append(def.name, value);
  if (state.search) params.set('search', state.search);
  if (state.filterId) params.set('filter_id', String(state.filterId));
  if (state.ordering && (state.search || state.ordering !== DEFAULT_ORDERING)) params.set('ordering', state.ordering);
  if (state.page && state.page > 1) params.set('page', String(state.page));
  if (state.view === 'map') params.set('view', 'map');
  return params;
}

/** A link to the overview showing `filter` (for the signalering page and the detail). */
export function overviewHref(filter: FilterValues, extra: Partial<OverviewState> = {}): string {
  const qs = overviewParams({ ...extra, filter }).toString();
  return `${APP_PATHS.incidents}${qs ? `?${qs}` : ''}`;
}

/** The filter as a saved filter's `options` (docs/reference/api.md#private): lists for multi-valued filters, a string otherwise. */
export function toOptions(filter: FilterValues): Record<string, string | string[]> {
  const options: Record<string, string | string[]> = {};
  for (const def of FILTERS) {
    const values = filter[def.name];
    if (!values?.length) continue;
    options[def.name] = MULTI.has(def.name) ? [...values] : values[0];
  }
  return options;
}

/** A saved filter's `options` as a filter; keys the panel does not know are kept (they still filter). */
export function fromOptions(options: Record<string, unknown> | null | undefined): FilterValues {
  const filter: FilterValues = {};
  for (const [name, raw] of Object.entries(options ?? {})) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => v !== null && v !== undefined && v !== '').map(String);
    if (values.length) filter[name] = values;
  }
  return filter;
}

export const isEmptyFilter = (filter: FilterValues) => Object.values(filter).every((v) => v.length === 0);

/** Two filters select the same reports (order of values aside). */
export function sameFilter(a: FilterValues, b: FilterValues): boolean {
  const norm = (f: FilterValues) =>
    JSON.stringify(
      Object.keys(f)
        .filter((k) => f[k].length)
        .sort()
        .map((k) => [k, [...f[k]].sort()]),
    );
  return norm(a) === norm(b);
}

/** One active value, shown as a removable tag. */
export interface FilterTag {
  name: string;
  value: string;
  /** What the tag reads, e.g. 'Status: Gemeld'. */
  label: string;
}

const dateLabel = (value: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : value;
};

/** The Dutch label of one value of a filter. */
export function valueLabel(name: string, value: string, context: FilterContext): string {
  const def = DEFS.get(name);
  if (!def) return value;
  if (def.kind === 'date-from' || def.kind === 'date-to') return dateLabel(value);
  if (def.kind === 'category') return context.staffData?.categories.find((c) => c.slug === value)?.name ?? value;
  if (def.kind === 'category-id') return context.staffData?.categories.find((c) => String(c.id) === value)?.name ?? value;
  return def.options?.(context).find((o) => o.value === value)?.label ?? value;
}

/** The active filter as tags, in the panel's order (unknown keys last). */
export function filterTags(filter: FilterValues, context: FilterContext): FilterTag[] {
  const names = [...FILTERS.map((f) => f.name), ...Object.keys(filter).filter((k) => !DEFS.has(k))];
  const tags: FilterTag[] = [];
  for (const name of names) {
    for (const value of filter[name] ?? []) {
      const label = DEFS.get(name)?.label ?? name;
      tags.push({ name, value, label: `${label}: ${valueLabel(name, value, context)}` });
    }
  }
  return tags;
}

/** The filter without one value. */
export function withoutValue(filter: FilterValues, name: string, value: string): FilterValues {
  const next: FilterValues = {};
  for (const [key, values] of Object.entries(filter)) {
    const kept = key === name ? values.filter((v) => v !== value) : values;
    if (kept.length) next[key] = kept;
  }
  return next;
}

/** The query of the list call (and geography, CSV): the filter, plus page and order when given. */
export function listQuery(state: Pick<OverviewState, 'filter'> & Partial<Pick<OverviewState, 'page' | 'ordering'>>): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(state.filter)) if (values.length) query[name] = MULTI.has(name) || values.length > 1 ? values : values[0];
  if (state.ordering) query.ordering = state.ordering;
  if (state.page && state.page > 1) query.page = String(state.page);
  return query;
}
