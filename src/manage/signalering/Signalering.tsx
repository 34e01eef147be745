/**
 * /manage/signalering (docs/overview.md): what a team lead steers on. Open reports past
 * their SLA and past three times it, in total, per category and per department,
 * every count a link to the overview with that filter; and the reports coming in
 * and closed per week, as a chart with the same figures as a table.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { statusMessage, type ApiError } from '@meldloket/engine';
import { usePageTitle } from '../../layout/index.ts';
import { PageHeading } from '../../static/Heading.tsx';
import { overviewHref, type FilterValues } from '../overview/filters.ts';
import { useSignalering } from './queries.ts';
import { WeekChart } from './WeekChart.tsx';
import { SIGNALERING_TEXTS as T } from './texts.ts';
import type { Counts, SignaleringData } from './types.ts';
import './signalering.css';

/** How many weeks the chart shows. */
export const WEEKS = 12;


type Measure = 'open' | 'late' | 'late_factor_3';
const MEASURES: Measure[] = ['open', 'late', 'late_factor_3'];

/**
 * The overview link of one count: open states, the punctuality (none for 'open') and the row's
 * own filter (a category's `category_id`, a department's `routing_department_code`).
 */
export function countHref(openStates: readonly string[], measure: Measure, filter: FilterValues = {}): string {
  return overviewHref({ status: [...openStates], ...(measure === 'open' ? {} : { punctuality: [measure] }), ...filter });
}

function CountCell({ n, href, label }: { n: number; href: string; label: string }) {
  if (n === 0) return <td className="ml-signalering__count">0</td>;
  return (
    <td className="ml-signalering__count">
      <Link to={href} aria-label={label}>
        {n.toLocaleString('nl-NL')}
      </Link>
    </td>
  );
}

/**
 * A column header that may break inside its long compound on a phone ('afhandel-termijn'), so the
 * table fits 390 px without scrolling sideways: a soft hyphen, shown only where the line breaks.
 */
const breakable = (label: string) => label.replace(/afhandeltermijn/g, 'afhandel\u00ADtermijn');

function CountsTable({ caption, nameHeader, none, rows, openStates }: { caption: string; nameHeader: string; none: string; rows: CountsRow[]; openStates: readonly string[] }) {
  if (rows.length === 0) return <p>{none}</p>;
  return (
    <div className="ml-signalering__table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="ml-signalering__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameHeader}</th>
            {MEASURES.map((m) => (
              <th key={m} scope="col" className="ml-signalering__count">
                {breakable(T.measures[m])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              {MEASURES.map((m) => (
                <CountCell key={m} n={row.counts[m]} href={countHref(openStates, m, row.filter)} label={T.countLabel(row.counts[m], T.measures[m], row.name)} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Signalering() {
  usePageTitle(T.title);
  const load = useSignalering(WEEKS);

  return (
    <article className="ml-signalering">
      <PageHeading>{T.title}</PageHeading>
      <p className="utrecht-paragraph">{T.intro}</p>
      {load.isPending && (
        <p role="status" className="ml-loading">
          {T.loading}
        </p>
      )}
      {load.isError && <p role="alert">{statusMessage(load.error as ApiError)}</p>}
      {load.isSuccess && <Report data={load.data} />}
    </article>
  );
}

type CountsRow = { key: string; name: string; filter: FilterValues; counts: Counts };

/** The counts per category and per department: a table each, with its own rows. */
const COUNT_TABLES: { id: string; title: string; caption: string; nameHeader: string; none: string; rows: (data: SignaleringData) => CountsRow[] }[] = [
  {
    id: 'ml-signalering-categories',
    title: T.perCategory,
    caption: T.perCategoryCaption,
    nameHeader: T.category,
    none: T.none,
    rows: (data) => data.per_category.map((c) => ({ key: String(c.category_id), name: `${c.sub} (${c.main})`, filter: { category_id: [String(c.category_id)] }, counts: c })),
  },
  {
    id: 'ml-signalering-departments',
    title: T.perDepartment,
    caption: T.perDepartmentCaption,
    nameHeader: T.department,
    none: T.noneRouted,
    // As the overview's 'Afdeling' filter: the reports routed to the department.
    rows: (data) => data.per_department.map((d) => ({ key: String(d.department_id), name: `${d.name} (${d.code})`, filter: { routing_department_code: [d.code] }, counts: d })),
  },
];

/** One part of the report: a section named by its heading. */
function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="utrecht-heading-2">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Report({ data }: { data: SignaleringData }) {
  const open = data.open_states;
  return (
    <>
      <ReportSection id="ml-signalering-totals" title={T.totals}>
        <ul className="ml-signalering__totals">
          {MEASURES.map((m) => (
            <li key={m} className={`ml-signalering__total ml-signalering__total--${m}`}>
              <Link to={countHref(open, m)}>
                <span className="ml-signalering__total-n">{data.totals[m].toLocaleString('nl-NL')}</span>
                <span className="ml-signalering__total-label">{T.totalLabels[m]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </ReportSection>
      {COUNT_TABLES.map((table) => (
        <ReportSection key={table.id} id={table.id} title={table.title}>
          <CountsTable caption={table.caption} nameHeader={table.nameHeader} none={table.none} openStates={open} rows={table.rows(data)} />
        </ReportSection>
      ))}
      <ReportSection id="ml-signalering-weeks" title={T.perWeek}>
        <WeekChart weeks={data.weeks} />
      </ReportSection>
    </>
  );
}

export default Signalering;
