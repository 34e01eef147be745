/** Shared fixtures of the server's route tests. */
import type { FastifyInstance } from 'fastify';

export const SUB_URL = '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil';

/** A valid public create body (contract §1 example). */
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

/** Small but whole files of each kind, built byte by byte. */
export const FILES = {
  png(): Buffer {
    // 1×1 grey PNG: signature, IHDR, IDAT (zlib of one filtered row), IEND.
    return Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108000000003a7e9b550000000a4944415478da63600000000200015e2f2c3c0000000049454e44ae426082',
      'hex',
    );
  },
  jpeg(padding = 0): Buffer {
    const head = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
    return Buffer.concat([head, Buffer.alloc(padding, 0x20), Buffer.from('ffd9', 'hex')]);
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
