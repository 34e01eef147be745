import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ClassificationServices, SubcategoryOption } from '../../context.tsx';
import { searchSubcategories } from '@meldloket/engine';
import { FieldShell } from '../../shell/index.ts';
import { TEXTS } from '../../texts.ts';

export interface SubcategoryChoiceProps extends ClassificationServices {
  id: string;
  label?: string;
  disabled?: boolean;
}

/** Options grouped by main category, in the order they first appear (the group of the best match first). */
function groupOptions(options: SubcategoryOption[]): [string, SubcategoryOption[]][] {
  const groups = new Map<string, SubcategoryOption[]>();
  for (const option of options) {
    const group = option.group ?? '';
    groups.set(group, [...(groups.get(group) ?? []), option]);
  }
  return [...groups.entries()];
}

const optionId = (listId: string, option: SubcategoryOption) => `${listId}-${option.id.replace(/[^\w-]/g, '_')}`;

/**
 * The subcategory choice of step 1: one searchable list (the ARIA combobox pattern).
 * Typing filters the subcategories by name, description, main category and keywords,
 * without regard to accents or case, best match first (`searchSubcategories`); arrow keys move through the list, Enter or a
 * click chooses, Escape closes it and puts the chosen name back. The predicted
 * suggestion is said above it.
 */
export function SubcategoryChoice({ id, label = TEXTS.subcategoryLabel, subcategories, selected, onSelect, suggestion, error, required = true, disabled }: SubcategoryChoiceProps) {
  const chosen = subcategories.find((option) => option.id === selected);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-list`;
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // Taken over from HTML rendered ahead (hydration): a search typed before the app ran is in the
  // field but not in the state; keep it as the search (the list opens where the field has focus).
  useLayoutEffect(() => {
    const element = input.current;
    if (!element || element.value === (chosen?.name ?? '')) return;
    setQuery(element.value);
    setOpen(element === document.activeElement);
    // only the first draw can find text the app did not put there
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // best match first (the engine's ranking); its main category's group comes first with it
  const shown = useMemo(() => searchSubcategories(subcategories, query ?? ''), [subcategories, query]);
  const groups = useMemo(() => groupOptions(shown), [shown]);
  const ordered = useMemo(() => groups.flatMap(([, options]) => options), [groups]);
  const activeOption = open && active >= 0 ? ordered[active] : undefined;

  useEffect(() => {
    if (!activeOption) return;
    document.getElementById(optionId(listId, activeOption))?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOption, listId]);

  const choose = (option: SubcategoryOption) => {
    onSelect(option.id);
    setQuery(null);
    setOpen(false);
    setActive(-1);
  };

  const close = () => {
    setQuery(null);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // typing while the field shows the chosen name starts a new search (also when a prediction put it there after focus)
    if (query === null && chosen && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      setQuery(event.key);
      setOpen(true);
      setActive(-1);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : ordered.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (ordered.length === 0 ? -1 : (i + step + ordered.length) % ordered.length));
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const empty = open && shown.length === 0;
  return (
    <FieldShell id={id} label={label} required={required} error={error} disabled={disabled}>
      {(control) => (
        <div className="ml-combobox">
          {/* its place is kept while empty (theme.css): it must not push down what follows */}
          <p className="ml-suggestion" role="status">
            {suggestion ? TEXTS.subcategorySuggestion(suggestion.name) : null}
          </p>
          <input
            {...control}
            ref={input}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={activeOption ? optionId(listId, activeOption) : undefined}
            autoComplete="off"
            placeholder={TEXTS.searchSubcategory}
            className="utrecht-textbox utrecht-textbox--html-input ml-textbox ml-combobox__input"
            value={query ?? chosen?.name ?? ''}
            disabled={disabled}
            onChange={(event) => {
              setQuery(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={(event) => event.currentTarget.select()}
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
            onBlur={(event) => {
              // a click on an option keeps the list until it is chosen
              if (list.current?.contains(event.relatedTarget as Node | null)) return;
              close();
            }}
          />
          <p className="ml-hint ml-status" role="status">
            {empty ? TEXTS.noOptions : open && query ? TEXTS.subcategoryCount(shown.length) : null}
          </p>
          <ul ref={list} id={listId} role="listbox" aria-label={label} className="ml-combobox__list" hidden={!open || empty}>
            {groups.map(([group, options]) => (
              <li key={group || '-'} role="presentation">
                {group && (
                  <span className="ml-combobox__group" id={`${listId}-g-${group.replace(/\W+/g, '-')}`} aria-hidden="true">
                    {group}
                  </span>
                )}
                <ul role="group" aria-label={group || undefined}>
                  {options.map((option) => {
                    const isActive = option === activeOption;
                    return (
                      <li
                        key={option.id}
                        id={optionId(listId, option)}
                        role="option"
                        aria-selected={option.id === selected}
                        tabIndex={-1}
                        className={isActive ? 'ml-combobox__option ml-combobox__option--active' : 'ml-combobox__option'}
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => choose(option)}
                      >
                        {option.name}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      )}
    </FieldShell>
  );
}
