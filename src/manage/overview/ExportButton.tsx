/**
 * 'Exporteren (CSV)' (area csvExport, docs/reference/permissions.md#roles): downloads the reports the current
 * filter or search shows, every page, in the shown order. The file is fetched with
 * the bearer token (a plain link cannot send it) and saved from memory.
 */
import { useState } from 'react';
import { formatCreatedAt, statusMessage, type ApiError } from '@meldloket/engine';
import { useApi } from '../../api/index.ts';
import { effectiveOrdering, listQuery, type OverviewState } from './filters.ts';
import { OVERVIEW_TEXTS as T } from './texts.ts';
import { EXPORT_PATH } from './types.ts';

/** The export call's query: the filter, the search as `q`, the order; never a page. */
export function exportQuery(state: Pick<OverviewState, 'filter' | 'search' | 'ordering'>): Record<string, string | string[]> {
  const query = listQuery({ filter: state.filter, ordering: effectiveOrdering(state) });
  if (state.search) query.q = state.search;
  return query;
}

export function ExportButton({ state }: { state: Pick<OverviewState, 'filter' | 'search' | 'ordering'> }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const blob = await api.get<Blob>(EXPORT_PATH, { query: exportQuery(state), responseType: 'blob', headers: { Accept: 'text/csv' } });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `meldingen-${formatCreatedAt(new Date()).replace(/[ :]/g, '-')}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(`${T.exportFailed}: ${statusMessage(e as ApiError)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ml-overview__export">
      <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={busy} onClick={() => void download()}>
        {busy ? T.exporting : T.exportCsv}
      </button>
      {error && (
        <p role="alert" className="ml-overview__error">
          {error}
        </p>
      )}
    </div>
  );
}
