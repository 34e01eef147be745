/** 'Geschiedenis': every change of the report, newest first (docs/reference/api.md#private /history), fetched again after each change. */
import { SelectField } from '../../forms/index.ts';
import { forwardRef, useEffect, useId, useState } from 'react';
import { API_SYSTEM_WHO, formatCreatedAt } from '@meldloket/engine';
import { useNotifications } from '../../notifications/index.ts';
import type { HistoryEntry } from '../../api/index.ts';
import { useIncidentHistory } from './queries.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.history;

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; entries: HistoryEntry[] };

export const History = forwardRef<HTMLHeadingElement, { incidentId: number }>(function History({ incidentId }, ref) {
  const id = useId();
  const { show } = useNotifications();
  /** The kind of change shown ('' = every kind): the API's `what` filter. */
  const [kind, setKind] = useState('');
  const history = useIncidentHistory(incidentId, T.kinds.find((k) => k.key === kind)?.what);
  const state: State = history.isSuccess ? { kind: 'ready', entries: history.data } : history.isError ? { kind: 'failed' } : { kind: 'loading' };

  useEffect(() => {
    if (history.error) show({ title: T.failed, variant: 'error', type: 'local' });
  }, [history.error, show]);

  return (
    <section aria-labelledby="incident-history" className="ml-incident__history">
      <h2 id="incident-history" ref={ref} tabIndex={-1} className="utrecht-heading-2">
        {T.heading}
      </h2>
      <SelectField id={`${id}-kind`} className="ml-incident__field" hideOptional label={T.kind} value={kind} onChange={setKind}>
        <option value="">{T.allKinds}</option>
        {T.kinds.map((k) => (
          <option key={k.key} value={k.key}>
            {k.label}
          </option>
        ))}
      </SelectField>
      {state.kind === 'loading' && <p className="utrecht-paragraph">{T.loading}</p>}
      {state.kind === 'failed' && <p className="utrecht-paragraph ml-incident__error">{T.failed}</p>}
      {state.kind === 'ready' && state.entries.length === 0 && <p className="utrecht-paragraph">{kind ? T.emptyKind : T.empty}</p>}
      {state.kind === 'ready' && state.entries.length > 0 && (
        <ol className="ml-incident__history-list">
          {state.entries.map((entry) => (
            <li key={entry.identifier}>
              <p className="ml-incident__history-meta">
                <time dateTime={entry.when}>{formatCreatedAt(entry.when)}</time>
                <span>{entry.who && entry.who !== API_SYSTEM_WHO ? entry.who : T.system}</span>
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
