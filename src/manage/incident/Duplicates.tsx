/**
 * One problem, many reporters (docs/duplicates.md): how many people report this
 * report, the duplicates merged into it (each with undo), the report it was merged into,
 * its followers (their addresses only with the contact-details right, as the API answers),
 * and merging a duplicate into it by its number.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { incidentPage, formatCreatedAt, isEndState } from '@meldloket/engine';
import { useApi } from '../../api/index.ts';
import { incidentApi, type Followers, type IncidentDetail } from './api.ts';
import { Form, FormErrorSummary, TextField, useSubmit } from '../../forms/index.ts';
import { useFollowers } from './queries.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.duplicates;

/** 'SIG-123', 'sig 123' or '123' → 123; anything else null. */
export function reportNumber(input: string): number | null {
  const match = /^\s*(?:sig\s*-?\s*)?(\d{1,10})\s*$/i.exec(input);
  const n = match ? Number(match[1]) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null;
}

export function Duplicates({ detail, mayMerge, onChanged }: { detail: IncidentDetail; mayMerge: boolean; onChanged: (detail: IncidentDetail, message: string) => void }) {
  const api = useApi();
  const followers = useFollowers(detail.id);
  const data: Followers | 'failed' | null = followers.data ?? (followers.isError ? 'failed' : null);
  const [number, setNumber] = useState('');
  const save = useSubmit();
  const inputId = useId();

  const undo = (duplicate: number, display: string) =>
    save.run(async () => {
      const calls = incidentApi(api);
      await calls.unmerge(duplicate);
      onChanged(await calls.detail(detail.id), T.undone(display));
    });
  const merge = () =>
    save.run(async () => {
      const id = reportNumber(number);
      if (id === null) {
        save.setErrors({ duplicates: [T.numberRequired] });
        return;
      }
      const calls = incidentApi(api);
      await calls.merge(detail.id, [id]);
      setNumber('');
      onChanged(await calls.detail(detail.id), T.merged(1));
    });

  if (data === null) return null;
  const mayMergeHere = data !== 'failed' && mayMerge && !data.merged_into && !isEndState(detail.status.state);
  return (
    <section aria-labelledby="incident-duplicates">
      <h2 id="incident-duplicates" className="utrecht-heading-2">
        {T.heading}
      </h2>
      {data === 'failed' ? (
        <p className="utrecht-paragraph ml-incident__error">{T.failed}</p>
      ) : (
        <>
          <p className="utrecht-paragraph" data-testid="incident-reporters">
            {T.reporters(data.reporters)} · {T.followers(data.count)}
          </p>
          <FormErrorSummary errors={save.errors} fields={{ duplicates: { id: inputId, label: T.mergeLabel } }} />
          {data.merged_into && (
            <p className="utrecht-paragraph">
              {T.mergedInto}{' '}
              <Link className="utrecht-link" to={incidentPage(data.merged_into.id)}>
                {data.merged_into.id_display}
              </Link>
              .{' '}
              {mayMerge && (
                <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={save.busy} onClick={() => void undo(detail.id, detail.id_display ?? `SIG-${detail.id}`)}>
                  {T.undoSelf}
                </button>
              )}
            </p>
          )}
          {data.duplicates.length > 0 && (
            <>
              <h3 className="utrecht-heading-3">{T.duplicatesHeading}</h3>
              <ul className="ml-incident__nearby">
                {data.duplicates.map((d) => (
                  <li key={d.id}>
                    <Link className="utrecht-link" to={incidentPage(d.id)}>
                      {d.id_display}
                    </Link>{' '}
                    · {formatCreatedAt(d.merged_at)} · {d.merged_by}{' '}
                    {mayMerge && (
                      <button type="button" className="utrecht-button utrecht-button--subtle" disabled={save.busy} onClick={() => void undo(d.id, d.id_display)}>
                        {T.undo(d.id_display)}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          {data.results.some((f) => f.email) && (
            <>
              <h3 className="utrecht-heading-3">{T.followersHeading}</h3>
              <ul className="ml-incident__nearby">
                {data.results.map((f) => (
                  <li key={f.id}>
                    {f.email} · {T.kind[f.kind]} {f.origin.id_display}
                    {!f.verified && ` · ${T.unverified}`}
                  </li>
                ))}
              </ul>
            </>
          )}
          {mayMergeHere && (
            <Form className="ml-incident__merge" onSubmit={() => void merge()}>
              <TextField
                id={inputId}
                label={T.mergeLabel}
                hint={T.mergeHint}
                hideOptional
                value={number}
                onChange={setNumber}
                error={save.errors.duplicates?.join(' ')}
              />
              <button type="submit" className="utrecht-button utrecht-button--secondary-action" disabled={save.busy}>
                {T.merge}
              </button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}
