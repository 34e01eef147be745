/**
 * Backups (docs/operations.md): a round trip with reports and attachments — backup, restore into
 * an empty database, the reports and their photos are back — and the dump loads in psql.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { backup, restore, RestoreError } from '../src/backup/index.ts';
import { folderStore } from '../src/storage/index.ts';
import type { Database } from '../src/db/index.ts';
import { PGlitePool } from '../src/db/pglite-pool.ts';
import { buildApp } from '../src/app.ts';
import { buildTestApp, DATABASE_TARGETS } from './helpers.ts';
import { FILES, multipart, postReport, validReport } from './support.ts';

const databaseUrl = process.env.TEST_DATABASE_URL ?? '';

describe.each(DATABASE_TARGETS)('backup and restore (%s)', (target) => {
  it('brings back every report, its history and its photos in an empty database', { timeout: 240_000 }, async () => {
    const source = await buildTestApp(target);
    const folder = mkdtempSync(path.join(tmpdir(), 'meldloket-backup-'));
    const restoredData = mkdtempSync(path.join(tmpdir(), 'meldloket-restored-'));
    let uuids: string[] = [];
    let photoPath = '';
    try {
      uuids = [
        (await postReport(source.app, validReport({ text: 'Grofvuil met een apostrof: d\'r ligt een bank' }))).body.signal_id,
        (await postReport(source.app, validReport({ text: 'Tweede melding, met "aanhalingstekens" en een emoji 🚲' }))).body.signal_id,
      ];
      const upload = await source.app.inject({ method: 'POST', url: `/signals/v1/public/signals/${uuids[0]}/attachments/`, ...multipart([{ name: 'file', filename: 'foto.png', type: 'image/png', data: FILES.png() }]) });
      expect(upload.statusCode).toBe(201);
      photoPath = new URL(upload.json().location).pathname;

      const manifest = await backup(source.app.db, { target: folder, files: source.app.storage.files, kind: target });
      expect(manifest.rows.signal).toBe(2);
      expect(manifest.rows.attachment).toBe(1);
      expect(manifest.media_files).toBe(1);
      expect(manifest.migrations).toContain('001_core');
    } finally {
      await source.close();
    }

    // Restore into a fresh embedded database and start the app on it.
    const pglite = new PGlite();
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite, async () => undefined) }) });
    try {
      await restore(db, { source: folder, files: folderStore(path.join(restoredData, 'media')), exec: (script) => pglite.exec(script) });
      await expect(restore(db, { source: folder, files: folderStore(path.join(restoredData, 'media')), exec: (script) => pglite.exec(script) })).rejects.toThrow(RestoreError);
      const app = await buildApp({ config: { dataDir: restoredData, staticDir: '', publicUrl: 'http://localhost:8080' }, database: { db } });
      await app.ready();
      try {
        const first = await app.inject({ method: 'GET', url: `/signals/v1/public/signals/${uuids[0]}` });
        expect(first.statusCode).toBe(200);
        const second = await app.inject({ method: 'GET', url: `/signals/v1/public/signals/${uuids[1]}` });
        expect(second.statusCode).toBe(200);
        const texts = await db.selectFrom('signal').select('text').orderBy('id').execute();
        expect(texts.map((r) => r.text)).toEqual(["Grofvuil met een apostrof: d'r ligt een bank", 'Tweede melding, met "aanhalingstekens" en een emoji 🚲']);
        // the status log is as it was: one entry per report, no duplicates from the trigger
        const log = await db.selectFrom('signal_status_log' as never).select('signal_id' as never).execute();
        expect(log).toHaveLength(2);
        const photo = await app.inject({ method: 'GET', url: photoPath });
        expect(photo.statusCode).toBe(200);
        expect(photo.rawPayload.equals(FILES.png())).toBe(true);
        // new reports continue after the restored ids
        const third = await postReport(app, validReport({ text: 'Na het terugzetten' }));
        expect(third.status).toBe(201);
        const ids = (await db.selectFrom('signal').select('id').orderBy('id').execute()).map((r) => r.id);
        expect(new Set(ids).size).toBe(3);
      } finally {
        await app.close();
      }
    } finally {
      await db.destroy();
      await pglite.close();
      rmSync(folder, { recursive: true, force: true });
      rmSync(restoredData, { recursive: true, force: true });
    }
  });
});

describe.runIf(databaseUrl && spawnSync('psql', ['--version']).status === 0)('the dump in psql', () => {
  it('loads into an empty PostgreSQL database', { timeout: 240_000 }, async () => {
    const source = await buildTestApp('pglite');
    const folder = mkdtempSync(path.join(tmpdir(), 'meldloket-backup-'));
    const name = `restore_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await postReport(source.app, validReport({ text: 'Melding voor psql' }));
      await backup(source.app.db, { target: folder, files: source.app.storage.files, kind: 'pglite' });
      await admin.query(`create database ${name}`);
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      execFileSync('psql', ['-v', 'ON_ERROR_STOP=1', '-q', '-d', url.toString(), '-f', path.join(folder, 'database.sql')], { stdio: 'pipe' });
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query<{ text: string }>('select text from signal');
      await check.end();
      expect(rows.map((r) => r.text)).toEqual(['Melding voor psql']);
      expect(readFileSync(path.join(folder, 'database.sql'), 'utf8')).toContain('create table "signal"');
    } finally {
      await source.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
