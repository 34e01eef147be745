/** 'Geschiedenis': every change of the report, newest first (contract §11 /history), fetched again after each change. */
import { forwardRef, useEffect, useState } from 'react';
import { formatCreatedAt } from '@meldloket/engine';
import { useApi } from '../../api/index.ts';
import { useNotifications } from '../../notifications/index.ts';
import { incidentApi, type HistoryEntry } from './api.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.history;

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; entries: HistoryEntry[] };

export const History = forwardRef<HTMLHeadingElement, { incidentId: number; version: number }>(function History({ incidentId, version }, ref) {
  const api = useApi();
  const { show } = useNotifications();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    incidentApi(api)
      .history(incidentId, controller.signal)
      .then(
        (entries) => setState({ kind: 'ready', entries }),
        () => {
          if (controller.signal.aborted) return;
          setState({ kind: 'failed' });
          show({ title: T.failed, variant: 'error', type: 'local' });
        },
      );
    return () => controller.abort();
  }, [api, incidentId, version, show]);

  return (
    <section aria-labelledby="incident-history" className="ml-incident__history">
      <h2 id="incident-history" ref={ref} tabIndex={-1} className="utrecht-heading-2">
        {T.heading}
      </h2>
      {state.kind === 'loading' && <p className="utrecht-paragraph">{T.loading}</p>}
      {state.kind === 'failed' && <p className="utrecht-paragraph ml-incident__error">{T.failed}</p>}
      {state.kind === 'ready' && state.entries.length === 0 && <p className="utrecht-paragraph">{T.empty}</p>}
      {state.kind === 'ready' && state.entries.length > 0 && (
        <ol className="ml-incident__history-list">
          {state.entries.map((entry) => (
            <li key={entry.identifier}>
              <p className="ml-incident__history-meta">
                <time dateTime={entry.when}>{formatCreatedAt(entry.when)}</time>
                <span>{entry.who || T.system}</span>
              </p>
              <p className="ml-incident__history-action">{entry.action}</p>
              {entry.description && <p className="ml-incident__history-description">{entry.description}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
});
