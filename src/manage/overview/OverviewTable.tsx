/**
 * The reports as a table (docs/overview.md): number, date, district, subcategory, status,
 * priority, address, assigned user and the remaining SLA days. Sortable columns
 * have a button in their header and `aria-sort` on the header cell; each number
 * links to the report's detail page. For staff who may merge, each number has a checkbox to
 * select the report ('Samenvoegen', MergeSelection.tsx).
 */
import { memo, type Ref } from 'react';
import { Link } from 'react-router';
import { incidentPage, formatCreatedAt, stadsdeelLabel, type Sla } from '@meldloket/engine';
import { backOfficeStateName } from '../../api/index.ts';
import { valueLabel } from './filters.ts';
import { remainingDays } from './sla.ts';
import { OVERVIEW_TEXTS as T } from './texts.ts';
import type { ListSignal } from './types.ts';

type Column = keyof typeof T.columns;

/** The columns in order, with the API ordering field of the sortable ones (docs/reference/api.md#private). */
export const COLUMNS: { key: Column; ordering?: string }[] = [
  { key: 'id', ordering: 'id' },
  { key: 'created_at', ordering: 'created_at' },
  { key: 'stadsdeel', ordering: 'stadsdeel' },
  { key: 'sub_category', ordering: 'sub_category' },
  { key: 'status', ordering: 'status' },
  { key: 'reporters', ordering: 'reporters' },
  { key: 'priority', ordering: 'priority' },
  { key: 'address', ordering: 'address' },
  { key: 'assigned_user_email', ordering: 'assigned_user_email' },
  { key: 'sla' },
];

/** aria-sort of a column under `ordering` ('-created_at', 'status', …). */
export function sortOf(field: string, ordering: string): 'ascending' | 'descending' | 'none' {
  if (ordering === field) return 'ascending';
  if (ordering === `-${field}`) return 'descending';
  return 'none';
}

/** The ordering after activating a column's header: ascending first, then it flips. */
export const nextOrdering = (field: string, ordering: string) => (ordering === field ? `-${field}` : field);


export interface OverviewTableProps {
  rows: ListSignal[];
  ordering: string;
  onOrder(ordering: string): void;
  slas: Map<string, Sla>;
  now: Date;
  /** A new page is on its way (the rows shown are the previous ones). */
  busy?: boolean;
  /** The selected reports (ids) and how to tick one; absent: no checkboxes. */
  selection?: { ids: ReadonlySet<number>; toggle(row: ListSignal): void };
  /** The table's scrolling region (focusable): where the focus goes after a merge. */
  ref?: Ref<HTMLDivElement>;
}

interface RowProps {
  row: ListSignal;
  slas: Map<string, Sla>;
  now: Date;
  /** Whether the row's checkbox is ticked; undefined: no checkbox. */
  selected?: boolean;
  /** Ticks or unticks the row (a state update from the previous state: an earlier one works as well). */
  onToggle?: (row: ListSignal) => void;
}

/**
 * One report's row. Memoised: while the next page is on its way (a filter was just applied) the
 * table draws the same rows again, and their dates and remaining days need not be worked out again
 * before the click's next paint. `onToggle` is left out of the comparison: it is made anew on every
 * draw of the overview, and each one does the same.
 */
const OverviewRow = memo(
  function OverviewRow({ row, slas, now, selected, onToggle }: RowProps) {
    const number = row.id_display ?? `SIG-${row.id}`;
    return (
      <tr>
        <td data-label={T.columns.id}>
          {selected !== undefined && onToggle && (
            <input
              type="checkbox"
              className="utrecht-checkbox utrecht-checkbox--html-input ml-overview__select"
              aria-label={T.select(number)}
              checked={selected}
              onChange={() => onToggle(row)}
            />
          )}
          <Link to={incidentPage(row.id)}>{number}</Link>
        </td>
        <td data-label={T.columns.created_at}>{formatCreatedAt(row.created_at)}</td>
        <td data-label={T.columns.stadsdeel}>{stadsdeelLabel(row.location.stadsdeel)}</td>
        <td data-label={T.columns.sub_category}>{row.category.sub}</td>
        <td data-label={T.columns.status}>{backOfficeStateName(row.status.state)}</td>
        <td data-label={T.columns.reporters}>{row.reporters ?? 1}</td>
        <td data-label={T.columns.priority}>{row.priority ? valueLabel('priority', row.priority.priority, {}) : ''}</td>
        <td data-label={T.columns.address}>{row.location.address_text ?? ''}</td>
        <td data-label={T.columns.assigned_user_email}>{row.assigned_user_email ?? T.notAssigned}</td>
        <td data-label={T.columns.sla}>{remainingDays(row, slas, now) ?? ''}</td>
      </tr>
    );
  },
  (before, after) => before.row === after.row && before.slas === after.slas && before.now === after.now && before.selected === after.selected && !before.onToggle === !after.onToggle,
);

export function OverviewTable({ rows, ordering, onOrder, slas, now, busy = false, selection, ref }: OverviewTableProps) {
  return (
    <div ref={ref} className="ml-overview__table-wrap" tabIndex={0} role="region" aria-label={T.tableCaption} aria-busy={busy}>
      <table className="ml-overview__table">
        <caption className="ml-visually-hidden">{T.tableCaption}</caption>
        <thead>
          <tr>
            {COLUMNS.map(({ key, ordering: field }) => {
              const label = T.columns[key];
              if (!field) {
                return (
                  <th key={key} scope="col">
                    {label}
                  </th>
                );
              }
              const sort = sortOf(field, ordering);
              return (
                <th key={key} scope="col" aria-sort={sort}>
                  <button type="button" className="ml-overview__sort" onClick={() => onOrder(nextOrdering(field, ordering))}>
                    {label}
                    <span aria-hidden="true" className="ml-overview__sort-icon">
                      {sort === 'ascending' ? '▲' : sort === 'descending' ? '▼' : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <OverviewRow key={row.id} row={row} slas={slas} now={now} selected={selection ? selection.ids.has(row.id) : undefined} onToggle={selection?.toggle} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
