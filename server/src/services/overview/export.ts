/**
 * CSV export of the overview's filtered list (docs/overview.md, docs/reference/permissions.md#roles csvExport): the rows the
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
  remainingSlaDays,
  showsRemainingDays,
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
export const EXPORT_BATCH_SIZE = 250;

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
  text: string;
  lat: number;
  lng: number;
  directing_departments: string | null;
  notes: number | string;
  /** Only selected for staff with sia_can_view_contact_details. */
  reporter_email?: string | null;
  reporter_phone?: string | null;
}

/** The export's columns of a selected, filtered query over `signal`; the reporter's contact details only with `contact`. */
export function selectExport(query: SelectQueryBuilder<Database, 'signal', object>, options: { contact?: boolean } = {}) {
  const selected = query.select([
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
    'signal.text',
    'signal.lat',
    'signal.lng',
    sql<string | null>`(select string_agg(d.code, ', ' order by d.code) from signal_directing_department dd join department d on d.id = dd.department_id where dd.signal_id = signal.id)`.as('directing_departments'),
    sql<number>`(select count(*) from signal_note n where n.signal_id = signal.id)`.as('notes'),
  ]);
  return options.contact ? selected.select(['signal.reporter_email', 'signal.reporter_phone']) : selected;
}

export interface ExportContext {
  tree: MainCategory[];
  slas: Map<number, Sla>;
  now: Date;
  /** The reporter's e-mail and phone columns (staff with sia_can_view_contact_details). */
  contact?: boolean;
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

/** Each subcategory's id with its main category, made once per category tree (not a search of the tree per row). */
const categoriesByTree = new WeakMap<MainCategory[], Map<number, { main: MainCategory; sub: MainCategory['sub_categories'][number] }>>();
function categoryOf(tree: MainCategory[], id: number) {
  let byId = categoriesByTree.get(tree);
  if (!byId) {
    byId = new Map();
    for (const main of tree) for (const sub of main.sub_categories) if (!byId.has(sub.id)) byId.set(sub.id, { main, sub });
    categoriesByTree.set(tree, byId);
  }
  return byId.get(id);
}

function derive(r: ExportRow, c: ExportContext): Derived {
  const found = categoryOf(c.tree, r.category_id);
  return { main: found?.main, sub: found?.sub, deadlines: slaDeadlines(r.created_at, c.slas.get(r.category_id) ?? null) };
}

/** A coordinate for a Dutch spreadsheet: decimal comma, 6 decimals (~10 cm). */
const coordinate = (n: number | string) => Number(n).toFixed(6).replace('.', ',');

type Column = { header: string; value: (row: ExportRow, c: ExportContext, d: Derived) => string };

/** The header and the value of every column (the contact columns follow with the permission). */
export const CSV_COLUMNS: Column[] = [
  { header: 'Meldingnummer', value: (r) => displayId(r.id) },
  { header: 'Gemeld op', value: (r) => csvDateTime(r.created_at) },
  { header: 'Datum overlast', value: (r) => csvDateTime(r.incident_date_start) },
  { header: 'Laatst gewijzigd', value: (r) => csvDateTime(r.updated_at) },
  { header: 'Hoofdcategorie', value: (_r, _c, d) => d.main?.name ?? '' },
  { header: 'Subcategorie', value: (_r, _c, d) => d.sub?.name ?? '' },
  { header: 'Omschrijving', value: (r) => r.text },
  { header: 'Status', value: (r) => stateName(r.state) },
  { header: 'Urgentie', value: (r) => PRIORITY[r.priority] ?? r.priority },
  { header: 'Type', value: (r) => TYPE[r.type_code] ?? r.type_code },
  { header: 'Bron', value: (r) => r.source },
  { header: 'Adres', value: (r) => r.address_text ?? '' },
  { header: 'Postcode', value: (r) => r.postcode ?? '' },
  { header: 'Stadsdeel', value: (r) => (r.stadsdeel ? (STADSDEEL_LABELS[r.stadsdeel] ?? r.stadsdeel) : '') },
  { header: 'Breedtegraad', value: (r) => coordinate(r.lat) },
  { header: 'Lengtegraad', value: (r) => coordinate(r.lng) },
  // The routing departments when the report has them, otherwise the category's responsible ones.
  { header: 'Afdeling', value: (r, _c, d) => r.routing_departments ?? d.sub?.departments.map((x) => x.code).join(', ') ?? '' },
  { header: 'Regie', value: (r) => r.directing_departments ?? '' },
  { header: 'Toegewezen aan', value: (r) => r.assigned_user_email ?? '' },
  { header: 'Afhandeltermijn', value: (_r, _c, d) => csvDateTime(d.deadlines?.deadline ?? null) },
  // A number for the spreadsheet (working or calendar days as the category counts; '-2' is late), none where docs/reference/statuses.md#states-and-transitions shows none.
  {
    header: 'Resterende dagen',
    value: (r, c, d) => {
      const sla = c.slas.get(r.category_id);
      return sla && d.deadlines && showsRemainingDays(r.state) ? String(remainingSlaDays(d.deadlines.deadline, c.now, sla.use_calendar_days)) : '';
    },
  },
  {
    header: 'Termijn',
    value: (_r, c, d) => {
      const p = punctualityOf(d.deadlines, c.now);
      return p ? PUNCTUALITY_LABELS[p] : '';
    },
  },
  { header: 'Notities', value: (r) => String(Number(r.notes)) },
  { header: 'Feedback', value: (r) => (r.feedback ? FEEDBACK_LABELS[r.feedback] : '') },
];

/** With sia_can_view_contact_details only. */
export const CSV_CONTACT_COLUMNS: Column[] = [
  { header: 'E-mail melder', value: (r) => r.reporter_email ?? '' },
  { header: 'Telefoon melder', value: (r) => r.reporter_phone ?? '' },
];

/** The columns of one export. */
export const csvColumns = (c: Pick<ExportContext, 'contact'>): Column[] => (c.contact ? [...CSV_COLUMNS, ...CSV_CONTACT_COLUMNS] : CSV_COLUMNS);

// Made once: a regular expression literal in a function is a new RegExp object at every call,
// 78 of them per exported row (a sixth of what an export allocated, docs/performance.md).
const FORMULA_START = /^[=+\-@\t\r]/;
const WHOLE_NUMBER = /^-\d+$/;
const NEEDS_QUOTES = /[;"\r\n]/;
const QUOTE = /"/g;

/** One CSV field: quoted when needed, formulas defused (a plain whole number such as '-3' is no formula). */
export function csvField(value: string): string {
  const text = FORMULA_START.test(value) && !WHOLE_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text;
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

/**
 * Rows per written chunk: a chunk stays well under V8's large-object size (128 KB), so it dies
 * young. A chunk of a whole batch (1,000 rows, ~350 KB) went to the large-object space, which only
 * a full collection frees: an export of every report let the server's heap grow by hundreds of MB.
 */
export const EXPORT_CHUNK_ROWS = 100;

/** The CSV text of an export: BOM and header first, then a chunk per `EXPORT_CHUNK_ROWS` rows of each batch. */
export async function* exportCsv(batches: AsyncIterable<ExportRow[]>, context: ExportContext): AsyncGenerator<string> {
  const columns = csvColumns(context);
  yield CSV_BOM + line(columns.map((c) => c.header));
  for await (const rows of batches) {
    for (let start = 0; start < rows.length; start += EXPORT_CHUNK_ROWS) {
      let chunk = '';
      for (const r of rows.slice(start, start + EXPORT_CHUNK_ROWS)) {
        const d = derive(r, context);
        chunk += line(columns.map((c) => c.value(r, context, d)));
      }
      yield chunk;
    }
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
