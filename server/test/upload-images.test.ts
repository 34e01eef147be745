/**
 * The image step of every upload path (services/attachments/image.ts) and the PDF's
 * photos, on PGlite and PostgreSQL:
 *
 * - a PNG, a JPEG and a GIF that pass the content checks but do not decode are refused
 *   with one Dutch 400 at the file field on each path (resident, staff, reply page,
 *   external party), and nothing is stored;
 * - a decompression bomb is refused by its pixel count;
 * - a phone photo with EXIF (camera, GPS), XMP and IPTC is stored re-encoded, upright,
 *   without any of it, on each path, and the PDF holds none of it either;
 * - an image that does not decode but is stored already (from before the image step)
 *   becomes a placeholder in the PDF, and the report's detail still opens.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_NOT_DECODED, IMAGE_TOO_MANY_PIXELS, MAX_IMAGE_PIXELS } from '../src/services/attachments/image.ts';
import { PHOTO_NOT_SHOWN } from '../src/services/pdf/index.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { cameraPhoto, corruptImages, metadataTraces, pixelBomb } from './images.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { multipart, pdfText, validReport } from './support.ts';

const P = '/signals/v1/private';
type Upload = { filename: string; type: string; data: Buffer };
type Answer = { status: number; body: any };

describe.each(DATABASE_TARGETS)('uploaded images (%s)', (target) => {
  const t = useTestApp(target);
  const app = () => t().app;
  const staffHeaders = async () => bearer(await mintToken(app(), ACCOUNTS.behandelaar.email));
  const json = (res: { statusCode: number; json(): unknown }): Answer => ({ status: res.statusCode, body: res.json() });

  /** A report made by staff (id and uuid), open for the resident's uploads. */
  const newReport = async () => {
    const res = await app().inject({ method: 'POST', url: `${P}/signals/`, headers: await staffHeaders(), payload: validReport({ source: 'Telefoon – ASC', priority: { priority: 'normal' }, type: { code: 'SIG' } }) });
    expect(res.statusCode).toBe(201);
    return { id: res.json().id as number, uuid: res.json().signal_id as string };
  };
  const attachmentRows = (id: number) => app().db.selectFrom('attachment').select(['id', 'file_path', 'mime_type', 'size', 'public']).where('signal_id', '=', id).orderBy('id').execute();

  /** The four ways a photo reaches a report; each answers the upload's status and body. */
  const paths: Record<string, (report: { id: number; uuid: string }, file: Upload) => Promise<Answer>> = {
    async resident(report, file) {
      return json(await app().inject({ method: 'POST', url: `/signals/v1/public/signals/${report.uuid}/attachments/`, ...multipart([{ name: 'file', ...file }]) }));
    },
    async staff(report, file) {
      const form = multipart([{ name: 'file', ...file }]);
      return json(await app().inject({ method: 'POST', url: `${P}/signals/${report.id}/attachments/`, payload: form.payload, headers: { ...form.headers, ...(await staffHeaders()) } }));
    },
    async 'reply page'(report, file) {
      // the reporter is asked a question and answers on the follow-up page with a photo
      const email = `reactie-${randomUUID().slice(0, 8)}@example.com`;
      await app().db.updateTable('signal').set({ reporter_email: email }).where('id', '=', report.id).execute();
      const started = await app().followup.requestReaction(report.uuid, 'Hoe ziet het eruit?');
      const session = (await app().inject({ method: 'GET', url: `/signals/v1/public/qa/sessions/${started.sessionUuid}` })).json();
      const image = session.path_questions.find((q: { field_type: string }) => q.field_type === 'image');
      const form = multipart([{ name: 'question_uuid', data: image.uuid }, { name: 'file', ...file }]);
      const res = json(await app().inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${started.sessionUuid}/attachments`, ...form }));
      if (res.status !== 201) return res;
      // the photo becomes the report's attachment when the reply is sent
      const text = session.path_questions.find((q: { field_type: string }) => q.field_type === 'plain_text');
      expect((await app().inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${started.sessionUuid}/answers`, payload: [{ question_uuid: text.uuid, payload: 'Zo' }] })).statusCode).toBe(200);
      expect((await app().inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${started.sessionUuid}/submit` })).statusCode).toBe(200);
      return res;
    },
    async 'external party'(report, file) {
      const party = `aannemer-${randomUUID().slice(0, 8)}@example.com`;
      const patched = await app().inject({ method: 'PATCH', url: `${P}/signals/${report.id}`, headers: await staffHeaders(), payload: { status: { state: 'forward to external', text: 'Wilt u kijken?', email_override: party, send_email: true } } });
      expect(patched.statusCode).toBe(200);
      const mail = await app().db.selectFrom('outbox').select('text').where('to', '=', party).executeTakeFirstOrThrow();
      const token = /\/incident\/extern\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
      const form = multipart([{ name: 'text', data: 'Bekeken' }, { name: 'file', ...file }]);
      return json(await app().inject({ method: 'POST', url: `/signals/v1/public/external/${token}`, ...form }));
    },
  };

  it.each(Object.keys(paths))('%s: a PNG, JPEG and GIF that do not decode are refused with a Dutch 400, nothing is stored', async (name) => {
    for (const file of await corruptImages()) {
      const report = await newReport();
      expect(await paths[name]!(report, file), file.filename).toEqual({ status: 400, body: { file: [IMAGE_NOT_DECODED] } });
      expect(await attachmentRows(report.id)).toEqual([]);
    }
  });

  it('a decompression bomb is refused by its pixel count before it is decoded', async () => {
    const report = await newReport();
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(100_000);
    expect(IMAGE_TOO_MANY_PIXELS).toContain(`${MAX_IMAGE_PIXELS / 1_000_000} miljoen pixels`); // the text names the limit
    expect(await paths.resident!(report, { filename: 'bom.png', type: 'image/png', data: bomb })).toEqual({ status: 400, body: { file: [IMAGE_TOO_MANY_PIXELS] } });
    expect(await attachmentRows(report.id)).toEqual([]);
  });

  it.each(Object.keys(paths))('%s: a phone photo is stored upright without EXIF, GPS, XMP or IPTC, and the PDF has none of it', async (name) => {
    const photo = await cameraPhoto();
    expect(metadataTraces(photo)).toHaveLength(8); // the fixture carries all of it
    const report = await newReport();
    expect((await paths[name]!(report, { filename: 'foto.jpg', type: 'image/jpeg', data: photo })).status).toBe(201);

    const [row] = await attachmentRows(report.id);
    const stored = (await app().storage.read(row!.file_path))!;
    expect(row).toMatchObject({ mime_type: 'image/jpeg', size: stored.length });
    expect(metadataTraces(stored)).toEqual([]);
    const meta = await sharp(stored).metadata();
    expect({ width: meta.width, height: meta.height, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, orientation: meta.orientation }).toEqual({
      width: 30, // turned by its orientation (6) before the EXIF went
      height: 60,
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
      orientation: undefined,
    });
    // what the browser gets is that copy (a staff-only file through the private route)
    const served = row!.public
      ? await app().inject({ method: 'GET', url: app().storage.urlPath(row!.file_path) })
      : await app().inject({ method: 'GET', url: `${P}/signals/${report.id}/attachments/${row!.id}/file`, headers: await staffHeaders() });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored)).toBe(true);

    const pdf = await app().inject({ method: 'GET', url: `${P}/signals/${report.id}/pdf`, headers: await staffHeaders() });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect(metadataTraces(pdf.rawPayload)).toEqual([]);
    expect(pdfText(pdf.rawPayload)).not.toContain(PHOTO_NOT_SHOWN);
  });

  it('images stored before the image step that do not decode: the PDF shows a placeholder for each, the detail still opens', async () => {
    const report = await newReport();
    const broken = await corruptImages();
    for (const file of broken) {
      // as an older version stored them: the bytes as uploaded
      const saved = await app().storage.save('attachments', file.filename, file.data);
      await app().db.insertInto('attachment').values({ signal_id: report.id, file_path: saved.relativePath, original_filename: file.filename, mime_type: file.type, size: file.data.length, is_image: true, public: true }).execute();
    }
    const good = await cameraPhoto();
    expect((await paths.staff!(report, { filename: 'goed.jpg', type: 'image/jpeg', data: good })).status).toBe(201);

    const pdf = await app().inject({ method: 'GET', url: `${P}/signals/${report.id}/pdf`, headers: await staffHeaders() });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text.split(PHOTO_NOT_SHOWN)).toHaveLength(broken.length + 1);
    for (const file of [...broken.map((b) => b.filename), 'goed.jpg']) expect(text).toContain(file);
    // the good photo is drawn: one image in the PDF
    expect(pdf.rawPayload.toString('latin1').match(/\/Subtype\s*\/Image/g)).toHaveLength(1);

    const detail = await app().inject({ method: 'GET', url: `${P}/signals/${report.id}`, headers: await staffHeaders() });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().attachments).toHaveLength(broken.length + 1);
  });
});
