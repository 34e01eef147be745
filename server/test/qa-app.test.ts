/**
 * The follow-up flows inside the real app (database plugin, outbox, storage): start
 * each flow for a stored report, take the link from the outbox, complete the flow,
 * and check what the report looks like afterwards. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { FILES, multipart, validReport } from './support.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

for (const target of DATABASE_TARGETS) {
  describe(`follow-up flows in the app (${target})`, () => {
    const t = useTestApp(target);

    async function storeReport(email = 'melder@example.com') {
      const { app } = t();
      const category = await app.db.selectFrom('category').select('id').where('parent_id', 'is not', null).executeTakeFirstOrThrow();
      const uuid = randomUUID();
      const row = await app.db
        .insertInto('signal')
        .values({ uuid, source: 'online', text: 'Losliggende stoeptegels', category_id: category.id, lng: 4.8936, lat: 52.3731, address_text: 'Dam 1, 1012JS Amsterdam', reporter_email: email, incident_date_start: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { uuid, id: row.id };
    }

    async function lastLink(to: string, pattern: RegExp) {
      const mails = await t().app.outbox.list(20);
      const mail = mails.find((m) => m.to === to && pattern.test(m.text));
      if (!mail) throw new Error(`no mail to ${to}`);
      return mail.text.match(pattern)![0];
    }

    it('reply request: link in the outbox, answer with a photo, report gets the reaction', async () => {
      const { app } = t();
      const report = await storeReport('reactie@example.com');
      const start = await app.inject({ method: 'POST', url: '/dev/followup/reaction-request', payload: { signal_id: report.uuid, question: 'Hoeveel tegels liggen los?' } });
      expect(start.statusCode).toBe(201);
      const link = await lastLink('reactie@example.com', /http:\/\/localhost:8080\/incident\/reactie\/[0-9a-f-]{36}/);
      const uuid = link.split('/').pop()!;

      const session = await app.inject({ method: 'GET', url: `/signals/v1/public/qa/sessions/${uuid}` });
      expect(session.statusCode).toBe(200);
      const [text, image] = session.json().path_questions;
      expect(session.json().signal_snapshot).toMatchObject({ signal_id: report.uuid, id: report.id });

      const boundary = '----reply';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="question_uuid"\r\n\r\n${image.uuid}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tegels.png"\r\nContent-Type: image/png\r\n\r\n`),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = await app.inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${uuid}/attachments`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      expect(upload.statusCode).toBe(201);
      await app.inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${uuid}/answers`, payload: [{ question_uuid: text.uuid, payload: 'Een stuk of vijf' }] });
      // the browser's client sends a JSON content type without a body: accepted, as by the reference backend
      const submit = await app.inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${uuid}/submit`, headers: { 'content-type': 'application/json' } });
      expect(submit.statusCode).toBe(200);

      const signal = await app.db.selectFrom('signal').select(['state', 'state_text']).where('uuid', '=', report.uuid).executeTakeFirstOrThrow();
      expect(signal).toEqual({ state: 'reaction received', state_text: 'Een stuk of vijf' });
      // the photo of the reply is now a public attachment of the report, with a note for staff
      const attachments = await app.db.selectFrom('attachment').select(['file_path', 'original_filename', 'mime_type', 'size', 'public']).where('signal_id', '=', report.id).execute();
      expect(attachments).toEqual([{ file_path: expect.stringMatching(/^qa\/.+tegels\.png$/), original_filename: 'tegels.png', mime_type: 'image/png', size: expect.any(Number), public: true }]);
      const media = await app.inject({ method: 'GET', url: app.storage.urlPath(attachments[0].file_path) });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe('image/png');
      // the photo is stored re-encoded (services/attachments/image.ts): the size is the stored copy's
      expect(media.rawPayload.length).toBe(attachments[0].size);
      const notes = await app.db.selectFrom('signal_note').select('text').where('signal_id', '=', report.id).execute();
      expect(notes.map((n) => n.text)).toContain('Bijlage toegevoegd door melder: tegels.png');
      expect((await app.inject({ method: 'GET', url: `/signals/v1/public/qa/sessions/${uuid}` })).json()).toEqual({ detail: 'Already used!' });
    });

    it('answers 400 to invalid JSON on a session call', async () => {
      const { app } = t();
      const report = await storeReport('json@example.com');
      await app.inject({ method: 'POST', url: '/dev/followup/reaction-request', payload: { signal_id: report.uuid, question: 'Vraag?' } });
      const uuid = (await lastLink('json@example.com', /reactie\/[0-9a-f-]{36}/)).split('/').pop()!;
      const res = await app.inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${uuid}/answers`, payload: '[{"question_uuid":', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/^JSON parse error - /);
    });

    it("reply request: the report's public photos are in the explanation", async () => {
      const { app } = t();
      const report = await storeReport('fotos@example.com');
      await app.db.insertInto('attachment').values({ signal_id: report.id, file_path: 'attachments/2026/05/01/abc/bank.png', original_filename: 'bank.png', mime_type: 'image/png', size: 100, is_image: true }).execute();
      await app.inject({ method: 'POST', url: '/dev/followup/reaction-request', payload: { signal_id: report.uuid, question: 'Vraag?' } });
      const uuid = (await lastLink('fotos@example.com', /reactie\/[0-9a-f-]{36}/)).split('/').pop()!;
      const files = (await app.inject({ method: 'GET', url: `/signals/v1/public/qa/sessions/${uuid}` })).json().questionnaire_explanation.sections[0].files;
      expect(files).toEqual([{ description: 'bank.png', file: '/signals/media/attachments/2026/05/01/abc/bank.png', created_at: expect.stringMatching(/^\d{4}-/) }]);
    });

    it('e-mail verification: the new address becomes the report e-mail', async () => {
      const { app } = t();
      const report = await storeReport('oud@example.com');
      await app.inject({ method: 'POST', url: '/dev/followup/verify-email', payload: { signal_id: report.uuid, email: 'nieuw@example.com' } });
      const token = (await lastLink('nieuw@example.com', /verify_email\/[0-9a-f]+/)).split('/').pop()!;
      const res = await app.inject({ method: 'POST', url: '/signals/v1/public/reporter/verify-email', payload: { token } });
      expect(res.statusCode).toBe(200);
      const signal = await app.db.selectFrom('signal').select('reporter_email').where('uuid', '=', report.uuid).executeTakeFirstOrThrow();
      expect(signal.reporter_email).toBe('nieuw@example.com');
      const notes = await app.db.selectFrom('signal_note').select('text').where('signal_id', '=', report.id).execute();
      expect(notes.map((n) => n.text)).toEqual(['E-mailadres van de melder gewijzigd en bevestigd: nieuw@example.com']);
    });

    it('survey: closes the report, stores the answer once', async () => {
      const { app } = t();
      const report = await storeReport('kto@example.com');
      await app.inject({ method: 'POST', url: '/dev/followup/feedback', payload: { signal_id: report.uuid } });
      const uuid = (await lastLink('kto@example.com', /kto\/satisfied\/[0-9a-f-]{36}/)).split('/').pop()!;
      const state = await app.db.selectFrom('signal').select('state').where('uuid', '=', report.uuid).executeTakeFirstOrThrow();
      expect(state.state).toBe('o');
      const put = await app.inject({ method: 'PUT', url: `/signals/v1/public/feedback/forms/${uuid}`, payload: { satisfaction: 'satisfied', text_list: ['Het ging snel'] } });
      expect(put.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/signals/v1/public/feedback/forms/${uuid}` })).json()).toEqual({ detail: 'filled out' });
    });

    it('app.followup starts a reply request for the staff side', async () => {
      const { app } = t();
      const report = await storeReport('staf@example.com');
      const started = await app.followup.requestReaction(report.uuid, 'Welke kleur heeft de container?');
      expect(started.link).toBe(`http://localhost:8080/incident/reactie/${started.sessionUuid}`);
      expect(await lastLink('staf@example.com', /reactie\/[0-9a-f-]{36}/)).toContain(started.sessionUuid);
      const signal = await app.db.selectFrom('signal').select(['state', 'state_text']).where('uuid', '=', report.uuid).executeTakeFirstOrThrow();
      expect(signal).toEqual({ state: 'reaction requested', state_text: 'Welke kleur heeft de container?' });
    });
  });
}

describe('reply photos honour API_MAX_UPLOAD_SIZE and leave no temporary files', () => {
  const t = useTestApp('pglite', { config: { maxUploadBytes: 2048 } });

  it('refuses a photo over the configured limit with 400 and keeps nothing of it on disk', async () => {
    const { app, dataDir } = t();
    const report = await app.inject({ method: 'POST', url: '/signals/v1/public/signals/', payload: validReport() });
    const { sessionUuid } = await app.followup.requestReaction(report.json().signal_id as string, 'Hoe groot is het gat?');
    const image = (await app.inject({ method: 'GET', url: `/signals/v1/public/qa/sessions/${sessionUuid}` })).json().path_questions[1];
    const send = (data: Buffer) =>
      app.inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${sessionUuid}/attachments`, ...multipart([{ name: 'question_uuid', data: image.uuid }, { name: 'file', filename: 'gat.jpg', type: 'image/jpeg', data }]) });
    const big = await send(FILES.jpeg(4096));
    expect(big.statusCode).toBe(400);
    expect(big.json().file[0]).toContain('2048');
    const small = await send(FILES.jpeg(100));
    expect(small.statusCode).toBe(201);
    expect(readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
  });
});
