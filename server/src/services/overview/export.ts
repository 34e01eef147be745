/**
 * CSV export of the overview's filtered list (issue 15, spec §6 csvExport): the rows the
 * list gives for the same filters (and search), in the same order, read from a database
 * cursor a batch at a time and written as they come, so a 100,000-row export never holds
 * more than one batch in memory.
 *
 * Format (for Dutch spreadsheet programs): UTF-8 with a byte-order mark (Excel otherwise
 * reads the file as Windows-1252), `;` between fields (Dutch Excel uses the comma as the
 * decimal separator and expects `;`), CRLF line ends, fields quoted when they hold `;`, `"`
 * or a line break. A text that starts with = + - @ gets a leading ' so a spreadsheet shows it
 * instead of running it as a formula.
 *
 * Cursor: on PostgreSQL a `no scroll` cursor in a read-only transaction on one pooled
 * connection; on PGlite (one session for every request) a `with hold` cursor, fetched batch
 * by batch without keeping the session, so other requests go on while a slow client reads.
 */
import { randomUUID } from 'node:crypto';
import {
  formatDateTime,
  FEEDBACK_LABELS,
  PRIORITY_OPTIONS,
  PUNCTUALITY_LABELS,
  punctualityOf,
  slaDeadlines,
  STADSDEEL_LABELS,
  stateName,
  typeOptions,
  type FeedbackValue,
  type Sla,
} from '@meldloket/engine';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../../db/index.ts';
import type { MainCategory } from '../categories/index.ts';
import { displayId } from '../signals/index.ts';

/** Rows per database fetch (and per written chunk). */
export const EXPORT_BATCH_SIZE = 1000;

/** The row the export reads per report. */
export interface ExportRow {
  id: number;
  created_at: Date;
  incident_date_start: Date;
  updated_at: Date;
  category_id: number;
  state: string;
  priority: string;
  type_code: string;
  source: string;
  address_text: string | null;
  postcode: string | null;
  stadsdeel: string | null;
  assigned_user_email: string | null;
  routing_departments: string | null;
  feedback: FeedbackValue | null;
}

/** The export's columns of a selected, filtered query over `signal`. */
export function selectExport(query: SelectQueryBuilder<Database, 'signal', object>) {
  return query.select([
    'signal.id',
    'signal.created_at',
    'signal.incident_date_start',
    'signal.updated_at',
    'signal.category_id',
    'signal.state',
    'signal.priority',
    'signal.type_code',
    'signal.source',
    'signal.address_text',
    sql<string | null>`signal.address ->> 'postcode'`.as('postcode'),
    'signal.stadsdeel',
    sql<string | null>`(select u.email from staff_user u where u.id = signal.assigned_user_id)`.as('assigned_user_email'),
    sql<string | null>`(select string_agg(d.code, ', ' order by d.code) from signal_routing_department rd join department d on d.id = rd.department_id where rd.signal_id = signal.id)`.as('routing_departments'),
    sql<FeedbackValue | null>`(select case when f.submitted_at is null then 'not_received' when f.is_satisfied then 'satisfied' else 'not_satisfied' end
      from feedback_request f where f.signal_uuid = signal.uuid::text order by f.created_at desc limit 1)`.as('feedback'),
  ]);
}

export interface ExportContext {
  tree: MainCategory[];
  slas: Map<number, Sla>;
  now: Date;
}

const PRIORITY = Object.fromEntries(PRIORITY_OPTIONS.map((o) => [o.id, o.label]));
const TYPE = Object.fromEntries(typeOptions().map((o) => [o.id, o.label]));

/** dd-MM-yyyy HH:mm in Amsterdam time (the app's and the mails' one formatter). */
export function csvDateTime(value: Date | null): string {
  return value ? formatDateTime(value) : '';
}

/** What several columns of a row need, computed once per row. */
interface Derived {
  main: MainCategory | undefined;
  sub: MainCategory['sub_categories'][number] | undefined;
  deadlines: { deadline: Date; deadline_factor_3: Date } | null;
}

function derive(r: ExportRow, c: ExportContext): Derived {
  const main = c.tree.find((m) => m.sub_categories.some((s) => s.id === r.category_id));
  return { main, sub: main?.sub_categories.find((s) => s.id === r.category_id), deadlines: slaDeadlines(r.created_at, c.slas.get(r.category_id) ?? null) };
}

