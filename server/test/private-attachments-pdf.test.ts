/**
 * Private attachments (upload with sia_add_attachment, delete by the permissions of
 * docs/reference/permissions.md#permissions-and-scoping for normal, parent and child reports, the reporter's and a colleague's
 * files) and the PDF of a report (`sia:pdf`), on PGlite and PostgreSQL.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { FILES, multipart, pdfText, validReport } from './support.ts';

const P = '/signals/v1/private';
const BASE = 'http://localhost:8080';

describe.each(DATABASE_TARGETS)('private attachments and the PDF (%s)', (target) => {
  const t = useTestApp(target);
  const db = () => t().app.db;
  const token = async (account: keyof typeof ACCOUNTS) => bearer(await mintToken(t().app, ACCOUNTS[account].email));
  const call = async (account: keyof typeof ACCOUNTS, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t().app.inject({ method, url, headers: await token(account), payload: payload as object });
    return { status: res.statusCode, body: res.statusCode === 204 ? null : (res.json() as any) };
  };
  const upload = async (account: keyof typeof ACCOUNTS, signalId: number, filename: string, data: Buffer, type = 'image/png') => {
    const form = multipart([{ name: 'file', filename, type, data }]);
    const res = await t().app.inject({ method: 'POST', url: `${P}/signals/${signalId}/attachments/`, payload: form.payload, headers: { ...form.headers, ...(await token(account)) } });
    return { status: res.statusCode, body: res.json() as any };
  };
  const report = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('coordinator', 'POST', `${P}/signals/`, validReport({ source: 'Telefoon – ASC', priority: { priority: 'high' }, type: { code: 'SIG' }, ...overrides }));
    expect(res.status).toBe(201);
    return res.body as { id: number; signal_id: string };
  };
  const residentUpload = async (uuid: string) => {
    const form = multipart([{ name: 'file', filename: 'melder.png', type: 'image/png', data: FILES.png() }]);
    expect((await t().app.inject({ method: 'POST', url: `/signals/v1/public/signals/${uuid}/attachments/`, ...form })).statusCode).toBe(201);
  };

  it('upload: images and PDFs with sia_add_attachment, a note on the report, refused types and rights', async () => {
    const signal = await report();
    const res = await upload('behandelaar', signal.id, 'foto.png', FILES.png());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ is_image: true, public: false, created_by: ACCOUNTS.behandelaar.email, caption: null });
    expect(res.body._links.self.href).toMatch(new RegExp(`^${BASE}${P}/signals/${signal.id}/attachments/\\d+$`));
    // a staff upload is staff-only: its file only through the private, scoped route (docs/security.md)
    expect(res.body.location).toBe(`${res.body._links.self.href}/file`);
    expect((await upload('behandelaar', signal.id, 'tekening.pdf', FILES.pdf(), 'application/pdf')).body.is_image).toBe(false);
    expect(await upload('behandelaar', signal.id, 'virus.png', FILES.exe())).toEqual({ status: 400, body: { file: ["Files of type 'application/x-msdownload' are not allowed!"] } });
    expect((await upload('lezer', signal.id, 'foto.png', FILES.png())).status).toBe(403);

    const notes = await db().selectFrom('signal_note').select(['text', 'created_by']).where('signal_id', '=', signal.id).orderBy('id').execute();
    expect(notes).toEqual([
      { text: 'Bijlage toegevoegd: foto.png', created_by: ACCOUNTS.behandelaar.email },
      { text: 'Bijlage toegevoegd: tekening.pdf', created_by: ACCOUNTS.behandelaar.email },
    ]);
    const list = await call('behandelaar', 'GET', `${P}/signals/${signal.id}/attachments/`);
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((a: any) => [a.is_image, a.location])).toEqual(list.body.results.map((a: any) => [a.is_image, `${a._links.self.href}/file`]));
    // The reader sees only his own department's reports (GRN): 403, never the list.
    expect((await call('lezer', 'GET', `${P}/signals/${signal.id}/attachments/`)).status).toBe(403);
    expect((await call('behandelaar', 'GET', `${P}/signals/999999/attachments/`)).status).toBe(404);

    const patched = await call('behandelaar', 'PATCH', res.body._links.self.href.replace(BASE, ''), { public: true, caption: 'Voor de aannemer' });
    expect(patched.body).toMatchObject({ public: true, caption: 'Voor de aannemer' });
  });

  it('delete: the kind of report, the reporter\'s files and a colleague\'s files each need their permission', async () => {
    const normal = await report();
    await residentUpload(normal.signal_id);
    const own = (await upload('behandelaar', normal.id, 'eigen.png', FILES.png())).body;
    const colleague = (await upload('coordinator', normal.id, 'collega.png', FILES.png())).body;
    const resident = (await call('behandelaar', 'GET', `${P}/signals/${normal.id}/attachments/`)).body.results.find((a: any) => a.created_by === null);
    const del = (account: keyof typeof ACCOUNTS, a: any) => call(account, 'DELETE', a._links.self.href.replace(BASE, ''));

    // The handler has sia_delete_attachment_of_normal_signal only.
    expect(await del('behandelaar', resident)).toEqual({ status: 403, body: { detail: 'Cannot delete attachment need "sia_delete_attachment_of_anonymous_user" permission.' } });
    expect(await del('behandelaar', colleague)).toEqual({ status: 403, body: { detail: 'Cannot delete attachment need "sia_delete_attachment_of_other_user" permission.' } });
    const stored = await db().selectFrom('attachment').select('file_path').where('id', '=', Number(own._links.self.href.split('/').at(-1))).executeTakeFirstOrThrow();
    expect((await del('behandelaar', own)).status).toBe(204);
    expect(existsSync(path.join(t().dataDir, 'media', stored.file_path))).toBe(false);
    expect((await del('behandelaar', own)).status).toBe(404);
    const note = await db().selectFrom('signal_note').select('text').where('signal_id', '=', normal.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(note.text).toBe('Bijlage eigen.png is verwijderd.');
    // The coordinator may delete the reporter's and a colleague's files.
    expect((await del('coordinator', resident)).status).toBe(204);

    const parent = await report();
    const onParent = (await upload('behandelaar', parent.id, 'hoofd.png', FILES.png())).body;
    const [child] = (await call('coordinator', 'POST', `${P}/signals/`, [{ ...validReport(), parent: parent.id }])).body;
    const onChild = (await upload('behandelaar', child.id, 'deel.png', FILES.png())).body;
    expect(await del('behandelaar', onParent)).toEqual({ status: 403, body: { detail: 'Cannot delete attachment need "sia_delete_attachment_of_parent_signal" permission.' } });
    expect(await del('behandelaar', onChild)).toEqual({ status: 403, body: { detail: 'Cannot delete attachment need "sia_delete_attachment_of_child_signal" permission.' } });
    expect((await del('coordinator', onParent)).status).toBe(204);
    expect((await del('coordinator', onChild)).status).toBe(204);
    expect((await del('lezer', colleague)).status).toBe(403);
  });

  it('GET /pdf: a PDF with the number, address, category, description, answers and photos, without contact details', async () => {
    const signal = await report({ text: 'Matras en kast naast de container', category: { sub_category: '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil', text: 'Grof huishoudelijk afval' } });
    await residentUpload(signal.signal_id);
    const res = await t().app.inject({ method: 'GET', url: `${P}/signals/${signal.id}/pdf`, headers: await token('behandelaar') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="SIG-${signal.id}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(`Melding SIG-${signal.id}`);
    expect(text).toContain('Dam 1 1012JS Amsterdam');
    expect(text).toContain('Grofvuil');
    expect(text).toContain('Afval');
    expect(text).toContain('Grof huishoudelijk afval');
    expect(text).toContain('Matras en kast naast de container');
    expect(text).toContain('Restafval');
    expect(text).toContain('Hoog');
    expect(text).toContain('52.373100, 4.893600');
    expect(text).toContain('melder.png');
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect(text).not.toContain('melder@example.com');
    expect(text).not.toContain('0612345678');

    expect((await t().app.inject({ method: 'GET', url: `${P}/signals/${signal.id}/pdf`, headers: await token('lezer') })).statusCode).toBe(403);
    expect((await t().app.inject({ method: 'GET', url: `${P}/signals/999999/pdf`, headers: await token('behandelaar') })).statusCode).toBe(404);
    expect((await t().app.inject({ method: 'GET', url: `${P}/signals/${signal.id}/pdf` })).statusCode).toBe(401);
  });
});
