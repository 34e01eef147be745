/** 'Splitsen in deelmeldingen': up to 10 children, each with its own subcategory, text and location. */
import { lazy, Suspense, useId, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { useAuth } from '../../auth/index.ts';
import { PageLoading } from '../../layout/index.ts';
import { incidentApi, type IncidentDetail } from './api.ts';
import { groupByMain, subcategoryOptions } from './categories.ts';
import { CheckboxField, Form, FormButtons, FormErrorSummary, SelectField, TextField, useSubmit } from '../../forms/index.ts';
import { SubcategoryOptions } from './SubcategoryOptions.tsx';
import { MAX_CHILDREN, newPart, splitBody, splitErrors, type PartErrors, type SplitPart } from './split.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.split;
const Picker = lazy(() => import('./LocationEditor.tsx').then((m) => ({ default: m.LocationPicker })));

export function SplitForm({ detail, onDone, onCancel }: { detail: IncidentDetail; onDone: (detail: IncidentDetail, message: string) => void; onCancel: () => void }) {
  const api = useApi();
  const id = useId();
  const { staffData } = useAuth();
  const categories = staffData?.categories ?? [];
  const groups = groupByMain(subcategoryOptions(categories));
  const [parts, setParts] = useState<SplitPart[]>(() => [newPart(1)]);
  const [errors, setErrors] = useState<Record<number, PartErrors>>({});
  const save = useSubmit();
  const [lng, lat] = detail.location.geometrie.coordinates;

  const update = (key: number, change: Partial<SplitPart>) => setParts((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const submit = () => {
    const local = splitErrors(parts);
    setErrors(local);
    if (Object.keys(local).length) return;
    void save.run(async () => {
      const calls = incidentApi(api);
      await calls.split(splitBody(detail, parts));
      onDone(await calls.detail(detail.id), T.saved(parts.length));
    });
  };

  return (
    <Form className="ml-incident__form" label={T.heading} onSubmit={submit}>
      <p className="utrecht-paragraph">{T.intro}</p>
      <FormErrorSummary errors={save.errors} />
      {parts.map((part, index) => (
        <fieldset key={part.key} className="utrecht-form-fieldset ml-incident__part">
          <legend className="utrecht-form-fieldset__legend">{T.part(index + 1)}</legend>
          <SelectField
            id={`${id}-${part.key}-cat`}
            className="ml-incident__field"
            hideOptional
            label={T.category}
            error={errors[part.key]?.category}
            value={part.categoryUrl}
            onChange={(categoryUrl) => update(part.key, { categoryUrl })}
          >
            <option value="">{T.chooseCategory}</option>
            <SubcategoryOptions groups={groups} valueOf={(o) => o.url} />
          </SelectField>
          <TextField
            id={`${id}-${part.key}-text`}
            className="ml-incident__field"
            multiline
            rows={3}
            hideOptional
            label={T.text}
            error={errors[part.key]?.text}
            value={part.text}
            onChange={(text) => update(part.key, { text })}
          />
          <CheckboxField id={`${id}-${part.key}-same`} label={T.sameLocation} checked={!part.moved} onChange={(same) => update(part.key, { moved: !same })} />
          {part.moved && (
            <Suspense fallback={<PageLoading />}>
              <Picker start={{ lat, lng }} value={part.picked} onChange={(picked) => update(part.key, { picked })} label={T.part(index + 1)} />
            </Suspense>
          )}
          {parts.length > 1 && (
            <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => setParts((list) => list.filter((p) => p.key !== part.key))}>
              {T.remove(index + 1)}
            </button>
          )}
        </fieldset>
      ))}
      {parts.length < MAX_CHILDREN ? (
        <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={() => setParts((list) => [...list, newPart(Math.max(...list.map((p) => p.key)) + 1)])}>
          {T.add}
        </button>
      ) : (
        <p className="utrecht-paragraph">{T.max(MAX_CHILDREN)}</p>
      )}
      <FormButtons busy={save.busy} cancel={onCancel} cancelLabel={INCIDENT_TEXTS.edit.cancel} submit={T.submit} />
    </Form>
  );
}
