/**
 * The external party's page (docs/my-incidents.md): a handler forwards a report ('forward to
 * external' with email_override), the party gets a personal link by mail, sees the report
 * without the reporter's contact details and answers once with text and photos, which
 * moves the report to 'closure requested' in its history. Link expiry, one-time use under
 * parallel requests, privacy — on PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { LINK_ERRORS } from '../src/external/plugin.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { FILES, validReport } from './support.ts';

const P = '/signals/v1/private';
const E = '/signals/v1/public/external';
const PARTY = 'aannemer@example.com';

/** A multipart body with text fields and files. */
function form(fields: Record<string, string>, files: { filename: string; type: string; data: Buffer }[] = []) {
  const boundary = `----extern${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DATABASE_TARGETS)('external party page (%s)', (target) => {
  const t = useTestApp(target);
  const db = () => t().app.db;
  const staff = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
    const res = await t().app.inject({ method, url, headers: bearer(await mintToken(t().app, ACCOUNTS.behandelaar.email)), payload: payload as object });
    return { status: res.statusCode, body: res.json() as any };
  };
  /** A report forwarded to the party; returns it and the token of the link in the party's mail. */
  const forward = async () => {
    const created = await staff('POST', `${P}/signals/`, validReport({ source: 'Telefoon – ASC', priority: { priority: 'normal' }, type: { code: 'SIG' }, text: 'Container puilt uit' }));
    expect(created.status).toBe(201);
    const patched = await staff('PATCH', `${P}/signals/${created.body.id}`, { status: { state: 'forward to external', text: 'Wilt u de container legen?', email_override: PARTY, send_email: true } });
    expect(patched.status).toBe(200);
    const mail = await db().selectFrom('outbox').selectAll().where('to', '=', PARTY).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const link = /http:\/\/localhost:8080\/incident\/extern\/([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    return { id: created.body.id as number, uuid: created.body.signal_id as string, token: link![1], mail };
  };
  const view = (token: string) => t().app.inject({ method: 'GET', url: `${E}/${token}` });
  const answer = (token: string, fields: Record<string, string>, files: { filename: string; type: string; data: Buffer }[] = []) =>
    t().app.inject({ method: 'POST', url: `${E}/${token}`, ...form(fields, files) });
  const state = async (id: number) => (await db().selectFrom('signal').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

  it('mails the party a personal link; the page shows the report and the request, never the reporter', async () => {
    const { id, token, mail } = await forward();
    expect(mail.subject).toBe(`Verzoek tot afhandeling van melding SIG-${id}`);
    expect(mail.text).toContain('Wilt u de container legen?');
    // Only a hash of the token is stored.
    expect(JSON.stringify(await db().selectFrom('external_link').selectAll().execute())).not.toContain(token);

    const res = await view(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      signal: {
        id_display: `SIG-${id}`,
        text: 'Container puilt uit',
        status: { state: 'forward to external', state_display: 'Doorgezet naar extern' },
        category: { sub: expect.any(String), main: expect.any(String) },
        location: { address_text: 'Dam 1 1012JS Amsterdam', geometrie: { type: 'Point', coordinates: [4.8936, 52.3731] } },
        attachments: [],
      },
      request: { text: 'Wilt u de container legen?' },
    });
    const raw = res.body;
    expect(raw).not.toContain('melder@example.com');
    expect(raw).not.toContain('0612345678');
    expect(raw).not.toContain('reporter');
    expect((await view('x'.repeat(43))).statusCode).toBe(404);
    expect((await view('kort')).json()).toEqual({ detail: 'Niet gevonden.' });
  });

  it('the answer moves the report to closure requested, with the text in the history and the photos on the report; the link then is used', async () => {
    const { id, token } = await forward();
    const bad = await answer(token, { text: '   ' }, [{ filename: 'virus.png', type: 'image/png', data: FILES.exe() }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ text: ['Dit veld mag niet leeg zijn.'], file: ["Files of type 'application/x-msdownload' are not allowed!"] });
    expect(await state(id)).toBe('forward to external');

    const res = await answer(token, { text: 'Container is geleegd.' }, [{ filename: 'na.png', type: 'image/png', data: FILES.png() }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ state: 'closure requested', state_display: 'Extern: verzoek tot afhandeling' });
    expect(await state(id)).toBe('closure requested');

    const history = await staff('GET', `${P}/signals/${id}/history?what=UPDATE_STATUS`);
    expect(history.body[0]).toMatchObject({ what: 'UPDATE_STATUS', action: 'Status gewijzigd naar: Extern: verzoek tot afhandeling', description: 'Container is geleegd.', who: 'Signalen systeem' });
    const photo = await db().selectFrom('attachment').selectAll().where('signal_id', '=', id).executeTakeFirstOrThrow();
    expect(photo).toMatchObject({ original_filename: 'na.png', public: false, created_by: PARTY, is_image: true });

    expect((await answer(token, { text: 'Nog eens' })).json()).toEqual(LINK_ERRORS.used);
    expect((await view(token)).statusCode).toBe(410);
  });

  it('one answer per link, also when two arrive at once', async () => {
    const { id, token } = await forward();
    const results = await Promise.all([answer(token, { text: 'Eerste' }), answer(token, { text: 'Tweede' }), answer(token, { text: 'Derde' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 410, 410]);
    const changes = await db().selectFrom('signal_history').select('description').where('signal_id', '=', id).where('what', '=', 'UPDATE_STATUS').where('action', 'like', '%verzoek tot afhandeling%').execute();
    expect(changes).toHaveLength(1);
  });

  it('a link runs out, and closes when the handler moves the report on', async () => {
    const expiring = await forward();
    await db().updateTable('external_link').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await view(expiring.token)).json()).toEqual(LINK_ERRORS.expired);
    expect((await answer(expiring.token, { text: 'Te laat' })).statusCode).toBe(410);
    expect(await state(expiring.id)).toBe('forward to external');

    const moved = await forward();
    expect((await staff('PATCH', `${P}/signals/${moved.id}`, { status: { state: 'b', text: 'We doen het zelf' } })).status).toBe(200);
    expect((await view(moved.token)).json()).toEqual(LINK_ERRORS.closed);
    expect((await answer(moved.token, { text: 'Gedaan' })).json()).toEqual(LINK_ERRORS.closed);
    expect(await state(moved.id)).toBe('b');
  });
});
