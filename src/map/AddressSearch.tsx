/**
 * 'Zoek op adres of postcode': a combobox with a list of address suggestions.
 * From 3 characters, 350 ms after the last keystroke; arrow keys move through
 * the list, Enter picks, Escape and leaving the field close it; the clear button
 * empties the field and clears the location search.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { MAP_TEXTS } from './texts.ts';
import { MIN_QUERY_LENGTH, SUGGEST_DEBOUNCE_MS, isAbort, type AddressSuggestion } from './services/index.ts';

export interface AddressSearchProps {
  /** Looks up suggestions (the PDOK service, or a stub in tests). */
  search: (text: string, signal: AbortSignal) => Promise<AddressSuggestion[]>;
  onSelect: (suggestion: AddressSuggestion) => void;
  onClear?: () => void;
  /** Text to start with (the current address). */
  initialValue?: string;
  /**
   * The address of a location chosen elsewhere (a click on the map, an object): the
   * field shows it whenever it changes, so it never keeps an old address.
   */
  value?: string;
  /** The field has the focus when it appears (the map dialog opens with it). */
  autoFocus?: boolean;
}

type Status = { kind: 'idle' } | { kind: 'results'; items: AddressSuggestion[] } | { kind: 'none' } | { kind: 'error' };

export function AddressSearch({ search, onSelect, onClear, initialValue = '', value, autoFocus }: AddressSearchProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [text, setText] = useState(initialValue);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const shown = useRef(value);
  useEffect(() => {
    if (value === undefined || value === shown.current) return;
    shown.current = value;
    setText(value);
    setQuery(null);
    setOpen(false);
    setActive(-1);
  }, [value]);

  useEffect(() => {
    if (query === null) return;
    if (query.trim().length < MIN_QUERY_LENGTH) {
      setStatus({ kind: 'idle' });
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(query.trim(), controller.signal).then(
        (items) => {
          setStatus(items.length ? { kind: 'results', items } : { kind: 'none' });
          setActive(-1);
          setOpen(items.length > 0);
        },
        (error: unknown) => {
          if (isAbort(error)) return;
          setStatus({ kind: 'error' });
          setOpen(false);
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, search]);

  const items = status.kind === 'results' ? status.items : [];
  const expanded = open && items.length > 0;

  const choose = (item: AddressSuggestion) => {
    setText(item.label);
    setQuery(null);
    setOpen(false);
    setActive(-1);
    onSelect(item);
  };

  const clear = () => {
    setText('');
    setQuery(null);
    setStatus({ kind: 'idle' });
    setOpen(false);
    setActive(-1);
    onClear?.();
    input.current?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      choose(items[active >= 0 ? active : 0]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="ml-address-search">
      <label htmlFor={inputId} className="ml-label">
        {MAP_TEXTS.searchLabel}
      </label>
      <div className="ml-address-search__box">
        <input
          ref={input}
          id={inputId}
          type="text"
          role="combobox"
          className="ml-textbox"
          autoComplete="off"
          // React focuses it as it appears (before the paint), not only when a page loads
          autoFocus={autoFocus}
          placeholder={MAP_TEXTS.searchPlaceholder}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={status.kind === 'none' || status.kind === 'error' ? `${id}-message` : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setQuery(event.target.value);
            if (event.target.value === '') onClear?.();
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => items.length && setOpen(true)}
        />
        {text !== '' && (
          <button type="button" className="ml-address-search__clear" aria-label={MAP_TEXTS.clearSearch} onClick={clear}>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      <ul id={listId} role="listbox" aria-label={MAP_TEXTS.searchLabel} className="ml-address-search__list" hidden={!expanded}>
        {items.map((item, index) => (
          <li
            key={item.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'ml-address-search__option ml-address-search__option--active' : 'ml-address-search__option'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
          >
            {item.label}
          </li>
        ))}
      </ul>
      <p className="ml-visually-hidden" role="status">
        {expanded ? MAP_TEXTS.suggestionsCount(items.length) : ''}
      </p>
      {status.kind === 'none' && (
        <p id={`${id}-message`} className="ml-address-search__message" role="status">
          {MAP_TEXTS.unknownAddress}
        </p>
      )}
      {status.kind === 'error' && (
        <p id={`${id}-message`} className="ml-error-message" role="alert">
          {MAP_TEXTS.addressFailure}
        </p>
      )}
    </div>
  );
}
