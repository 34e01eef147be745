/**
 * `npm run backup [-- <folder>]` and `npm run restore -- <folder>`: the database of this
 * configuration (DATABASE_URL, else the PGlite database in DATA_DIR) and its uploaded
 * files. With PGlite the server must be stopped (the data folder's lock says so).
 * See the README, "Back-ups".
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { readConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { lockDataDir, DataDirLockedError } from '../db/lock.ts';
import { PGlitePool } from '../db/pglite-pool.ts';
import { openFileStore } from '../storage/index.ts';
import { backup, restore, RestoreError } from './index.ts';

const [command, folderArgument] = process.argv.slice(2);
const config = readConfig();
const kind = config.databaseUrl ? 'postgres' : 'pglite';

async function runBackup(): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(folderArgument ?? path.join('backups', `meldloket-${stamp}`));
  // openDatabase takes the data folder's lock and applies pending migrations first.
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const manifest = await backup(handle.db, { target, files: await openFileStore(config.attachments, config.dataDir), kind });
    const total = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
    console.log(`Back-up geschreven naar ${target}: ${manifest.rows.signal ?? 0} meldingen, ${total} rijen in ${Object.keys(manifest.rows).length} tabellen, ${manifest.media_files} bestanden.`);
  } finally {
    await handle.close();
  }
}

async function runRestore(): Promise<void> {
  if (!folderArgument) throw new RestoreError('Noem de map van de back-up: npm run restore -- backups/meldloket-…');
  const source = path.resolve(folderArgument);
  let db: Kysely<Database>;
  let exec: (script: string) => Promise<unknown>;
  let close: () => Promise<void>;
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    exec = async (script) => {
      const client = await pool.connect();
      try {
        await client.query(script);
      } finally {
        client.release();
      }
    };
    close = () => db.destroy();
  } else {
    await mkdir(config.dataDir, { recursive: true });
    const unlock = lockDataDir(config.dataDir);
    const pglite = new PGlite(path.join(config.dataDir, 'pgdata'));
    await pglite.waitReady;
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
    exec = (script) => pglite.exec(script);
    close = async () => {
      await db.destroy();
      unlock();
    };
  }
  try {
    const manifest = await restore(db, { source, files: await openFileStore(config.attachments, config.dataDir), exec });
    console.log(`Back-up van ${manifest.created_at} teruggezet in ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}: ${manifest.rows.signal ?? 0} meldingen, ${manifest.media_files} bestanden.`);
  } finally {
    await close();
  }
}

try {
  if (command === 'backup') await runBackup();
  else if (command === 'restore') await runRestore();
  else throw new RestoreError('Gebruik: npm run backup [-- <map>] of npm run restore -- <map>');
} catch (error) {
  if (error instanceof RestoreError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
