/** One report for the detail page (the detail query of ./queries.ts), kept current after every change. */
import { useCallback, useEffect } from 'react';
import { ApiError } from '@meldloket/engine';
import { failureMessage } from '../../api/failure.ts';
import { onConflict, type IncidentDetail } from './api.ts';
import { useIncidentDetail, useReportChanged } from './queries.ts';

export type IncidentState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'forbidden' }
  | { kind: 'missing' }
  /** `version`: when this detail was read or saved (it changes with every new detail). */
  | { kind: 'ready'; detail: IncidentDetail; version: number };

export function useIncident(id: string) {
  const query = useIncidentDetail(id);
  const changed = useReportChanged(id);

  /** After a PATCH: the answer is the new detail (docs/reference/api.md#private), and the history changed. */
  const updated = useCallback((detail: IncidentDetail) => void changed(detail), [changed]);
  const reload = useCallback(() => void changed(), [changed]);
  // a colleague changed the report first (412): show the new values
  useEffect(() => onConflict(id, reload), [id, reload]);

  const status = query.error instanceof ApiError ? query.error.status : 0;
  const state: IncidentState = query.data
    ? { kind: 'ready', detail: query.data, version: query.dataUpdatedAt }
    : query.isPending
      ? { kind: 'loading' }
      : status === 404
        ? { kind: 'missing' }
        : status === 403
          ? { kind: 'forbidden' }
          : { kind: 'failed', message: failureMessage(query.error) };
  return { state, updated, reload };
}
