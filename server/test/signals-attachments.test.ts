import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { FILES, multipart, postReport, validReport } from './support.ts';

describe.each(DATABASE_TARGETS)('POST /signals/v1/public/signals/{uuid}/attachments/ on %s', (target) => {
  const t = useTestApp(target, { config: { maxUploadBytes: 64 * 1024 } });

  async function newReport() {
    return (await postReport(t().app, validReport())).body.signal_id as string;
  }
  async function upload(uuid: string, filename: string, data: Buffer, name = 'file') {
    const body = multipart([{ name, filename, type: 'image/jpeg', data }]);
    const res = await t().app.inject({ method: 'POST', url: `/signals/v1/public/signals/${uuid}/attachments/`, ...body });
    return { status: res.statusCode, body: res.json() as any };
  }

  it('stores a photo on disk, adds a note and answers 201 with its location', async () => {
    const uuid = await newReport();
    const { status, body } = await upload(uuid, 'foto.png', FILES.png());
    expect(status).toBe(201);
    expect(Object.keys(body)).toEqual(['_display', '_links', 'location', 'is_image', 'created_at']);
    expect(body._display).toMatch(/^Attachment object \(\d+\)$/);
    expect(body._links.self.href).toBe(`http://localhost:8080/signals/v1/public/signals/${uuid}/attachments`);
    expect(body.is_image).toBe(true);
    const url = new URL(body.location);
    expect(url.pathname).toMatch(/^\/signals\/media\/attachments\/\d{4}\/\d\d\/\d\d\/.+\/foto\.png$/);
    const served = await t().app.inject({ method: 'GET', url: url.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(FILES.png())).toBe(true);
    const signal = await t().app.db.selectFrom('signal').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    const notes = await t().app.db.selectFrom('signal_note').select('text').where('signal_id', '=', signal.id).execute();
    expect(notes.map((n) => n.text)).toEqual(['Bijlage toegevoegd door melder: foto.png']);
    const row = await t().app.db.selectFrom('attachment').selectAll().where('signal_id', '=', signal.id).executeTakeFirstOrThrow();
    expect(existsSync(path.join(t().dataDir, 'media', row.file_path))).toBe(true);
  });

  it('accepts jpeg and gif by their content', async () => {
    const uuid = await newReport();
    expect((await upload(uuid, 'foto.JPG', FILES.jpeg())).status).toBe(201);
    expect((await upload(uuid, 'animatie.gif', FILES.gif())).status).toBe(201);
  });

  it('refuses a renamed executable', async () => {
    const { status, body } = await upload(await newReport(), 'vakantie.jpg', FILES.exe());
    expect(status).toBe(400);
    expect(body).toEqual({ file: ["Files of type 'application/x-msdownload' are not allowed!"] });
  });

  it('refuses a photo whose name says another type', async () => {
    const { status, body } = await upload(await newReport(), 'foto.jpg', FILES.png());
    expect(status).toBe(400);
    expect(body).toEqual({ file: ["'image/png' does not match filename extension!"] });
  });

  it('refuses a PDF on the public endpoint', async () => {
    const { body } = await upload(await newReport(), 'brief.pdf', FILES.pdf());
    expect(body).toEqual({ file: ["Files of type 'application/pdf' are not allowed!"] });
  });

  it('refuses a truncated image as not valid', async () => {
    const { body } = await upload(await newReport(), 'kapot.png', FILES.png().subarray(0, 60));
    expect(body).toEqual({ file: ['File is not valid!'] });
  });

  it('refuses a file name with a NUL character instead of failing to store it', async () => {
    const { status, body } = await upload(await newReport(), 'foto\u0000.png', FILES.png());
    expect(status).toBe(400);
    expect(body).toEqual({ file: ['Null-tekens zijn niet toegestaan.'] });
  });

  it('refuses a file over the size limit and names its size', async () => {
    const big = FILES.jpeg(70 * 1024);
    const { status, body } = await upload(await newReport(), 'groot.jpg', big);
    expect(status).toBe(400);
    expect(body).toEqual({ file: [`File size of ${big.length} is more than the allowed size ${64 * 1024}!`] });
  });

  it('stops reading a file far over the limit and still answers 400, not 413 or 500', async () => {
    const { status, body } = await upload(await newReport(), 'enorm.jpg', FILES.jpeg(300 * 1024));
    expect(status).toBe(400);
    expect(body.file).toHaveLength(1);
  });

  it('refuses a request without a file', async () => {
    const uuid = await newReport();
    const wrongField = await upload(uuid, 'foto.png', FILES.png(), 'foto');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.file).toHaveLength(1);
    const json = await t().app.inject({ method: 'POST', url: `/signals/v1/public/signals/${uuid}/attachments/`, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().file).toHaveLength(1);
  });

  it('answers a broken multipart body with 400', async () => {
    const uuid = await newReport();
    for (const payload of ['--abc\r\nkapot', 'geen multipart']) {
      const res = await t().app.inject({
        method: 'POST',
        url: `/signals/v1/public/signals/${uuid}/attachments/`,
        payload,
        headers: { 'content-type': payload.startsWith('--') ? 'multipart/form-data; boundary=abc' : 'multipart/form-data' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('detail');
    }
  });

  it('refuses uploads once the report is in a state that does not take them', async () => {
    const uuid = await newReport();
    await t().app.db.updateTable('signal').set({ state: 'b' }).where('uuid', '=', uuid).execute();
    const { status, body } = await upload(uuid, 'foto.png', FILES.png());
    expect(status).toBe(400);
    expect(body).toEqual(['Public uploads not allowed in current signal state.']);
  });

  it('takes uploads on a closed report only while a feedback request is open', async () => {
    const uuid = await newReport();
    await t().app.db.updateTable('signal').set({ state: 'o' }).where('uuid', '=', uuid).execute();
    expect((await upload(uuid, 'foto.png', FILES.png())).body).toEqual(['No feedback expected for this signal hence no uploads allowed.']);
    await t().app.db
      .insertInto('feedback_request')
      .values({ uuid: '7d4f0c2e-1b7a-4e8e-9a51-0d4a3c2b1a00', signal_uuid: uuid, submit_before: new Date(Date.now() + 86_400_000) })
      .execute();
    expect((await upload(uuid, 'foto.png', FILES.png())).status).toBe(201);
  });

  it('answers 404 for an unknown report and 405 for GET', async () => {
    const unknown = await upload('3f1b6a3e-5a0c-4a55-9a0b-2b7c6f3e9d11', 'foto.png', FILES.png());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'No Signal matches the given query.' });
    const get = await t().app.inject({ method: 'GET', url: `/signals/v1/public/signals/${await newReport()}/attachments/` });
    expect(get.statusCode).toBe(405);
  });
});

describe('media files', () => {
  it('does not serve files outside the media folder', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/signals/media/..%2F..%2Fetc%2Fpasswd' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe.each(DATABASE_TARGETS)('attachments per report are capped, and no file outlives its row, on %s', (target) => {
  const t = useTestApp(target, { config: { maxAttachmentsPerReport: 2 } });
  const filesUnder = (dir: string): string[] =>
    existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])) : [];

  it('takes at most MAX_ATTACHMENTS_PER_REPORT, also when ten arrive at once, and leaves no file without its row', async () => {
    const uuid = (await postReport(t().app, validReport())).body.signal_id as string;
    const send = () =>
      t().app.inject({ method: 'POST', url: `/signals/v1/public/signals/${uuid}/attachments/`, ...multipart([{ name: 'file', filename: 'foto.png', type: 'image/png', data: FILES.png() }]) });
    const results = await Promise.all(Array.from({ length: 10 }, send));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, ...Array(8).fill(400)]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ file: ['Deze melding heeft al het maximale aantal bijlagen (2).'] });
    const rows = await t().app.db.selectFrom('attachment').select('file_path').execute();
    const onDisk = filesUnder(path.join(t().dataDir, 'media', 'attachments')).map((f) => path.relative(path.join(t().dataDir, 'media'), f).split(path.sep).join('/'));
    expect(onDisk.sort()).toEqual(rows.map((r) => r.file_path).sort());
  });
});
