/**
 * The staff menu in the short header (docs/reference/screens.md#routes): a row of items from 1320 px on,
 * a 'Menu' toggle below. A lazy chunk: only signed-in staff load it.
 */
import { APP_PATHS } from '@meldloket/engine';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import clsx from 'clsx';
import { useConfig } from '../config/index.ts';
import { displayName, useAuth } from '../auth/index.ts';
import { COLLAPSED_MENU_QUERY } from './constants.ts';
import { ACCOUNT_LABEL, staffMenuItems, type StaffMenuItem } from './staffMenu.ts';
import { useMediaQuery } from './useMediaQuery.ts';

/** The overview's `search` parameter (docs/overview.md) while the overview is open, else ''. */
function currentSearch(pathname: string, search: string): string {
  return pathname === APP_PATHS.incidents ? (new URLSearchParams(search).get('search') ?? '') : '';
}

function SearchBar({ label }: { label: string }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const shown = currentSearch(pathname, search);
  const [query, setQuery] = useState(shown);
  // the bar shows the overview's search, also after 'Zoekopdracht wissen' or going back
  useEffect(() => setQuery(shown), [shown]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    // a search starts on its first page in the list, without a saved filter's tab
    navigate(q ? `${APP_PATHS.incidents}?search=${encodeURIComponent(q)}` : APP_PATHS.incidents);
  };
  return (
    <form role="search" className="ml-staff-menu__search" onSubmit={submit}>
      <input
        type="search"
        className="ml-staff-menu__search-input"
        aria-label={label}
        placeholder={label}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <button type="submit" className="ml-staff-menu__search-button" aria-label="Zoeken">
        <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
          <circle cx="10" cy="10" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M15 15l6 6" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}

function Item({ item, onLogout }: { item: StaffMenuItem; onLogout(): void }) {
  switch (item.kind) {
    case 'link':
      return (
        <NavLink to={item.to} className={({ isActive }) => clsx('ml-staff-menu__link', isActive && 'is-active')}>
          {item.label}
        </NavLink>
      );
    case 'external':
      return (
        <a href={item.href} className="ml-staff-menu__link" target="_blank" rel="noreferrer">
          {item.label}
          <span className="ml-visually-hidden"> (opent in een nieuw venster)</span>
        </a>
      );
    case 'search':
      return <SearchBar label={item.label} />;
    case 'logout':
      return (
        <button type="button" className="ml-staff-menu__link ml-staff-menu__logout" onClick={onLogout}>
          {item.label}
        </button>
      );
  }
}

/**
 * The staff member's own items (Mijn mail, Uitloggen) under their name in the wide menu: a
 * disclosure button (Enter/Space open it, Escape and a click or focus outside close it, Escape
 * returns the focus to the button), so the whole menu keeps to one line at 1320 px.
 */
function AccountMenu({ items, name, onLogout }: { items: StaffMenuItem[]; name: string; onLogout(): void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (box.current && event.target instanceof Node && !box.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };
  return (
    <div ref={box} className="ml-staff-menu__account" onKeyDown={onKeyDown}>
      <button ref={button} type="button" className="ml-staff-menu__link ml-staff-menu__account-button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
        <span className="ml-visually-hidden">{`${ACCOUNT_LABEL}:`}</span>{' '}
        <span className="ml-staff-menu__account-name">{name}</span>
        <svg aria-hidden="true" focusable="false" width="12" height="12" viewBox="0 0 24 24">
          <path d={open ? 'M5 15l7-7 7 7' : 'M5 9l7 7 7-7'} fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <ul id={listId} className="ml-staff-menu__account-list">
          {items.map((item) => (
            <li key={item.key} className="ml-staff-menu__account-item">
              <Item item={item} onLogout={onLogout} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function StaffMenu() {
  const config = useConfig();
  const auth = useAuth();
  const collapsed = useMediaQuery(COLLAPSED_MENU_QUERY);
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();
  useEffect(() => setOpen(false), [pathname, search, collapsed]);

  // the items depend on what the user may do: drawn once that is known, all at once, so none
  // slides aside when the others arrive
  if (auth.status === 'loading') return null;
  const items = staffMenuItems(config, auth.can ?? (() => false));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && collapsed && open) {
      setOpen(false);
      toggle.current?.focus();
    }
  };
  const showList = !collapsed || open;
  const onLogout = () => void auth.logout?.();
  // wide: the staff member's own items go under their name; collapsed: in the list with the rest
  const shown = collapsed ? items : items.filter((item) => !item.account);
  const account = collapsed ? [] : items.filter((item) => item.account);
  const user = auth.user;
  const name = user ? (user.first_name?.trim() || displayName(user)) : ACCOUNT_LABEL;
  return (
    <nav className={clsx('ml-staff-menu', collapsed && 'ml-staff-menu--collapsed')} aria-label="Menu" onKeyDown={onKeyDown}>
      {collapsed && (
        <button
          ref={toggle}
          type="button"
          className="ml-staff-menu__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
            {open ? (
              <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            ) : (
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            )}
          </svg>
          Menu
        </button>
      )}
      {showList && (
        <ul id={listId} className="ml-staff-menu__list">
          {shown.map((item) => (
            <li key={item.key} className={clsx('ml-staff-menu__item', `ml-staff-menu__item--${item.kind}`)}>
              <Item item={item} onLogout={onLogout} />
            </li>
          ))}
          {account.length > 0 && (
            <li className="ml-staff-menu__item ml-staff-menu__item--account">
              <AccountMenu items={account} name={name} onLogout={onLogout} />
            </li>
          )}
        </ul>
      )}
    </nav>
  );
}

export default StaffMenu;
