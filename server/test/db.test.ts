import { DEMO_DEPARTMENT } from '../src/routing/seed.ts';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrationFiles, openDatabase } from '../src/db/index.ts';
import { QUESTION_SETS_DIR, readCategoryTree, seed, SOURCES } from '../src/db/seed.ts';
import { DATABASE_TARGETS, freshPglite, useTestApp } from './helpers.ts';

describe('migrations', () => {
  it('applies every NNN_name.ts file in order of its number', async () => {
    const files = await migrationFiles();
    expect(files[0]).toBe('001_core.ts');
    expect(files).toEqual([...files].sort());
    expect(files.every((f) => /^\d{3}_[\w-]+\.ts$/.test(f))).toBe(true);
  });

  it('applies nothing twice when the database is opened again', async () => {
    const pglite = await freshPglite();
    const handle = await openDatabase({ pglite });
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
    expect(applied.rows.map((r) => r.name)).toEqual((await migrationFiles()).map((f) => f.replace(/\.ts$/, '')));
    await handle.close();
  });
});

describe.each(DATABASE_TARGETS)('seed on %s', (target) => {
  const t = useTestApp(target);

  it('holds the category tree of question-sets/categories.json with responsible departments', async () => {
    const tree = await readCategoryTree();
    const db = t().app.db;
    const mains = await db.selectFrom('category').select('slug').where('parent_id', 'is', null).execute();
    expect(mains.map((m) => m.slug).sort()).toEqual(tree.categories.map((c) => c.slug).sort());
    const subs = await db.selectFrom('category').select(sql<number>`count(*)::int`.as('n')).where('parent_id', 'is not', null).executeTakeFirstOrThrow();
    expect(subs.n).toBe(tree.categories.reduce((n, c) => n + c.sub_categories.length, 0));
    const departments = await db.selectFrom('department').select('code').execute();
    // and the department of the demo routing rule (routing/seed.ts, docs/routing.md)
    expect(departments.map((d) => d.code).sort()).toEqual([...tree.departments.map((d) => d.code), DEMO_DEPARTMENT.code].sort());
  });

  it('holds the sources, with only staff sources selectable', async () => {
    const rows = await t().app.db.selectFrom('source').selectAll().orderBy('id').execute();
    expect(rows.map((r) => r.name)).toEqual(SOURCES.map((s) => s.name));
    expect(rows.find((r) => r.name === 'online')).toMatchObject({ is_public: true, can_be_selected: false });
    expect(rows.filter((r) => r.can_be_selected).every((r) => !r.is_public)).toBe(true);
  });

  it('links each sub-category to the questions of its question set and seeds only once', async () => {
    const db = t().app.db;
    const linked = await db
      .selectFrom('category_question as cq')
      .innerJoin('category as c', 'c.id', 'cq.category_id')
      .innerJoin('question as q', 'q.id', 'cq.question_id')
      .select(['c.slug', 'q.question_set'])
      .where('c.slug', 'in', ['container-is-vol', 'grofvuil'])
      .execute();
    expect(new Set(linked.filter((l) => l.slug === 'container-is-vol').map((l) => l.question_set))).toEqual(new Set(['afval-container']));
    expect(new Set(linked.filter((l) => l.slug === 'grofvuil').map((l) => l.question_set))).toEqual(new Set(['afval']));
    const before = await db.selectFrom('category').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    await seed(db);
    const after = await db.selectFrom('category').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe.each(DATABASE_TARGETS)('question sets at a restart on %s', (target) => {
  const t = useTestApp(target);
  const dirs: string[] = [];
  afterAll(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('stores the extra questions anew only when a question set changed', async () => {
    const db = t().app.db;
    const stored = () => db.selectFrom('question').select(['id', 'question_set', 'key', 'meta']).orderBy('id').execute();
    const links = () => db.selectFrom('category_question').select(['category_id', 'question_id', 'position']).orderBy('category_id').orderBy('position').execute();
    const before = { questions: await stored(), links: await links() };
    // unchanged files: nothing rewritten (the same rows, the same ids)
    await seed(db);
    expect({ questions: await stored(), links: await links() }).toEqual(before);

    // an edited question set is served after the restart
    const dir = mkdtempSync(path.join(tmpdir(), 'meldloket-sets-'));
    dirs.push(dir);
    cpSync(QUESTION_SETS_DIR, dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}test`) });
    const file = path.join(dir, 'afval.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.questions[0].meta.label = 'Gewijzigde vraag';
    writeFileSync(file, JSON.stringify(json));
    try {
      await seed(db, { questionSetsDir: dir });
      const edited = await stored();
      expect(edited.find((q) => q.question_set === 'afval' && q.key === json.questions[0].key)?.meta).toMatchObject({ label: 'Gewijzigde vraag' });
      expect(edited.length).toBe(before.questions.length);
      expect((await links()).length).toBe(before.links.length);
    } finally {
      await seed(db); // back to the repository's question sets for the other tests
    }
    const back = await stored();
    expect(back.map(({ id: _id, ...q }) => q)).toEqual(before.questions.map(({ id: _id, ...q }) => q));
  });
});

describe('the PGlite pool', () => {
  it('keeps concurrent transactions apart: a rolled-back one leaves no trace, the other commits', async () => {
    const handle = await openDatabase({ pglite: await freshPglite() });
    const db = handle.db;
    try {
      const write = (to: string, fail: boolean) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('outbox').values({ to, subject: 's', text: 't' }).execute();
          await new Promise((r) => setTimeout(r, 20));
          if (fail) throw new Error('terug');
        });
      const results = await Promise.allSettled([write('a@example.com', true), write('b@example.com', false), db.selectFrom('outbox').selectAll().execute()]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
      const rows = await db.selectFrom('outbox').select('to').execute();
      expect(rows.map((r) => r.to)).toEqual(['b@example.com']);
    } finally {
      await handle.close();
    }
  });
});
