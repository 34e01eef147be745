/**
 * Helpers for the follow-up end-to-end tests: a stored report to start from, a real
 * PNG to attach, the development triggers, and the links in the outbox.
 */
import { crc32, deflateSync } from 'node:zlib';
import { api, baseUrl } from './support.ts';

/** A small but real PNG (a colour gradient), so every image check on the way accepts it. */
export function pngImage(size = 48, hue = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push((x * 5 + hue) % 256, (y * 5) % 256, (hue * 3) % 256);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from(rows))), chunk('IEND', Buffer.alloc(0))]);
}

export interface StoredReport {
  signal_id: string;
  id: number;
}

/** Stores a report through the public create call, as the wizard does (`email` null: the reporter left none). */
export async function createReport(email: string | null = 'melder@example.com', subcategory = 'afval/sub_categories/grofvuil'): Promise<StoredReport> {
  const res = await api<StoredReport>('/signals/v1/public/signals/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      text: 'Er staat een kapotte bank in het park',
      location: { geometrie: { type: 'Point', coordinates: [4.8936, 52.3731] }, address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam' } },
      category: { sub_category: `/signals/v1/public/terms/categories/${subcategory}` },
      reporter: { email, phone: null, sharing_allowed: false },
      incident_date_start: new Date(Date.now() - 3600_000).toISOString(),
    }),
  });
  if (res.status !== 201) throw new Error(`report not stored: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Attaches a photo to a report, as the wizard does after creating it. */
export async function attachPhoto(signalId: string, filename: string, hue: number): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngImage(48, hue))], { type: 'image/png' }), filename);
  const res = await fetch(new URL(`/signals/v1/public/signals/${signalId}/attachments/`, baseUrl()), { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`photo not stored: ${res.status} ${await res.text()}`);
}

/** Starts a follow-up flow through its development trigger (JSON). */
export async function trigger(flow: 'reaction-request' | 'verify-email' | 'feedback' | 'expire', body: Record<string, string>): Promise<void> {
  const res = await api(`/dev/followup/${flow}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== (flow === 'expire' ? 200 : 201)) throw new Error(`trigger ${flow} failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The newest link matching `pattern` in a mail to `to`, read from the outbox list on the development page. */
export async function outboxLink(to: string, pattern: RegExp): Promise<string> {
  const res = await fetch(new URL('/dev/followup', baseUrl()));
  const html = await res.text();
  const mails = html.split('<article class="mail">').slice(1);
  for (const mail of mails) {
    if (!mail.includes(`<span class="to">${to}</span>`)) continue;
    const match = mail.replace(/&amp;/g, '&').match(pattern);
    if (match) return match[0];
  }
  throw new Error(`no mail to ${to} with a link matching ${pattern}`);
}
