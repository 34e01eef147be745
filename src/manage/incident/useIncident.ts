/** Loads one report for the detail page and keeps it current after every change. */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@meldloket/engine';
import { useApi } from '../../api/index.ts';
import { incidentApi, onConflict, type IncidentDetail } from './api.ts';

export type IncidentState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'forbidden' }
  | { kind: 'missing' }
  | { kind: 'ready'; detail: IncidentDetail; version: number };

export function useIncident(id: string) {
  const api = useApi();
  const [state, setState] = useState<IncidentState>({ kind: 'loading' });
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    incidentApi(api)
      .detail(id, controller.signal)
      .then(
        (detail) => setState((previous) => ({ kind: 'ready', detail, version: previous.kind === 'ready' ? previous.version + 1 : 0 })),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const status = error instanceof ApiError ? error.status : 0;
          if (status === 404) setState({ kind: 'missing' });
          else if (status === 403) setState({ kind: 'forbidden' });
          else setState({ kind: 'failed', message: error instanceof ApiError ? error.userMessage : String(error) });
        },
      );
    return () => controller.abort();
  }, [api, id, reloads]);

  /** After a PATCH: the answer is the new detail (docs/reference/api.md#private), and the history changed. */
  const updated = useCallback((detail: IncidentDetail) => {
    setState((previous) => ({ kind: 'ready', detail, version: previous.kind === 'ready' ? previous.version + 1 : 0 }));
  }, []);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  // a colleague changed the report first (412): show the new values
  useEffect(() => onConflict(id, reload), [id, reload]);

  return { state, updated, reload };
}
