/**
 * Beyond Signalen: other open reports within 50 m in the same subcategory of the
 * last 30 days, so a handler sees duplicates at once and links them as children of
 * this report in one action.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { incidentPage, formatCreatedAt } from '@meldloket/engine';
import { useApi } from '../../api/index.ts';
import { incidentApi, type IncidentDetail, type IncidentListItem } from './api.ts';
import { FormErrorSummary, useSubmit } from '../../forms/index.ts';
import { useNearby } from './queries.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.nearby;

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; list: IncidentListItem[] };

export function Nearby({
  detail,
  mayLink = true,
  mayMerge = false,
  onLinked,
}: {
  detail: IncidentDetail;
  mayLink?: boolean;
  /** May merge the ticked reports into this one as duplicates (docs/duplicates.md). */
  mayMerge?: boolean;
  onLinked: (detail: IncidentDetail, message: string) => void;
}) {
  const api = useApi();
  const nearby = useNearby(detail.id);
  const state: State = nearby.isSuccess ? { kind: 'ready', list: nearby.data } : nearby.isError ? { kind: 'failed' } : { kind: 'loading' };
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const save = useSubmit();

  // a new list (read again after every change of the report): nothing is linked unless the handler ticks it
  useEffect(() => setChosen(new Set()), [nearby.data]);

  const link = () =>
    save.run(async () => {
      const ids = [...chosen];
      const calls = incidentApi(api);
      await calls.linkChildren(detail.id, ids);
      onLinked(await calls.detail(detail.id), T.linked(ids.length));
    });

  const merge = () =>
    save.run(async () => {
      const ids = [...chosen];
      const calls = incidentApi(api);
      await calls.merge(detail.id, ids);
      onLinked(await calls.detail(detail.id), INCIDENT_TEXTS.duplicates.merged(ids.length));
    });
  const mayTick = mayLink || mayMerge;

  return (
    <section aria-labelledby="incident-nearby">
      <h2 id="incident-nearby" className="utrecht-heading-2">
        {T.heading}
      </h2>
      <p className="utrecht-paragraph">{T.intro}</p>
      {state.kind === 'failed' && <p className="utrecht-paragraph ml-incident__error">{T.failed}</p>}
      {state.kind === 'ready' && state.list.length === 0 && <p className="utrecht-paragraph">{T.none}</p>}
      {state.kind === 'ready' && state.list.length > 0 && (
        <>
          <FormErrorSummary errors={save.errors} />
          <ul className="ml-incident__nearby">
            {state.list.map((item) => {
              const name = item.id_display ?? `SIG-${item.id}`;
              return (
                <li key={item.id}>
                  {mayTick && (
                    <input
                      type="checkbox"
                      id={`nearby-${item.id}`}
                      aria-label={T.select(name)}
                      checked={chosen.has(item.id)}
                      onChange={(event) =>
                        setChosen((set) => {
                          const next = new Set(set);
                          if (event.target.checked) next.add(item.id);
                          else next.delete(item.id);
                          return next;
                        })
                      }
                    />
                  )}
                  <Link className="utrecht-link" to={incidentPage(item.id)}>
                    {name}
                  </Link>
                  <span>
                    {' '}
                    {item.created_at && `· ${formatCreatedAt(item.created_at)} `}· {item.status.state_display}
                    {item.distance !== undefined && ` · ${T.distance(item.distance)}`}
                    {item.location?.address_text ? ` · ${item.location.address_text}` : ''}
                  </span>
                  {item.text && <p className="utrecht-paragraph ml-incident__nearby-text">{item.text}</p>}
                </li>
              );
            })}
          </ul>
          {mayLink && (
            <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={save.busy || chosen.size === 0} onClick={() => void link()}>
              {T.link(chosen.size)}
            </button>
          )}{' '}
          {mayMerge && (
            <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={save.busy || chosen.size === 0} onClick={() => void merge()}>
              {T.merge(chosen.size)}
            </button>
          )}
        </>
      )}
    </section>
  );
}
