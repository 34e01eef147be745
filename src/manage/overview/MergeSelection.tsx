/**
 * Merging duplicates from a selection in the overview (docs/duplicates.md): the ticked
 * reports of the page, 'Samenvoegen', a choice of the main report (most reporters first, then the
 * oldest), and a confirmation; the others are merged into it by the merge call the report page uses
 * (`incidentApi.merge`), all or nothing. Only for staff who may merge (`can('merge')`).
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { ApiError, statusMessage } from '@meldloket/engine';
import { useApi } from '../../api/index.ts';
import { focusLegend, Form, RadioGroup } from '../../forms/index.ts';
import { useWrite } from '../../api/write.ts';
import { incidentApi } from '../incident/api.ts';
import { incidentKeys, REPORT_LISTS } from '../incident/queries.ts';
import { OVERVIEW_TEXTS } from './texts.ts';
import type { ListSignal } from './types.ts';

const T = OVERVIEW_TEXTS.merge;
const display = (row: ListSignal) => row.id_display ?? `SIG-${row.id}`;

/** The main report a handler is offered first: the most reporters, then the oldest. */
export const likelyMain = (rows: ListSignal[]) => [...rows].sort((a, b) => (b.reporters ?? 1) - (a.reporters ?? 1) || a.id - b.id)[0];

export function MergeSelection({ selected, onMerged, onClear }: { selected: ListSignal[]; onMerged: (message: string) => void; onClear: () => void }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [main, setMain] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // a merge changes the reports it joins and every list that shows them
  const merge = useWrite({ write: ({ main, duplicates }: { main: number; duplicates: number[] }) => incidentApi(api).merge(main, duplicates), stale: () => [incidentKeys.all, ...REPORT_LISTS] });
  const busy = merge.busy;
  const openButton = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const choiceId = useId();
  const chosen = selected.find((r) => r.id === main) ?? likelyMain(selected);

  useLayoutEffect(() => {
    if (open) focusLegend(choiceId);
  }, [open]);

  const start = () => {
    if (selected.length < 2) return setError(T.tooFew);
    setError(null);
    setMain(likelyMain(selected)!.id);
    setOpen(true);
  };
  const cancel = () => {
    setOpen(false);
    setError(null);
    openButton.current?.focus();
  };
  const confirm = async () => {
    if (!chosen || busy) return;
    const duplicates = selected.filter((r) => r.id !== chosen.id).map((r) => r.id);
    setError(null);
    const outcome = await merge.run({ main: chosen.id, duplicates });
    if (!outcome) return;
    if (outcome.ok) {
      setOpen(false);
      onMerged(T.done(duplicates.length, display(chosen)));
    } else setError(refusal(outcome.error));
  };

  return (
    <section className="ml-overview__merge" aria-label={T.region}>
      <p className="ml-overview__merge-count">{T.selected(selected.length)}</p>
      {!open && (
        <div className="ml-overview__merge-actions">
          <button ref={openButton} type="button" className="utrecht-button utrecht-button--secondary-action" onClick={start} aria-describedby={error ? errorId : undefined}>
            {T.start}
          </button>
          <button type="button" className="utrecht-button utrecht-button--subtle" onClick={onClear}>
            {T.clear}
          </button>
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="ml-overview__merge-error">
          {error}
        </p>
      )}
      {open && chosen && (
        <Form className="ml-overview__merge-form" onSubmit={() => void confirm()}>
          <RadioGroup
            id={choiceId}
            label={T.legend}
            hint={T.hint}
            options={selected.map((row) => ({ value: String(row.id), label: T.option(display(row), row.category.sub, row.location.address_text ?? '', row.reporters ?? 1) }))}
            value={String(chosen.id)}
            onChange={(value) => setMain(Number(value))}
          />
          <p className="utrecht-paragraph" aria-live="polite">
            {T.summary(selected.filter((r) => r.id !== chosen.id).map(display), display(chosen))}
          </p>
          <div className="ml-overview__merge-actions">
            <button type="submit" className="utrecht-button utrecht-button--primary-action" disabled={busy}>
              {T.confirm(selected.length - 1, display(chosen))}
            </button>
            <button type="button" className="utrecht-button utrecht-button--subtle" onClick={cancel}>
              {OVERVIEW_TEXTS.cancel}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** The server's reason (400 {"duplicates": [...]}, 403 …) in Dutch. */
function refusal(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 400 && failure.body && typeof failure.body === 'object') {
    const messages = Object.values(failure.body as Record<string, unknown>).flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === 'string');
    if (messages.length) return messages.join(' ');
  }
  return failure instanceof ApiError ? statusMessage(failure) : T.failed;
}