/** The header and the value of every column. */
export const CSV_COLUMNS: { header: string; value: (row: ExportRow, c: ExportContext, d: Derived) => string }[] = [
  { header: 'Meldingnummer', value: (r) => displayId(r.id) },
  { header: 'Gemeld op', value: (r) => csvDateTime(r.created_at) },
  { header: 'Datum overlast', value: (r) => csvDateTime(r.incident_date_start) },
  { header: 'Laatst gewijzigd', value: (r) => csvDateTime(r.updated_at) },
  { header: 'Hoofdcategorie', value: (_r, _c, d) => d.main?.name ?? '' },
  { header: 'Subcategorie', value: (_r, _c, d) => d.sub?.name ?? '' },
  { header: 'Status', value: (r) => stateName(r.state) },
  { header: 'Urgentie', value: (r) => PRIORITY[r.priority] ?? r.priority },
  { header: 'Type', value: (r) => TYPE[r.type_code] ?? r.type_code },
  { header: 'Bron', value: (r) => r.source },
  { header: 'Adres', value: (r) => r.address_text ?? '' },
  { header: 'Postcode', value: (r) => r.postcode ?? '' },
  { header: 'Stadsdeel', value: (r) => (r.stadsdeel ? (STADSDEEL_LABELS[r.stadsdeel] ?? r.stadsdeel) : '') },
  // The routing departments when the report has them, otherwise the category's responsible ones.
  { header: 'Afdeling', value: (r, _c, d) => r.routing_departments ?? d.sub?.departments.map((x) => x.code).join(', ') ?? '' },
  { header: 'Toegewezen aan', value: (r) => r.assigned_user_email ?? '' },
  { header: 'Afhandeltermijn', value: (_r, _c, d) => csvDateTime(d.deadlines?.deadline ?? null) },
  {
    header: 'Termijn',
    value: (_r, c, d) => {
      const p = punctualityOf(d.deadlines, c.now);
      return p ? PUNCTUALITY_LABELS[p] : '';
    },
  },
  { header: 'Feedback', value: (r) => (r.feedback ? FEEDBACK_LABELS[r.feedback] : '') },
];

/** One CSV field: quoted when needed, formulas defused. */
export function csvField(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (fields: string[]) => `${fields.map(csvField).join(';')}\r\n`;

export const CSV_BOM = '\uFEFF';

/**
 * The rows of `query` in batches of `batchSize`, read from a cursor: the next batch is only
 * fetched when the consumer asks for it. Closing the iterator early (a client that went away)
 * closes the cursor and gives the connection back.
 */
export async function* cursorBatches<R>(db: Db, query: SelectQueryBuilder<Database, 'signal', R>, batchSize: number, onPglite: boolean): AsyncGenerator<R[]> {
  const cursor = sql.raw(`export_${randomUUID().replace(/-/g, '')}`);
  const fetch = (conn: Kysely<Database>) => sql<R>`fetch forward ${sql.raw(String(batchSize))} from ${cursor}`.execute(conn);

  if (onPglite) {
    // One session: a holdable cursor outlives its statement, the session is free between fetches.
    await sql`declare ${cursor} no scroll cursor with hold for ${query}`.execute(db);
    try {
      for (;;) {
        const { rows } = await fetch(db);
        if (rows.length) yield rows;
        if (rows.length < batchSize) return;
      }
    } finally {
      await sql`close ${cursor}`.execute(db);
    }
  }

  // PostgreSQL: one pooled connection for the whole export, handed over while the export runs.
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  let held!: Promise<void>;
  const conn = await new Promise<Kysely<Database>>((resolve, reject) => {
    held = db.connection().execute(async (c) => {
      resolve(c);
      await done;
    });
    held.catch(reject);
  });
  try {
    await sql`begin transaction read only`.execute(conn);
    try {
      await sql`declare ${cursor} no scroll cursor for ${query}`.execute(conn);
      for (;;) {
        const { rows } = await fetch(conn);
        if (rows.length) yield rows;
        if (rows.length < batchSize) break;
      }
    } finally {
      await sql`rollback`.execute(conn);
    }
  } finally {
    release();
    await held;
  }
}

/** The CSV text of an export: BOM and header first, then one chunk per batch of rows. */
export async function* exportCsv(batches: AsyncIterable<ExportRow[]>, context: ExportContext): AsyncGenerator<string> {
  yield CSV_BOM + line(CSV_COLUMNS.map((c) => c.header));
  for await (const rows of batches) {
    yield rows
      .map((r) => {
        const d = derive(r, context);
        return line(CSV_COLUMNS.map((c) => c.value(r, context, d)));
      })
      .join('');
  }
}

const pgliteOf = new WeakMap<Db, Promise<boolean>>();
/** Whether `db` is the embedded PGlite (one session). */
export function isPglite(db: Db): Promise<boolean> {
  let known = pgliteOf.get(db);
  if (!known) {
    known = sql<{ v: string }>`select version() as v`.execute(db).then((r) => /PGlite/i.test(r.rows[0]?.v ?? ''));
    pgliteOf.set(db, known);
  }
  return known;
}
