import { useMemo, useState } from 'react';
import type { ClassificationServices, SubcategoryOption } from '../../context.tsx';
import { FieldShell } from '../../shell/index.ts';
import { TEXTS } from '../../texts.ts';

export interface SubcategoryChoiceProps extends ClassificationServices {
  id: string;
  label?: string;
  disabled?: boolean;
}

function matches(option: SubcategoryOption, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('nl');
  if (needle === '') return true;
  return option.name.toLocaleLowerCase('nl').includes(needle) || (option.group ?? '').toLocaleLowerCase('nl').includes(needle);
}

/** Options grouped by main category, in the order they first appear. */
function groupOptions(options: SubcategoryOption[]): [string, SubcategoryOption[]][] {
  const groups = new Map<string, SubcategoryOption[]>();
  for (const option of options) {
    const group = option.group ?? '';
    groups.set(group, [...(groups.get(group) ?? []), option]);
  }
  return [...groups.entries()];
}

/** The subcategory choice of step 1: a search box filtering a select, and the predicted suggestion. */
export function SubcategoryChoice({ id, label = TEXTS.subcategoryLabel, subcategories, selected, onSelect, suggestion, error, required = true, disabled }: SubcategoryChoiceProps) {
  const [query, setQuery] = useState('');
  const shown = useMemo(
    () => subcategories.filter((option) => option.id === selected || matches(option, query)),
    [subcategories, selected, query],
  );
  const empty = shown.length === 0;
  const searchId = `${id}-search`;
  return (
    <FieldShell id={id} label={label} required={required} error={error} disabled={disabled}>
      {(control) => (
        <>
          <p className="ml-suggestion ml-status" role="status">
            {suggestion ? TEXTS.subcategorySuggestion(suggestion.name) : null}
          </p>
          <input
            id={searchId}
            type="search"
            aria-label={TEXTS.subcategorySearchLabel}
            aria-controls={id}
            placeholder={TEXTS.searchSubcategory}
            className="utrecht-textbox utrecht-textbox--html-input ml-textbox"
            value={query}
            disabled={disabled}
            onChange={(event) => setQuery(event.target.value)}
          />
          <p className="ml-hint ml-status" role="status">
            {empty ? TEXTS.noOptions : null}
          </p>
          <select
            {...control}
            className="utrecht-select utrecht-select--html-select ml-select"
            value={selected ?? ''}
            disabled={disabled}
            onChange={(event) => onSelect(event.target.value === '' ? null : event.target.value)}
          >
            <option value="">{TEXTS.chooseOption}</option>
            {groupOptions(shown).map(([group, options]) =>
              group === '' ? (
                options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))
              ) : (
                <optgroup key={group} label={group}>
                  {options.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name}
                    </option>
                  ))}
                </optgroup>
              ),
            )}
          </select>
        </>
      )}
    </FieldShell>
  );
}
