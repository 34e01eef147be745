/**
 * /manage/incidents (docs/overview.md): the reports the handler may see, as a sortable,
 * paged table or on a map, narrowed by the filter panel, the saved filters (those
 * with `show_on_overview` as tabs) or the header's free-text search. The URL holds
 * filter, search, page, order and view (filters.ts), so every view can be bookmarked.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, statusMessage } from '@meldloket/engine';
import { useAuth } from '../../auth/index.ts';
import { useConfig } from '../../config/index.ts';
import { PageLoading, usePageTitle } from '../../layout/index.ts';
import { NotificationBanner, useNotifications } from '../../notifications/index.ts';
import { PageHeading } from '../../static/Heading.tsx';
import { slaBySlug } from './categories.ts';
import { ExportButton } from './ExportButton.tsx';
import { FilterPanel, type SaveRequest } from './FilterPanel.tsx';
import {
  effectiveOrdering,
  filterTags,
  fromOptions,
  isEmptyFilter,
  overviewParams,
  parseOverviewParams,
  sameFilter,
  withoutValue,
  type FilterContext,
  type FilterValues,
  type OverviewState,
} from './filters.ts';
import { MergeSelection } from './MergeSelection.tsx';
import { OverviewTable } from './OverviewTable.tsx';
import { Pagination } from './Pagination.tsx';
import { SavedFilterList } from './SavedFilterList.tsx';
import { OVERVIEW_TEXTS as T } from './texts.ts';
import { PAGE_SIZE, type ListSignal } from './types.ts';
import { useNewReports, useSavedFilters, useSignalPage } from './queries.ts';
import './overview.css';

const OverviewMap = lazy(() => import('./OverviewMap.tsx'));

export function Overview() {
  usePageTitle(T.title);
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseOverviewParams(params), [params]);
  const auth = useAuth();
  // saving, updating and deleting a filter are writes: not offered to a read-only user
  const mayWriteFilters = auth.can ? auth.can('saveFilter') : true;
  // merging a selection of the page into one main report (docs/duplicates.md)
  const mayMerge = auth.can?.('merge') ?? false;
  const [selected, setSelected] = useState<Map<number, ListSignal>>(() => new Map());
  const tableRef = useRef<HTMLDivElement>(null);
  const config = useConfig();
  const { show } = useNotifications();
  const saved = useSavedFilters();
  const [panelOpen, setPanelOpen] = useState(false);
  const [savedOpen, setSavedOpen] = useState(false);
  const filterButton = useRef<HTMLButtonElement>(null);

  const context: FilterContext = useMemo(
    () => ({ staffData: auth.staffData, userEmail: auth.user?.email ?? auth.user?.username, maiAsProjects: config.features.showMaintenanceAsProjects }),
    [auth.staffData, auth.user, config.features.showMaintenanceAsProjects],
  );
  const slas = useMemo(() => slaBySlug(auth.staffData?.categories ?? []), [auth.staffData]);
  const applied = state.filterId ? saved.filters.find((f) => f.id === state.filterId) : undefined;

  const go = (next: Partial<OverviewState>, replace = false) => setParams(overviewParams({ ...state, ...next }), { replace });
  /** A new filter starts at page 1 and leaves the saved filter and the search. */
  const applyFilter = (filter: FilterValues, filterId?: number) => go({ filter, filterId, page: 1, search: '' });

  const { load, reload } = useSignalPage(state);
  const [loadedAt, setLoadedAt] = useState(0);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (load.status === 'ready') {
      setSelected(new Map());
      setLoadedAt((n) => n + 1);
      setNow(new Date());
    }
  }, [load]);
  // New reports: only on the unsearched list; a saved filter with `refresh` shows them at once.
  const newCount = useNewReports(state.filter, !state.search && loadedAt > 0, loadedAt);
  const autoRefresh = !!applied?.refresh;
  useEffect(() => {
    if (autoRefresh && newCount > 0) reload();
  }, [autoRefresh, newCount, reload]);

  const tags = filterTags(state.filter, context);
  const tabs = saved.filters.filter((f) => f.show_on_overview);
  const page = load.status === 'error' ? undefined : load.page;
  const pages = page ? Math.max(1, Math.ceil(page.count / PAGE_SIZE)) : 1;

  const save = async (request: SaveRequest, update: boolean) => {
    const outcome = update && applied ? await saved.update({ id: applied.id, input: request }) : await saved.create(request);
    if (!outcome) return false;
    if (!outcome.ok) {
      show({ title: T.saveFailed, message: saveError(outcome.error), variant: 'error', type: 'local' });
      return false;
    }
    const result = outcome.data;
    show({ title: update ? T.updated(result.name) : T.saved(result.name), variant: 'success', type: 'local' });
    setPanelOpen(false);
    applyFilter(fromOptions(result.options), result.id);
    filterButton.current?.focus();
    return true;
  };

  return (
    <article className="ml-overview">
      <PageHeading>{T.title}</PageHeading>
      {/* saved, updated or removed filters, and their failures */}
      <NotificationBanner type="local" />

      {/* the saved filters' tabs go above the toolbar: the rest is drawn once they are known, so
          nothing jumps down when they arrive */}
      {!saved.loaded ? (
        <PageLoading />
      ) : (
        <>
          {tabs.length > 0 && (
            <nav aria-label={T.tabs} className="ml-overview__tabs">
              <ul>
                <li>
                  <Link to="?" aria-current={!state.filterId && isEmptyFilter(state.filter) && !state.search ? 'page' : undefined} className="ml-overview__tab">
                    {T.allReports}
                  </Link>
                </li>
                {tabs.map((f) => (
                  <li key={f.id}>
                    <Link
                      to={`?${overviewParams({ filter: fromOptions(f.options), filterId: f.id, view: state.view }).toString()}`}
                      aria-current={state.filterId === f.id ? 'page' : undefined}
                      className="ml-overview__tab"
                    >
                      {f.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}

          <div className="ml-overview__toolbar">
            <button
              ref={filterButton}
              type="button"
              className="utrecht-button utrecht-button--primary-action"
              aria-expanded={panelOpen}
              aria-controls="ml-overview-filter"
              onClick={() => setPanelOpen((o) => !o)}
            >
              {T.filterButton}
            </button>
            <button
              type="button"
              className="utrecht-button utrecht-button--secondary-action"
              aria-expanded={savedOpen}
              aria-controls="ml-overview-saved"
              onClick={() => setSavedOpen((o) => !o)}
            >
              {T.savedFilters}
            </button>
            <div className="ml-overview__views" role="group" aria-label={T.views}>
              <Link to={`?${overviewParams({ ...state, view: 'list' }).toString()}`} aria-current={state.view === 'list' ? 'true' : undefined} className="ml-overview__view">
                {T.list}
              </Link>
              <Link to={`?${overviewParams({ ...state, view: 'map', page: 1 }).toString()}`} aria-current={state.view === 'map' ? 'true' : undefined} className="ml-overview__view">
                {T.map}
              </Link>
            </div>
            {auth.can?.('csvExport') && <ExportButton state={state} />}
          </div>

          {panelOpen && (
            <div id="ml-overview-filter">
              <FilterPanel
                maySave={mayWriteFilters}
                busy={saved.saving}
                key={`${state.filterId ?? ''}${JSON.stringify(state.filter)}`}
                filter={state.filter}
                context={context}
                saved={applied}
                onApply={(filter) => {
                  setPanelOpen(false);
                  applyFilter(filter, applied && sameFilter(fromOptions(applied.options), filter) ? applied.id : undefined);
                  filterButton.current?.focus();
                }}
                onSave={(request) => save(request, false)}
                onUpdate={(request) => save(request, true)}
                onCancel={() => {
                  setPanelOpen(false);
                  filterButton.current?.focus();
                }}
              />
            </div>
          )}

          {savedOpen && (
            <div id="ml-overview-saved">
              <SavedFilterList
                mayRemove={mayWriteFilters}
                filters={saved.filters}
                failed={saved.failed}
                hrefOf={(f) => `?${overviewParams({ filter: fromOptions(f.options), filterId: f.id }).toString()}`}
                onRemove={async (f) => {
                  const outcome = await saved.remove(f.id);
                  if (!outcome) return;
                  if (outcome.ok) {
                    show({ title: T.removed(f.name), variant: 'success', type: 'local' });
                    if (state.filterId === f.id) go({ filterId: undefined });
                  } else show({ title: T.removeFailed, message: statusMessage(outcome.error as ApiError), variant: 'error', type: 'local' });
                }}
              />
            </div>
          )}

          {state.search && (
            <div className="ml-overview__search">
              <h2 className="utrecht-heading-2">{T.searchResult(state.search)}</h2>
              <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => go({ search: '', page: 1 })}>
                {T.clearSearch}
              </button>
            </div>
          )}

          {tags.length > 0 && (
            <section className="ml-overview__tags" aria-label={T.activeFilter}>
              {applied && <p className="ml-overview__applied">{applied.name}</p>}
              <ul>
                {tags.map((tag) => (
                  <li key={`${tag.name}=${tag.value}`} className="ml-overview__tag">
                    <span>{tag.label}</span>
                    <button
                      type="button"
                      className="ml-overview__tag-remove"
                      aria-label={T.removeTag(tag.label)}
                      onClick={() => applyFilter(withoutValue(state.filter, tag.name, tag.value))}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </li>
                ))}
              </ul>
              <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => applyFilter({})}>
                {T.clearFilter}
              </button>
            </section>
          )}

          <div className="ml-overview__status">
            <p role="status" className="ml-overview__count">
              {load.status === 'loading' ? T.loading : page ? (page.count_capped ? T.countMore(page.count - 1) : T.count(page.count)) : ''}
            </p>
            {newCount > 0 && !autoRefresh && (
              <button type="button" className="ml-overview__new" onClick={reload} title={T.newReportsHint}>
                {T.newReports(newCount)}
              </button>
            )}
          </div>

          {load.status === 'error' ? (
            <p role="alert" className="ml-overview__error">
              {statusMessage(load.error as ApiError)}
            </p>
          ) : state.view === 'map' ? (
            <Suspense fallback={<p role="status">{T.mapLoading}</p>}>
              <OverviewMap filter={state.filter} search={state.search} />
            </Suspense>
          ) : page && page.results.length === 0 ? (
            <p className="ml-overview__empty">{state.search ? T.emptySearch(state.search) : isEmptyFilter(state.filter) ? T.emptyNone : T.empty}</p>
          ) : page ? (
            <>
              {mayMerge && selected.size > 0 && (
                <MergeSelection
                  selected={[...selected.values()]}
                  onClear={() => setSelected(new Map())}
                  onMerged={(message) => {
                    show({ title: message, variant: 'success', type: 'local' });
                    setSelected(new Map());
                    tableRef.current?.focus();
                  }}
                />
              )}
              <OverviewTable
                ref={tableRef}
                selection={mayMerge ? { ids: new Set(selected.keys()), toggle: (row) => setSelected((s) => toggled(s, row)) } : undefined}
                rows={page.results} ordering={effectiveOrdering(state)} onOrder={(ordering) => go({ ordering, page: 1 })} slas={slas} now={now} busy={load.status === 'loading'} />
              <Pagination page={state.page} pages={pages} hrefOf={(n) => `?${overviewParams({ ...state, page: n }).toString()}`} />
            </>
          ) : null}
        </>
      )}
    </article>
  );
}

/** The selection with `row` ticked or unticked. */
function toggled(selection: Map<number, ListSignal>, row: ListSignal): Map<number, ListSignal> {
  const next = new Map(selection);
  if (next.has(row.id)) next.delete(row.id);
  else next.set(row.id, row);
  return next;
}

/** The server's first validation message of a refused saved filter, else the status text (docs/reference/texts.md#errors). */
function saveError(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && error.body && typeof error.body === 'object') {
    for (const value of Object.values(error.body as Record<string, unknown>)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') return first;
    }
  }
  return statusMessage(error as ApiError);
}

export default Overview;
