/**
 * docs/performance.md: a fresh PGlite data folder starts as a copy of the prepared, migrated empty
 * cluster (db/template.ts) instead of PGlite's initdb. The copy must give the same database
 * as initdb + migrations + seed, and a template made for another set of migrations (or by
 * another PGlite) must never be used.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.ts';
import { seed } from '../src/db/seed.ts';
import { copyTemplate, ensureTemplate, templateKey } from '../src/db/template.ts';

const dirs: string[] = [];
afterAll(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `meldloket-${name}-`));
  dirs.push(dir);
  return dir;
};

/** Everything the schema and the seed consist of, without what differs per run (times, keys). */
async function describeDatabase(db: Kysely<any>) {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return {
    columns: await rows(sql`select table_name, column_name, data_type, column_default, is_nullable from information_schema.columns where table_schema = 'public' order by 1, 2`),
    indexes: await rows(sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`),
    constraints: await rows(sql`select conrelid::regclass::text as tab, conname, pg_get_constraintdef(oid) as def from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`),
    triggers: await rows(sql`select tgrelid::regclass::text as tab, tgname from pg_trigger where not tgisinternal order by 1, 2`),
    functions: await rows(sql`select proname, pg_get_functiondef(oid) as def from pg_proc where pronamespace = 'public'::regnamespace order by 1`),
    migrations: await rows(sql`select name from kysely_migration order by name`),
    categories: await rows(sql`select id, parent_id, slug, name, handling, is_public_accessible from category order by id`),
    departments: await rows(sql`select id, code from department order by id`),
    links: await rows(sql`select category_id, department_id, is_responsible from category_department order by 1, 2`),
    sources: await rows(sql`select id, name from source order by id`),
    questions: await rows(sql`select id, question_set, key, field_type, meta, required from question order by id`),
    categoryQuestions: await rows(sql`select category_id, question_id, position from category_question order by 1, 2`),
  };
}

async function openSeeded(dataDir: string, templateRoot: string | null) {
  const handle = await openDatabase({ dataDir, templateRoot });
  await seed(handle.db);
  return handle;
}

describe('the prepared empty cluster', () => {
  it('gives a fresh data folder the same schema and seed as initdb + migrations, and is made once', { timeout: 600_000 }, async () => {
    const root = tempDir('template');
    const copiedDir = path.join(tempDir('copied'), 'data');
    const copied = await openSeeded(copiedDir, root);
    const made = readdirSync(root).filter((entry) => !entry.startsWith('.'));
    // made by this start, for this PGlite and these migrations, and nothing half-made left behind
    expect(made).toEqual([await templateKey()]);
    expect(readdirSync(root)).toEqual(made);
    const fromInitdb = await openSeeded(path.join(tempDir('initdb'), 'data'), null);
    expect([copied.created, fromInitdb.created]).toEqual(['template', 'initdb']);
    try {
      const [a, b] = [await describeDatabase(copied.db), await describeDatabase(fromInitdb.db)];
      expect(a.categories.length).toBeGreaterThan(10);
      expect(a.questions.length).toBeGreaterThan(0);
      expect(a).toEqual(b);
      await sql`insert into source (name, description, is_active, is_public, can_be_selected) values ('Proef', 'eigen rij', true, false, true)`.execute(copied.db);
    } finally {
      await copied.close();
      await fromInitdb.close();
    }
    // a restart on that folder opens its own database (not a new copy)
    const reopened = await openDatabase({ dataDir: copiedDir, templateRoot: root });
    try {
      expect(reopened.created).toBeUndefined();
      expect((await sql<{ n: number }>`select count(*)::int as n from source where name = 'Proef'`.execute(reopened.db)).rows[0].n).toBe(1);
    } finally {
      await reopened.close();
    }
    // the copy is a database of its own: the template is untouched by what the copy stored
    const template = new PGlite(path.join(root, made[0], 'pgdata'));
    try {
      expect((await template.query<{ n: number }>('select count(*)::int as n from category')).rows[0].n).toBe(0);
    } finally {
      await template.close();
    }
  });

  it('is never used for another set of migrations or when its marker does not match, and parallel makers agree', { timeout: 600_000 }, async () => {
    const migrations = mkdtempSync(path.join(import.meta.dirname, '..', 'src', 'db', '.template-test-'));
    dirs.push(migrations);
    const migration = (table: string) => `import { sql } from 'kysely';\nexport async function up(db) { await sql\`create table ${table} (id int)\`.execute(db); }\n`;
    writeFileSync(path.join(migrations, '001_first.ts'), migration('first'));
    const root = tempDir('template');

    // two processes' worth of makers at once: one template, no staging folder left
    const [one, two] = await Promise.all([ensureTemplate(root, migrations), ensureTemplate(root, migrations)]);
    expect(one.key).toBe(two.key);
    expect(readdirSync(root)).toEqual([one.key]);

    // another migration set: a new template (with the new table) replaces the stale one
    writeFileSync(path.join(migrations, '002_second.ts'), migration('second'));
    const dataDir = tempDir('data');
    const next = await copyTemplate(path.join(dataDir, 'pgdata'), root, migrations);
    expect(next.key).not.toBe(one.key);
    expect(next.made).toBe(true);
    expect(readdirSync(root)).toEqual([next.key]);
    const copy = new PGlite(path.join(dataDir, 'pgdata'));
    try {
      expect((await copy.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((r) => r.name)).toEqual(['001_first', '002_second']);
    } finally {
      await copy.close();
    }
    expect(readdirSync(dataDir)).toEqual(['pgdata']);

    // a folder under the right name whose marker names another key (another PGlite, a copy by hand) is made anew
    const marker = path.join(root, next.key, 'template.json');
    writeFileSync(marker, JSON.stringify({ ...JSON.parse(readFileSync(marker, 'utf8')), key: 'ts-0000000000000000', pglite: '0.0.1' }));
    const remade = await ensureTemplate(root, migrations);
    expect(remade.made).toBe(true);
    expect(JSON.parse(readFileSync(marker, 'utf8')).key).toBe(next.key);
    // and an existing one is used as it is
    expect((await ensureTemplate(root, migrations)).made).toBe(false);
  });
});
