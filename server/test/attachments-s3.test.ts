/**
 * Attachments in an S3-compatible bucket (ATTACHMENTS_S3_*), against a local fake that
 * speaks S3's wire format: a report's photo is stored in the bucket, not on disk, and two
 * server instances with their own data folders serve the same file; the store copies,
 * removes and lists; a back-up from the bucket restores into another one.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { backup, restore } from '../src/backup/index.ts';
import { readConfig } from '../src/config.ts';
import type { Database } from '../src/db/index.ts';
import { PGlitePool } from '../src/db/pglite-pool.ts';
import { folderStore, openFileStore, readAttachmentsConfig, type FileStore } from '../src/storage/index.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { startS3Fake, type S3Fake } from './s3-fake.ts';
import { FILES, multipart, postReport, validReport } from './support.ts';

let fake: S3Fake;
beforeAll(async () => {
  fake = await startS3Fake(['meldloket', 'herstel']);
});
afterAll(() => fake.close());

const s3Env = (bucket: string, prefix = '') => ({
  ATTACHMENTS_S3_BUCKET: bucket,
  ATTACHMENTS_S3_PREFIX: prefix,
  ATTACHMENTS_S3_ENDPOINT: fake.endpoint,
  ATTACHMENTS_S3_REGION: 'eu-west-1',
  ATTACHMENTS_S3_FORCE_PATH_STYLE: 'true',
  ATTACHMENTS_S3_ACCESS_KEY_ID: 'test',
  ATTACHMENTS_S3_SECRET_ACCESS_KEY: 'test-secret',
});

describe('attachment settings', () => {
  it('keeps files in DATA_DIR/media by default, in ATTACHMENTS_DIR when set, and in a bucket when ATTACHMENTS_S3_BUCKET is set', () => {
    expect(readConfig({}, '/srv/meldloket').attachments).toEqual({ dir: '' });
    expect(readConfig({ ATTACHMENTS_DIR: 'gedeeld/bijlagen' }, '/srv/meldloket').attachments).toEqual({ dir: path.resolve('/srv/meldloket', 'gedeeld/bijlagen') });
    expect(readAttachmentsConfig({ ...s3Env('meldloket', '/meldloket') }).s3).toEqual({
      bucket: 'meldloket',
      prefix: 'meldloket/',
      endpoint: fake.endpoint,
      region: 'eu-west-1',
      forcePathStyle: true,
      accessKeyId: 'test',
      secretAccessKey: 'test-secret',
    });
  });
});

describe('the S3 store', () => {
  let store: FileStore;
  beforeAll(async () => {
    store = await openFileStore(readAttachmentsConfig(s3Env('meldloket', 'eenheid')), '/niet-gebruikt');
  });

  it('writes, reads, copies, lists and removes objects under its prefix', async () => {
    await store.put('attachments/2026/11/24/abc/foto.png', FILES.png());
    expect(fake.buckets.get('meldloket')!.get('eenheid/attachments/2026/11/24/abc/foto.png')).toMatchObject({ data: FILES.png(), contentType: 'image/png' });
    expect(await store.get('attachments/2026/11/24/abc/foto.png')).toEqual(FILES.png());
    await store.copy('attachments/2026/11/24/abc/foto.png', 'attachments/2026/11/24/def/kopie van foto.png');
    expect(await store.get('attachments/2026/11/24/def/kopie van foto.png')).toEqual(FILES.png());
    const listed = [];
    for await (const key of store.list()) listed.push(key);
    expect(listed.sort()).toEqual(['attachments/2026/11/24/abc/foto.png', 'attachments/2026/11/24/def/kopie van foto.png']);
    await store.remove('attachments/2026/11/24/abc/foto.png');
    await store.remove('attachments/2026/11/24/abc/foto.png'); // already gone: no error
    expect(await store.get('attachments/2026/11/24/abc/foto.png')).toBeUndefined();
    expect(await store.open('../buiten/de/bucket.png')).toBeUndefined();
  });

  it('moves a received upload from the local folder into the bucket', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 's3-upload-'));
    const local = path.join(tmp, 'upload');
    await folderStore(tmp).put('upload', FILES.jpeg());
    await store.putFile('qa/2026/11/24/x-gat.jpg', local);
    expect(existsSync(local)).toBe(false);
    expect(await store.get('qa/2026/11/24/x-gat.jpg')).toEqual(FILES.jpeg());
    rmSync(tmp, { recursive: true, force: true });
  });
});

describe('two servers on one bucket', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const attachments = readAttachmentsConfig(s3Env('meldloket', 'servers'));
    first = await buildTestApp('pglite', { config: { attachments } });
    second = await buildTestApp('pglite', { config: { attachments } });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('stores a report photo in the bucket and both servers serve it', async () => {
    const uuid = (await postReport(first.app, validReport())).body.signal_id as string;
    const form = multipart([{ name: 'file', filename: 'losse tegel.png', type: 'image/png', data: FILES.png() }]);
    const res = await first.app.inject({ method: 'POST', url: `/signals/v1/public/signals/${uuid}/attachments/`, ...form });
    expect(res.statusCode).toBe(201);
    const location = new URL(res.json().location as string).pathname;
    const key = decodeURIComponent(location.replace('/signals/media/', ''));
    expect(fake.buckets.get('meldloket')!.get(`servers/${key}`)?.data).toEqual(FILES.png());
    expect(existsSync(path.join(first.dataDir, 'media')) ? readdirSync(path.join(first.dataDir, 'media'), { recursive: true }) : []).toEqual([]);

    for (const server of [first, second]) {
      const served = await server.app.inject({ method: 'GET', url: location });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(FILES.png())).toBe(true);
    }
    expect((await second.app.inject({ method: 'GET', url: '/signals/media/attachments/bestaat/niet.png' })).statusCode).toBe(404);
  });

  it('backs the bucket up with the database, and restores its files into another bucket', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 's3-backup-'));
    try {
      const manifest = await backup(first.app.db, { target: path.join(folder, 'b'), files: first.app.storage.files, kind: 'pglite' });
      expect(manifest.media_files).toBe(1);
      const [key] = readdirSync(path.join(folder, 'b', 'media'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(path.join(folder, 'b', 'media'), path.join(e.parentPath, e.name)).split(path.sep).join('/'));
      expect(key).toMatch(/^attachments\/\d{4}\/\d\d\/\d\d\/\w+\/losse_tegel\.png$/);

      const pglite = new PGlite();
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite, async () => undefined) }) });
      try {
        const restoredFiles = await openFileStore(readAttachmentsConfig(s3Env('herstel')), folder);
        await restore(db, { source: path.join(folder, 'b'), files: restoredFiles, exec: (script) => pglite.exec(script) });
        expect(fake.buckets.get('herstel')!.get(key)?.data).toEqual(FILES.png());
        const row = await db.selectFrom('attachment').select('file_path').executeTakeFirstOrThrow();
        expect(await restoredFiles.get(row.file_path)).toEqual(FILES.png());
      } finally {
        await db.destroy();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
