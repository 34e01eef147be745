/** A restart of an up-to-date database skips the migrator; a new migration file is still applied, also one numbered below the newest. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { PGlitePool } from '../src/db/pglite-pool.ts';

const migration = (table: string) => `import { sql } from 'kysely';\nexport async function up(db) { await sql\`create table ${table} (id int)\`.execute(db); }\n`;

describe('migrateToLatest', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('applies every file once, does nothing on an up-to-date database, and applies a file added later', async () => {
    const dir = mkdtempSync(path.join(path.dirname(import.meta.dirname), 'src', 'db', '.migrate-test-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, '001_first.ts'), migration('first'));
    writeFileSync(path.join(dir, '002_second.ts'), migration('second'));
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new PGlitePool(new PGlite()) }) });
    try {
      expect(await migrateToLatest(db, dir)).toEqual(['001_first', '002_second']);
      expect(await migrateToLatest(db, dir)).toEqual([]);
      writeFileSync(path.join(dir, '003_third.ts'), migration('third'));
      expect(await migrateToLatest(db, dir)).toEqual(['003_third']);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from third`.execute(db);
      expect(rows[0].n).toBe(0);
      // a file numbered below the newest one already run (two branches each added one) is applied too
      writeFileSync(path.join(dir, '002_between.ts'), migration('between'));
      expect(await migrateToLatest(db, dir)).toEqual(['002_between']);
      expect(await migrateToLatest(db, dir)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
