/**
 * GET /signals/v1/private/signals/export.csv: the filtered list as CSV for a Dutch
 * spreadsheet (BOM, `;`, Dutch headers), exactly the list's rows in the list's order,
 * sia_signal_report required, read from a cursor a batch at a time (the export never
 * has more than one batch of rows in hand); on PGlite and PostgreSQL.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cursorBatches, CSV_COLUMNS, CSV_CONTACT_COLUMNS, EXPORT_CHUNK_ROWS, exportCsv, isPglite, selectExport, type ExportRow } from '../src/services/overview/export.ts';
import { compileFilters } from '../src/services/signals/list.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken, staffWithPermissions } from './private-support.ts';

const X = '/signals/v1/private/signals/export.csv';
const L = '/signals/v1/private/signals/';
const N = 1234;
const STADSDELEN = ['A', 'N', 'T', null];
const STATES = ['m', 'b', 'o', 'i'];

/** Splits CSV text (`;`, quoted fields, CRLF) into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') row.push(field), (field = '');
    else if (ch === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += ch;
  }
  return rows;
}

describe.each(DATABASE_TARGETS)('CSV export (%s)', (target) => {
  const t = useTestApp(target);
  const tokens: Partial<Record<'coordinator' | 'behandelaar' | 'lezer' | 'analist', string>> = {};
  let special = 0;

  beforeAll(async () => {
    const db = t().app.db;
    const cat = await db.selectFrom('category').select('id').where('parent_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('category').set({ sla_n_days: 5, sla_use_calendar_days: false }).where('id', '=', cat.id).execute();
    // N reports in one statement: states and districts in turn, one per hour from 2024-01-01.
    await sql`insert into signal (uuid, source, text, state, category_id, lng, lat, address, address_text, stadsdeel, incident_date_start, created_at, updated_at)
      select gen_random_uuid(), 'online', 'Melding ' || g, (${sql.val(STATES)}::text[])[1 + g % 4], ${cat.id}, 4.9, 52.37,
             jsonb_build_object('postcode', '1012AB'), 'Damrak ' || g || ', 1012AB Amsterdam', (${sql.val(STADSDELEN)}::text[])[1 + g % 4],
             timestamptz '2024-01-01 00:00+01' + g * interval '1 hour', timestamptz '2024-01-01 00:00+01' + g * interval '1 hour', timestamptz '2024-01-01 00:00+01' + g * interval '1 hour'
      from generate_series(1, ${N}) g`.execute(db);
    special = (
      await db
        .insertInto('signal')
        .values({ uuid: crypto.randomUUID(), source: 'online', text: '@SUM(1)\nTweede regel', category_id: cat.id, lng: 4.893612, lat: 52.373101, address_text: '=HYPERLINK("x");"quote"', stadsdeel: 'W', priority: 'high', type_code: 'COM', reporter_email: 'melder@example.com', reporter_phone: '+31612345678', incident_date_start: new Date('2025-07-01T08:00:00Z'), created_at: new Date('2025-07-01T08:05:00Z'), updated_at: new Date('2025-07-01T08:05:00Z') })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db.insertInto('signal_note').values([1, 2].map((n) => ({ signal_id: special, text: `Notitie ${n}`, created_by: 'coordinator@meldloket.local', created_at: new Date() }))).execute();
    const asc = await db.selectFrom('department').select('id').where('code', '=', 'ASC').executeTakeFirstOrThrow();
    await db.insertInto('signal_directing_department').values({ signal_id: special, department_id: asc.id }).execute();
    for (const account of ['coordinator', 'behandelaar', 'lezer'] as const) tokens[account] = await mintToken(t().app, ACCOUNTS[account].email);
    // A team lead's analyst: may export, may not see the reporter's contact details.
    tokens.analist = await staffWithPermissions(t().app, 'Analist', 'analist@meldloket.local', ['sia_read', 'sia_signal_report', 'sia_can_view_all_categories']);
  });

  const get = (url: string, account: 'coordinator' | 'behandelaar' | 'lezer' | 'analist' = 'coordinator') => t().app.inject({ method: 'GET', url, headers: bearer(tokens[account]!) });

  it('needs a token and sia_signal_report', async () => {
    expect((await t().app.inject({ method: 'GET', url: X })).statusCode).toBe(401);
    expect((await get(X, 'lezer')).statusCode).toBe(403);
    expect((await get(X, 'behandelaar')).statusCode).toBe(403);
  });

  it('is a CSV for a Dutch spreadsheet: BOM, ; separator, CRLF, Dutch headers, attachment', async () => {
    const res = await get(`${X}?stadsdeel=W`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="meldingen-\d{8}-\d{4}\.csv"$/);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe(
      'Meldingnummer;Gemeld op;Datum overlast;Laatst gewijzigd;Hoofdcategorie;Subcategorie;Omschrijving;Status;Urgentie;Type;Bron;Adres;Postcode;Stadsdeel;Breedtegraad;Lengtegraad;Afdeling;Regie;Toegewezen aan;Afhandeltermijn;Resterende dagen;Termijn;Notities;Feedback;E-mail melder;Telefoon melder',
    );
    const [header, row, ...rest] = parseCsv(text);
    expect(rest).toEqual([]);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('Meldingnummer')).toBe(`SIG-${special}`);
    expect(cell('Gemeld op')).toBe('01-07-2025 10:05'); // Amsterdam summer time
    expect(cell('Datum overlast')).toBe('01-07-2025 10:00');
    expect(cell('Status')).toBe('Gemeld');
    expect(cell('Urgentie')).toBe('Hoog');
    expect(cell('Type')).toBe('Klacht');
    expect(cell('Stadsdeel')).toBe('Weesp');
    expect(cell('Afhandeltermijn')).toBe('08-07-2025 10:05'); // 5 working days
    expect(cell('Termijn')).toBe('3x buiten de afhandeltermijn');
    expect(Number(cell('Resterende dagen'))).toBeLessThan(-300); // working days since July 2025
    expect(cell('Breedtegraad')).toBe('52,373101');
    expect(cell('Lengtegraad')).toBe('4,893612');
    expect(cell('Regie')).toBe('ASC');
    expect(cell('Notities')).toBe('2');
    expect(cell('E-mail melder')).toBe('melder@example.com');
    // A formula is shown as text, in every column; ; and " and line breaks survive quoting.
    expect(cell('Adres')).toBe('\'=HYPERLINK("x");"quote"');
    expect(cell('Omschrijving')).toBe("'@SUM(1)\nTweede regel");
    expect(cell('Telefoon melder')).toBe("'+31612345678");
  });

  it('carries no contact details for staff without sia_can_view_contact_details', async () => {
    const res = await get(`${X}?stadsdeel=W`, 'analist');
    expect(res.statusCode).toBe(200);
    const [header, row] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(header).not.toContain('E-mail melder');
    expect(header).not.toContain('Telefoon melder');
    expect(header).toHaveLength(CSV_COLUMNS.length);
    expect(row!.join(';')).not.toContain('melder@example.com');
    expect(row!.join(';')).not.toContain('612345678');
    expect(row![header!.indexOf('Omschrijving')]).toBe("'@SUM(1)\nTweede regel");
  });

  it('holds exactly the rows of the filtered list, in its order', async () => {
    for (const query of ['status=m&stadsdeel=A', 'stadsdeel=null&ordering=-id', 'status=o&status=b&ordering=created_at', 'punctuality=on_time']) {
      const listed = (await get(`${L}?${query}&page_size=5000`)).json().results.map((r: any) => `SIG-${r.id}`);
      const rows = parseCsv((await get(`${X}?${query}`)).body.slice(1)).slice(1);
      expect(rows.map((r) => r[0])).toEqual(listed);
    }
    const all = parseCsv((await get(X)).body.slice(1));
    expect(all).toHaveLength(1 + N + 1);
    expect(all.every((r) => r.length === CSV_COLUMNS.length + CSV_CONTACT_COLUMNS.length)).toBe(true);
  });

  it('takes the search too, and a bad filter is the list 400', async () => {
    const rows = parseCsv((await get(`${X}?q=${encodeURIComponent('Damrak 7')}`)).body.slice(1)).slice(1);
    expect(rows.map((r) => r[11])).toEqual(['Damrak 7, 1012AB Amsterdam']);
    const bad = await get(`${X}?status=x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: ['Selecteer een geldige keuze. x is geen beschikbare keuze.'] });
  });

  it('reads the rows from a cursor one batch at a time, only as the file is written', async () => {
    const db = t().app.db;
    const staff = { is_superuser: true, roles: [], permissions: [], departments: [] };
    const { query, order } = await compileFilters(db, {}, { user: staff, now: new Date() });
    const fetched: number[] = [];
    async function* counted() {
      for await (const batch of cursorBatches<ExportRow>(db, order(selectExport(query())), 100, await isPglite(db))) {
        fetched.push(batch.length);
        yield batch;
      }
    }
    const csv = exportCsv(counted(), { tree: await t().app.categories.tree(), slas: new Map(), now: new Date() });
    expect((await csv.next()).value).toMatch(/^\uFEFFMeldingnummer;/);
    expect(fetched).toEqual([]); // the header is written before any row is read
    const first = (await csv.next()).value as string;
    expect(first.split('\r\n').filter(Boolean)).toHaveLength(100);
    expect(fetched).toEqual([100]); // one batch in hand, not the N + 1 rows
    let chunks = 1;
    for await (const chunk of csv) {
      chunks += 1;
      expect(chunk.split('\r\n').filter(Boolean).length).toBeLessThanOrEqual(100);
    }
    expect(chunks).toBe(Math.ceil((N + 1) / 100));
    expect(fetched.reduce((a, b) => a + b, 0)).toBe(N + 1);
  });

  it('writes a large batch in small chunks, which a young-generation collection frees (no large objects)', async () => {
    const db = t().app.db;
    const staff = { is_superuser: true, roles: [], permissions: [], departments: [] };
    const { query, order } = await compileFilters(db, {}, { user: staff, now: new Date() });
    const cursor = cursorBatches<ExportRow>(db, order(selectExport(query())), 1, await isPglite(db));
    const [row] = (await cursor.next()).value as ExportRow[];
    await cursor.return(undefined);
    async function* oneBigBatch() {
      yield Array.from({ length: 1000 }, (_, i) => ({ ...row!, id: row!.id + i }));
    }
    const chunks: string[] = [];
    for await (const chunk of exportCsv(oneBigBatch(), { tree: await t().app.categories.tree(), slas: new Map(), now: new Date() })) chunks.push(chunk);
    const rowChunks = chunks.slice(1);
    expect(rowChunks.map((c) => c.split('\r\n').filter(Boolean).length)).toEqual(Array(1000 / EXPORT_CHUNK_ROWS).fill(EXPORT_CHUNK_ROWS));
    for (const chunk of rowChunks) expect(Buffer.byteLength(chunk)).toBeLessThan(64 * 1024);
  });

  it('a client that stops reading closes the cursor and frees the connection', async () => {
    const db = t().app.db;
    const staff = { is_superuser: true, roles: [], permissions: [], departments: [] };
    const { query, order } = await compileFilters(db, {}, { user: staff, now: new Date() });
    for (let i = 0; i < 12; i++) {
      const batches = cursorBatches<ExportRow>(db, order(selectExport(query())), 50, await isPglite(db));
      expect((await batches.next()).value).toHaveLength(50);
      await batches.return(undefined);
    }
    // More exports were abandoned than the pool has connections: the database still answers.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from signal`.execute(db);
    expect(rows[0]!.n).toBe(N + 1);
    const open = await sql<{ n: number }>`select count(*)::int as n from pg_cursors where name like 'export_%'`.execute(db);
    expect(open.rows[0]!.n).toBe(0);
  });
});
