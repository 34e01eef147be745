/**
 * The filter panel (docs/reference/screens.md#entities 'Filter'): a form with every filter of the overview
 * and its option list, and the saved-filter fields (name, refresh, show on the
 * overview). 'Filteren' applies it; with a name it can be saved as a new filter,
 * or the applied saved filter updated.
 */
import { useId, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { CancelButton } from '../../layout/CancelButton.tsx';
import { CheckboxField, CheckboxGroup, Form, RadioGroup, TextField } from '../../forms/index.ts';
import { FILTERS, type FilterContext, type FilterDef, type FilterValues } from './filters.ts';
import { categoryTree } from './categories.ts';
import { OVERVIEW_TEXTS as T } from './texts.ts';
import type { SavedFilter } from './types.ts';

export interface SaveRequest {
  name: string;
  refresh: boolean;
  show_on_overview: boolean;
  filter: FilterValues;
}

export interface FilterPanelProps {
  filter: FilterValues;
  context: FilterContext;
  /** The applied saved filter: its name and flags fill the form, and it can be updated. */
  saved?: SavedFilter;
  onApply(filter: FilterValues): void;
  onSave(request: SaveRequest): Promise<boolean>;
  /** Whether the user may save filters (a write); without it the name, the flags and the save buttons are not offered. */
  maySave?: boolean;
  onUpdate(request: SaveRequest): Promise<boolean>;
  onCancel(): void;
  /** A save of the filter is under way (the saved filters' write). */
  busy?: boolean;
}

const toggle = (values: string[] | undefined, value: string, on: boolean) => {
  const rest = (values ?? []).filter((v) => v !== value);
  return on ? [...rest, value] : rest;
};

/** '2026-11-24T00:00:00' → '2026-11-24' for a date input. */
const datePart = (value: string | undefined) => /^\d{4}-\d{2}-\d{2}/.exec(value ?? '')?.[0] ?? '';

function Choices({ id, def, draft, context, set }: { id: string; def: FilterDef; draft: FilterValues; context: FilterContext; set(name: string, values: string[]): void }) {
  const options = def.options?.(context) ?? [];
  if (options.length === 0) return null;
  const values = draft[def.name] ?? [];
  return def.kind === 'radio' ? (
    <RadioGroup id={id} label={def.label} className="ml-filter__group" options={[{ value: '', label: 'Alle' }, ...options]} value={values[0] ?? ''} onChange={(value) => set(def.name, value ? [value] : [])} />
  ) : (
    <CheckboxGroup id={id} label={def.label} className="ml-filter__group" options={options} values={values} onChange={(next) => set(def.name, next)} />
  );
}

function Categories({ id, draft, context, set }: { id: string; draft: FilterValues; context: FilterContext; set(name: string, values: string[]): void }) {
  const tree = useMemo(() => categoryTree(context.staffData?.categories ?? []), [context.staffData]);
  if (tree.length === 0) return null;
  const mains = draft.maincategory_slug ?? [];
  const subs = draft.category_slug ?? [];
  return (
    <fieldset className="ml-filter__group ml-filter__group--wide">
      <legend className="ml-filter__legend">Categorie</legend>
      {tree.map((main) => {
        const chosen = main.subs.filter((s) => subs.includes(s.slug)).length;
        return (
          <details key={main.slug} className="ml-filter__category" open={mains.includes(main.slug) || chosen > 0 ? true : undefined}>
            <summary>
              {main.name}
              {chosen > 0 && <span className="ml-filter__chosen"> ({chosen} gekozen)</span>}
            </summary>
            <CheckboxField id={`${id}-${main.slug}`} label={`Alle subcategorieën van ${main.name}`} checked={mains.includes(main.slug)} onChange={(on) => set('maincategory_slug', toggle(mains, main.slug, on))} />
            <ul className="ml-filter__options">
              {main.subs.map((sub) => (
                <li key={sub.slug}>
                  <CheckboxField id={`${id}-${main.slug}-${sub.slug}`} label={sub.name} checked={subs.includes(sub.slug)} onChange={(on) => set('category_slug', toggle(subs, sub.slug, on))} />
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </fieldset>
  );
}

export function FilterPanel({ filter, context, saved, onApply, onSave, onUpdate, onCancel, maySave = true, busy = false }: FilterPanelProps) {
  const id = useId();
  const [draft, setDraft] = useState<FilterValues>(filter);
  const [name, setName] = useState(saved?.name ?? '');
  const [refresh, setRefresh] = useState(saved?.refresh ?? false);
  const [showOnOverview, setShowOnOverview] = useState(saved?.show_on_overview ?? false);
  const [nameError, setNameError] = useState(false);
  const set = (key: string, values: string[]) =>
    setDraft((d) => {
      const next = { ...d };
      if (values.length) next[key] = values;
      else delete next[key];
      return next;
    });

  const submit = () => onApply(draft);
  const save = async (update: boolean) => {
    if (!name.trim()) {
      // drawn before the focus moves, so the field is read with its error
      flushSync(() => setNameError(true));
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setNameError(false);
    const request = { name: name.trim(), refresh, show_on_overview: showOnOverview, filter: draft };
    await (update ? onUpdate(request) : onSave(request));
  };

  const field = (def: FilterDef) => {
    switch (def.kind) {
      case 'choice':
      case 'radio':
        return <Choices key={def.name} id={`${id}-${def.name}`} def={def} draft={draft} context={context} set={set} />;
      case 'category':
        return def.name === 'maincategory_slug' ? <Categories key="category" id={`${id}-category`} draft={draft} context={context} set={set} /> : null;
      case 'date-from':
      case 'date-to': {
        const time = def.kind === 'date-from' ? '00:00:00' : '23:59:59';
        return <TextField key={def.name} id={`${id}-${def.name}`} className="ml-filter__field" hideOptional label={def.label} type="date" value={datePart(draft[def.name]?.[0])} onChange={(v) => set(def.name, v ? [`${v}T${time}`] : [])} />;
      }
      case 'text':
        return <TextField key={def.name} id={`${id}-${def.name}`} className="ml-filter__field" hideOptional label={def.label} value={draft[def.name]?.[0] ?? ''} onChange={(v) => set(def.name, v ? [v] : [])} />;
    }
  };

  return (
    <Form
      className="ml-filter"
      label={T.filterPanel}
      onSubmit={submit}
      onKeyDown={(event) => {
        // Escape closes the panel without applying it, as 'Annuleren' does
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      {maySave && (
        <div className="ml-filter__saved">
          <TextField id={`${id}-name`} className="ml-filter__field" hideOptional label={T.filterName} value={name} maxLength={255} error={nameError ? T.filterNameRequired : undefined} onChange={setName} />
          <CheckboxField id={`${id}-refresh`} label={T.refresh} checked={refresh} onChange={setRefresh} />
          <CheckboxField id={`${id}-show`} label={T.showOnOverview} checked={showOnOverview} onChange={setShowOnOverview} />
        </div>
      )}
      <div className="ml-filter__groups">{FILTERS.map(field)}</div>
      <div className="ml-filter__actions">
        <button type="submit" className="utrecht-button utrecht-button--primary-action">
          {T.apply}
        </button>
        {maySave && (
          <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={busy} onClick={() => void save(false)}>
            {T.saveNew}
          </button>
        )}
        {saved && maySave && (
          <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={busy} onClick={() => void save(true)}>
            {T.update}
          </button>
        )}
        <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => setDraft({})}>
          {T.resetForm}
        </button>
        <CancelButton onClick={onCancel}>{T.cancel}</CancelButton>
      </div>
    </Form>
  );
}
