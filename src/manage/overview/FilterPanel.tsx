/**
 * The filter panel (docs/reference/screens.md#entities 'Filter'): a form with every filter of the overview
 * and its option list, and the saved-filter fields (name, refresh, show on the
 * overview). 'Filteren' applies it; with a name it can be saved as a new filter,
 * or the applied saved filter updated.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { CancelButton } from '../../layout/CancelButton.tsx';
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
}

const toggle = (values: string[] | undefined, value: string, on: boolean) => {
  const rest = (values ?? []).filter((v) => v !== value);
  return on ? [...rest, value] : rest;
};

/** '2026-11-24T00:00:00' → '2026-11-24' for a date input. */
const datePart = (value: string | undefined) => /^\d{4}-\d{2}-\d{2}/.exec(value ?? '')?.[0] ?? '';

function Choices({ def, draft, context, set }: { def: FilterDef; draft: FilterValues; context: FilterContext; set(name: string, values: string[]): void }) {
  const options = def.options?.(context) ?? [];
  if (options.length === 0) return null;
  const radio = def.kind === 'radio';
  const values = draft[def.name] ?? [];
  return (
    <fieldset className="ml-filter__group">
      <legend className="ml-filter__legend">{def.label}</legend>
      <ul className="ml-filter__options">
        {radio && (
          <li>
            <label className="ml-filter__option">
              <input type="radio" name={def.name} value="" checked={values.length === 0} onChange={() => set(def.name, [])} /> Alle
            </label>
          </li>
        )}
        {options.map((o) => (
          <li key={o.value}>
            <label className="ml-filter__option">
              <input
                type={radio ? 'radio' : 'checkbox'}
                name={def.name}
                value={o.value}
                checked={values.includes(o.value)}
                onChange={(event) => set(def.name, radio ? [o.value] : toggle(values, o.value, event.target.checked))}
              />{' '}
              {o.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function Categories({ draft, context, set }: { draft: FilterValues; context: FilterContext; set(name: string, values: string[]): void }) {
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
            <label className="ml-filter__option">
              <input
                type="checkbox"
                name="maincategory_slug"
                value={main.slug}
                checked={mains.includes(main.slug)}
                onChange={(event) => set('maincategory_slug', toggle(mains, main.slug, event.target.checked))}
              />{' '}
              Alle subcategorieën van {main.name}
            </label>
            <ul className="ml-filter__options">
              {main.subs.map((sub) => (
                <li key={sub.slug}>
                  <label className="ml-filter__option">
                    <input
                      type="checkbox"
                      name="category_slug"
                      value={sub.slug}
                      checked={subs.includes(sub.slug)}
                      onChange={(event) => set('category_slug', toggle(subs, sub.slug, event.target.checked))}
                    />{' '}
                    {sub.name}
                  </label>
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </fieldset>
  );
}

/** A labelled text or date input of the panel. */
function Field({ id, label, type, value, onChange }: { id: string; label: string; type: 'text' | 'date'; value: string; onChange(value: string): void }) {
  return (
    <div className="ml-filter__field">
      <label htmlFor={id} className="ml-filter__legend">
        {label}
      </label>
      <input id={id} type={type} className="utrecht-textbox" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export function FilterPanel({ filter, context, saved, onApply, onSave, onUpdate, onCancel, maySave = true }: FilterPanelProps) {
  const id = useId();
  const [draft, setDraft] = useState<FilterValues>(filter);
  const [name, setName] = useState(saved?.name ?? '');
  const [refresh, setRefresh] = useState(saved?.refresh ?? false);
  const [showOnOverview, setShowOnOverview] = useState(saved?.show_on_overview ?? false);
  const [nameError, setNameError] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (key: string, values: string[]) =>
    setDraft((d) => {
      const next = { ...d };
      if (values.length) next[key] = values;
      else delete next[key];
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const save = async (update: boolean) => {
    if (!name.trim()) {
      setNameError(true);
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setNameError(false);
    setBusy(true);
    const request = { name: name.trim(), refresh, show_on_overview: showOnOverview, filter: draft };
    await (update ? onUpdate(request) : onSave(request));
    setBusy(false);
  };

  const field = (def: FilterDef) => {
    switch (def.kind) {
      case 'choice':
      case 'radio':
        return <Choices key={def.name} def={def} draft={draft} context={context} set={set} />;
      case 'category':
        return def.name === 'maincategory_slug' ? <Categories key="category" draft={draft} context={context} set={set} /> : null;
      case 'date-from':
      case 'date-to': {
        const time = def.kind === 'date-from' ? '00:00:00' : '23:59:59';
        return <Field key={def.name} id={`${id}-${def.name}`} label={def.label} type="date" value={datePart(draft[def.name]?.[0])} onChange={(v) => set(def.name, v ? [`${v}T${time}`] : [])} />;
      }
      case 'text':
        return <Field key={def.name} id={`${id}-${def.name}`} label={def.label} type="text" value={draft[def.name]?.[0] ?? ''} onChange={(v) => set(def.name, v ? [v] : [])} />;
    }
  };

  return (
    <form
      className="ml-filter"
      aria-label={T.filterPanel}
      onSubmit={submit}
      noValidate
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
          <div className="ml-filter__field">
            <label htmlFor={`${id}-name`} className="ml-filter__legend">
              {T.filterName}
            </label>
            <input
              id={`${id}-name`}
              type="text"
              className="utrecht-textbox"
              value={name}
              maxLength={255}
              aria-invalid={nameError || undefined}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            {nameError && (
              <p id={`${id}-name-error`} className="ml-filter__error">
                {T.filterNameRequired}
              </p>
            )}
          </div>
          <label className="ml-filter__option">
            <input type="checkbox" checked={refresh} onChange={(event) => setRefresh(event.target.checked)} /> {T.refresh}
          </label>
          <label className="ml-filter__option">
            <input type="checkbox" checked={showOnOverview} onChange={(event) => setShowOnOverview(event.target.checked)} /> {T.showOnOverview}
          </label>
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
    </form>
  );
}
