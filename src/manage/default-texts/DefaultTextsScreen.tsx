/**
 * /manage/v1/standaardteksten and /manage/v2/standaardteksten: per subcategory and
 * status an ordered list of default texts (title and text) to add, edit, reorder
 * and remove; saved at once for the chosen status.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../auth/index.ts';
import { usePageTitle } from '../../layout/index.ts';
import { NotificationBanner, useNotifications } from '../../notifications/index.ts';
import { PageHeading } from '../../static/Heading.tsx';
import { groupByMain, subcategoryOptions } from '../incident/categories.ts';
import { Form, FormErrorSummary, SelectField, SubmitButton, TextField, useSubmit } from '../../forms/index.ts';
import { SubcategoryOptions } from '../incident/SubcategoryOptions.tsx';
import '../incident/incident.css';
import { itemErrors, move, newKey, TEXT_STATES, type TextItem, type Version } from './store.ts';
import { useDefaultTexts, useDefaultTextsSaved, useTextsStore } from './queries.ts';
import { DEFAULT_TEXTS as T } from './texts.ts';

type Loaded = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; before: TextItem[] };

export default function DefaultTextsScreen() {
  const version: Version = useLocation().pathname.includes('/v2/') ? 'v2' : 'v1';
  usePageTitle(T.title(version));
  const { staffData } = useAuth();
  const { show, closeLocal } = useNotifications();
  const id = useId();
  const groups = useMemo(() => groupByMain(subcategoryOptions(staffData?.categories ?? [])), [staffData]);
  const all = groups.flatMap(([, options]) => options);
  // the first subcategory until one is chosen (also when the lists arrive after the screen is drawn)
  const [chosenSubId, setSubId] = useState<number | null>(null);
  const subId = chosenSubId ?? all[0]?.id ?? null;
  const [state, setState] = useState<string>(TEXT_STATES[0]!.code);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [items, setItems] = useState<TextItem[]>([]);
  const [errors, setErrors] = useState<ReturnType<typeof itemErrors>>({});
  // the save: busy, and the API's refusal per field
  const submit = useSubmit();
  const { errors: formErrors, setErrors: setFormErrors, busy } = submit;
  const store = useTextsStore(version);
  const saved = useDefaultTextsSaved(version);
  const sub = all.find((o) => o.id === subId) ?? null;

  const read = useDefaultTexts(version, sub, state);
  // the texts read become the form's, anew for each subcategory and status (and after a save)
  useEffect(() => {
    if (read.isError) setLoaded({ kind: 'failed' });
    else if (!read.data) setLoaded({ kind: 'loading' });
    else {
      setLoaded({ kind: 'ready', before: read.data });
      setItems(read.data);
      setErrors({});
      setFormErrors({});
    }
  }, [read.data, read.isError]);

  const update = (key: string, change: Partial<TextItem>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  async function save() {
    if (!sub || loaded.kind !== 'ready') return;
    const local = itemErrors(items);
    setErrors(local);
    if (Object.keys(local).length) return;
    // a success of an earlier save never stands beside this save's failure
    closeLocal();
    await submit.run(async () => {
      const list = await store.save(sub, state, items, loaded.before);
      // the form takes the answer through the read (the effect above)
      saved(sub, state, list);
      show({ title: T.saved, variant: 'success', type: 'local' });
    });
  }

  const stateName = TEXT_STATES.find((s) => s.code === state)?.name ?? state;

  return (
    <article className="ml-incident ml-default-texts">
      <PageHeading>{T.title(version)}</PageHeading>
      <NotificationBanner type="local" />
      <p className="utrecht-paragraph">{T.intro}</p>
      <div className="ml-incident__buttons ml-default-texts__choose">
        <SelectField id={`${id}-sub`} className="ml-incident__field" hideOptional label={T.subcategory} value={String(subId ?? '')} onChange={(value) => setSubId(Number(value))}>
          <SubcategoryOptions groups={groups} valueOf={(o) => o.id} />
        </SelectField>
        <SelectField id={`${id}-state`} className="ml-incident__field" hideOptional label={T.status} value={state} onChange={setState}>
          {TEXT_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </SelectField>
      </div>

      {sub && (
        <Form className="ml-incident__form" label={T.list(stateName, sub.name)} onSubmit={() => void save()}>
          <h2 className="utrecht-heading-2">{T.list(stateName, sub.name)}</h2>
          {loaded.kind === 'loading' && <p className="utrecht-paragraph">{T.loading}</p>}
          {loaded.kind === 'failed' && <p className="utrecht-paragraph ml-incident__error">{T.loadFailed}</p>}
          {loaded.kind === 'ready' && (
            <>
              <FormErrorSummary errors={formErrors} />
              {items.length === 0 && <p className="utrecht-paragraph">{T.none}</p>}
              {items.map((item, index) => {
                const n = index + 1;
                const e = errors[item.key] ?? {};
                return (
                  <fieldset key={item.key} className="utrecht-form-fieldset ml-incident__part">
                    <legend className="utrecht-form-fieldset__legend">{T.item(n)}</legend>
                    <TextField
                      id={`${id}-${item.key}-title`}
                      className="ml-incident__field"
                      hideOptional
                      label={T.itemTitle}
                      error={e.title}
                      value={item.title}
                      onChange={(title) => update(item.key, { title })}
                    />
                    <TextField
                      id={`${id}-${item.key}-text`}
                      className="ml-incident__field"
                      multiline
                      hideOptional
                      label={T.itemText}
                      error={e.text}
                      value={item.text}
                      onChange={(text) => update(item.key, { text })}
                    />
                    <div className="ml-incident__buttons">
                      <button type="button" className="utrecht-button utrecht-button--subtle" disabled={index === 0} onClick={() => setItems((l) => move(l, index, -1))}>
                        {T.up(n)}
                      </button>
                      <button type="button" className="utrecht-button utrecht-button--subtle" disabled={index === items.length - 1} onClick={() => setItems((l) => move(l, index, 1))}>
                        {T.down(n)}
                      </button>
                      <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => setItems((l) => l.filter((i) => i.key !== item.key))}>
                        {T.remove(n)}
                      </button>
                    </div>
                  </fieldset>
                );
              })}
              <div className="ml-incident__buttons">
                <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={() => setItems((l) => [...l, { key: newKey(), title: '', text: '' }])}>
                  {T.add}
                </button>
                <SubmitButton busy={busy}>{T.save}</SubmitButton>
              </div>
            </>
          )}
        </Form>
      )}
    </article>
  );
}
