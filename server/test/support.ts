/** Shared fixtures of the server's route tests. */
import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../src/db/index.ts';

export const SUB_URL = '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil';

/** A valid public create body (docs/reference/api.md#public-create example). */
export function validReport(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    text: 'Er ligt grofvuil naast de container',
    location: {
      geometrie: { type: 'Point', coordinates: [4.8936, 52.3731] },
      address: { openbare_ruimte: 'Dam', huisnummer: 1, huisletter: '', huisnummer_toevoeging: '', postcode: '1012JS', woonplaats: 'Amsterdam' },
    },
    category: { sub_category: SUB_URL },
    reporter: { email: 'melder@example.com', phone: '0612345678', sharing_allowed: false },
    incident_date_start: '2024-05-01T09:00:00+02:00',
    extra_properties: [
      { id: 'extra_container_kind', label: 'Soort container', answer: { id: 'rest', label: 'Restafval' }, category_url: SUB_URL },
    ],
    ...overrides,
  };
}

export async function postReport(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url: '/signals/v1/public/signals/', payload: body as object, headers });
  return { status: res.statusCode, body: res.json() as Record<string, any>, headers: res.headers };
}

/** A multipart/form-data body for `inject`. */
export function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----meldloket${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename !== undefined ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const JPEG_1X1 =
  'ffd8ffdb004300100b0c0e0c0a100e0d0e1211101318281a181616183123251d283a333d3c3933383740485c4e404457453738506d51575f626768673e4d71797064785c656763ffdb0043011112121815182f1a1a2f634238426363636363636363636363636363636363636363636363636363636363636363636363636363636363636363636363636363ffc00011080001000103012200021101031101ffc40014000100000000000000000000000000000000ffc40014100100000000000000000000000000000000ffc40014010100000000000000000000000000000000ffc40014110100000000000000000000000000000000ffda000c03010002110311003f00000fffd9';

/** Small but whole files of each kind that decode (uploads are decoded whole: services/attachments/image.ts). */
export const FILES = {
  png(): Buffer {
    // 1×1 grey PNG that decodes (uploads are decoded whole and re-encoded: services/attachments/image.ts).
    return Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000970485973000003e8000003e801b57b526b0000000c494441540899636868680000030401811eceffa60000000049454e44ae426082',
      'hex',
    );
  },
  /** A 1×1 JPEG that decodes; `padding` bytes more in comment segments (for the size checks). */
  jpeg(padding = 0): Buffer {
    const image = Buffer.from(JPEG_1X1, 'hex');
    const comments: Buffer[] = [];
    for (let left = padding; left > 0; ) {
      const body = Math.min(left > 4 ? left - 4 : 1, 65533);
      const segment = Buffer.alloc(4 + body, 0x20);
      segment.writeUInt16BE(0xfffe, 0);
      segment.writeUInt16BE(body + 2, 2);
      comments.push(segment);
      left -= segment.length;
    }
    return Buffer.concat([image.subarray(0, 2), ...comments, image.subarray(2)]);
  },
  gif(): Buffer {
    return Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');
  },
  pdf(): Buffer {
    return Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
  },
  exe(): Buffer {
    // A DOS/PE header: what a renamed Windows program starts with.
    const buf = Buffer.alloc(512);
    buf.write('MZ', 0, 'latin1');
    buf.writeUInt32LE(0x80, 0x3c);
    buf.write('PE\0\0', 0x80, 'latin1');
    return buf;
  },
};

/** The text a PDF shows: the strings of its (inflated) content streams, one line per text operator. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      content = m[1];
    }
    const ops = /\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (let op = ops.exec(content); op; op = ops.exec(content)) {
      const parts = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((p) => p[1]) : [op[2]];
      lines.push(parts.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

/** The contract's error bodies: {detail}, a field dict (lists of messages or nested dicts), or a list. */
export function isContractError(body: unknown): boolean {
  if (Array.isArray(body)) return body.every((item) => typeof item === 'string' || isContractError(item));
  if (typeof body !== 'object' || body === null) return false;
  const entries = Object.entries(body);
  if (entries.length === 0) return true; // an empty item of a list of item errors
  return entries.every(([, v]) => typeof v === 'string' || (Array.isArray(v) ? v.every((m) => typeof m === 'string' || isContractError(m)) : isContractError(v)));
}

/**
 * Many reports written at once, as the count tables' tests need them (signal-counts, signal-department):
 * 40 single inserts in parallel (separate pooled connections on PostgreSQL) over the three
 * subcategories `subs`, a quarter without district, and one bulk insert of 25 ('bulk', state 'b').
 * Returns the ids of the 40.
 */
export async function writeManyReports(db: Db, subs: number[]): Promise<number[]> {
  const create = (i: number) =>
    db
      .insertInto('signal')
      .values({ uuid: randomUUID(), source: 'online', text: `melding ${i}`, category_id: subs[i % 3]!, state: 'm', stadsdeel: i % 4 === 0 ? null : 'A', lng: 4.9, lat: 52.37, incident_date_start: new Date(), created_at: new Date(), updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => create(i)));
  await sql`insert into signal (uuid, source, text, category_id, state, lng, lat, incident_date_start, created_at, updated_at)
    select gen_random_uuid(), 'online', 'bulk', ${subs[0]!}, 'b', 4.9, 52.37, now(), now(), now() from generate_series(1, 25)`.execute(db);
  return ids;
}
