/** The building blocks the settings screens share: page frame, the history list, lists, the save (reads: ./queries.ts; the form parts: src/forms). */
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import type { Area } from '../auth/areas.ts';
import { useAuth } from '../auth/index.ts';
import { NotFoundPage } from '../static/NotFoundPage.tsx';
import { QueryState } from '../api/QueryState.tsx';
import { usePageTitle } from '../layout/index.ts';
import { NotificationBanner, useNotifications } from '../notifications/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { fieldMessages } from '../forms/index.ts';
import { failureMessage } from './api.ts';
import { useHistory, useSettingsChanged } from './queries.ts';
import { useAction } from '../api/write.ts';
import { SETTINGS_TEXTS as T } from './texts.ts';
import '@utrecht/button-link-css/dist/index.css';
import './settings.css';

export function SettingsPage({ title, back, actions, children }: { title: string; back?: string; actions?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <article className="ml-settings">
      {back && (
        <p className="utrecht-paragraph ml-settings__back">
          <Link className="utrecht-link" to={back}>
            {T.back}
          </Link>
        </p>
      )}
      <div className="ml-settings__head">
        <PageHeading>{title}</PageHeading>
        {actions}
      </div>
      <NotificationBanner type="local" />
      {children}
    </article>
  );
}

/** 'd-M-yyyy HH:mm' of an ISO time, in Dutch. */
const when = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });

/** The change history of a setting (newest first). */
export function HistoryList({ path }: { path: string }) {
  const load = useHistory(path);
  return (
    <section className="ml-settings__history" aria-labelledby="ml-settings-history">
      <h2 id="ml-settings-history" className="utrecht-heading-2">
        {T.history}
      </h2>
      <QueryState query={load} failed={T.historyFetchFailed} />
      {load.isSuccess &&
        (load.data.length === 0 ? (
          <p className="utrecht-paragraph">{T.noHistory}</p>
        ) : (
          <ol className="ml-settings__history-list">
            {load.data.map((entry) => (
              <li key={entry.identifier}>
                <p className="utrecht-paragraph ml-settings__history-when">
                  {when.format(new Date(entry.when))} · {entry.who}
                </p>
                <p className="utrecht-paragraph ml-settings__history-action">{entry.action}</p>
                {entry.description && <p className="utrecht-paragraph ml-settings__history-note">Notitie: {entry.description}</p>}
              </li>
            ))}
          </ol>
        ))}
    </section>
  );
}

/** 'Vorige pagina', 'Pagina n van m', 'Volgende pagina' under a paged list (nothing for one page). */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="ml-settings__pager" aria-label="Paginering">
      {page > 1 && (
        <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={() => onPage(page - 1)}>
          {T.previousPage}
        </button>
      )}
      <span>{T.page(page, pages)}</span>
      {page < pages && (
        <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={() => onPage(page + 1)}>
          {T.nextPage}
        </button>
      )}
    </nav>
  );
}

/** A link that looks like a button (to a form). */
export function ButtonLink({ to, children, secondary }: { to: string; children: ReactNode; secondary?: boolean }) {
  return (
    <Link className={`utrecht-button-link utrecht-button-link--html-a utrecht-button-link--${secondary ? 'secondary' : 'primary'}-action`} to={to}>
      {children}
    </Link>
  );
}

/**
 * A section's routes: the list, `nieuw` and `{id}`. Only with the form's area (docs/reference/permissions.md#roles)
 * is there a 'nieuw' form and may `{id}` be changed; others get the record read-only.
 */
export function SectionRoutes({ formArea, list: List, form: Form }: { formArea: Area; list: ComponentType<{ editable: boolean }>; form: ComponentType<{ readOnly?: boolean }> }) {
  const { can } = useAuth();
  const editable = can?.(formArea) ?? false;
  return (
    <Routes>
      <Route index element={<List editable={editable} />} />
      <Route path="nieuw" element={editable ? <Form /> : <NotFoundPage />} />
      <Route path=":id" element={<Form readOnly={!editable} />} />
    </Routes>
  );
}

/**
 * A table that may be wider than a phone: it scrolls sideways, and the scrolling area
 * takes keyboard focus (with a name) so it can be scrolled without a mouse.
 */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ml-settings__scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A column of a settings list: its heading, what a row shows, and where a row's cell links to (the row's form). */
export interface ListColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
  to?: (row: R) => string;
}

/**
 * The list of a settings section: a table with a heading per column, one row per item,
 * the linked cell opening the item. In a scroll area named `scrollLabel` when given.
 */
export function SettingsTable<R extends { id: number | string }>({ columns, rows, scrollLabel }: { columns: ListColumn<R>[]; rows: readonly R[]; scrollLabel?: string }) {
  const table = (
    <table className="ml-settings__table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th scope="col" key={c.header}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((c) => (
              <td key={c.header}>
                {c.to ? (
                  <Link className="utrecht-link" to={c.to(row)}>
                    {c.cell(row)}
                  </Link>
                ) : (
                  c.cell(row)
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return scrollLabel ? <ScrollArea label={scrollLabel}>{table}</ScrollArea> : table;
}

/**
 * The save of a settings form: the form's own checks first (`local`, one message per
 * field), then the call; success shows 'Gegevens opgeslagen' and goes to the address the
 * call returns (every settings read is then stale: useSettingsChanged), a failure keeps the form with the server's field errors and a local
 * notification titled `failedTitle` (docs/reference/texts.md#errors).
 */
export function useSave() {
  const navigate = useNavigate();
  const changed = useSettingsChanged();
  const { show } = useNotifications();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { run, busy } = useAction<string>();
  async function save(local: Record<string, string>, failedTitle: string, call: () => Promise<string>) {
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setErrors({});
    const started = Date.now();
    const outcome = await run(async () => {
      const next = await call();
      await changed(started);
      return next;
    });
    if (!outcome) return;
    if (outcome.ok) {
      show({ title: T.saved, variant: 'success', type: 'global' });
      navigate(outcome.data);
    } else {
      setErrors(fieldMessages(outcome.error));
      show({ title: failedTitle, message: failureMessage(outcome.error), variant: 'error', type: 'local' });
    }
  }
  return { errors, busy, save };
}
