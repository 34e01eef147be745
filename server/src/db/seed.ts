/**
 * Seed data. On first start (no categories yet) the category tree and departments
 * from question-sets/categories.json and the sources below are inserted. Every bundled
 * question set is published as version 1 when it has no version yet, and a file a developer
 * edited as the next version while no author has published the set (question-sets/store.ts);
 * the legacy extra questions are those of each set's current version.
 */
import { handlingOf, isPublicAccessible, questionSetName, type CategoryTree, type QuestionSetFile as EngineQuestionSetFile } from '@meldloket/engine';
import { loadCategorySources, QUESTION_SETS_DIR } from '../services/categories/sources.ts';
import { sql, type Insertable } from 'kysely';
import type { Db } from './index.ts';
import type { CoreTables } from './tables.ts';
import { seedRouting } from '../routing/seed.ts';
import type { AreaSource } from '../areas/sources.ts';
import { canonical, publishBundled, publishedDocuments, questionRows } from '../question-sets/store.ts';

export type { CategoryTree };

/** The parts of a question-set file the seed stores (engine QuestionSetFile). */
type QuestionSetFile = Pick<EngineQuestionSetFile, 'category' | 'questions'>;

export { QUESTION_SETS_DIR };

/** Where reports come from. `online` is the public web form; staff pick from can_be_selected. */
export const SOURCES = [
  { name: 'online', description: 'Meldingen via het webformulier', is_public: true, can_be_selected: false },
  { name: 'Telefoon – ASC', description: 'Telefonisch gemeld bij het Actie Service Centrum', is_public: false, can_be_selected: true },
  { name: 'Telefoon – Stadsdeel', description: 'Telefonisch gemeld bij het stadsdeel', is_public: false, can_be_selected: true },
  { name: 'E-mail – ASC', description: 'Per e-mail binnengekomen', is_public: false, can_be_selected: true },
  { name: 'Balie', description: 'Gemeld aan de balie van het stadsloket', is_public: false, can_be_selected: true },
  { name: 'Webcare', description: 'Gemeld via sociale media', is_public: false, can_be_selected: true },
  { name: 'Eigen organisatie', description: 'Gezien door een medewerker buiten', is_public: false, can_be_selected: true },
  { name: 'Interne melding', description: 'Gemeld door een medewerker van de gemeente', is_public: false, can_be_selected: false },
  { name: 'app', description: 'Meldingen via de app', is_public: true, can_be_selected: false },
] as const;

/** The category tree (checked; see loadCategorySources). */
export async function readCategoryTree(dir = QUESTION_SETS_DIR): Promise<CategoryTree> {
  return (await loadCategorySources(dir)).tree;
}

async function seedTree(db: Db, tree: CategoryTree): Promise<void> {
  const departments = await db
    .insertInto('department')
    .values(tree.departments.map((d) => ({ code: d.code, name: d.name, is_intern: d.is_intern })))
    .returning(['id', 'code'])
    .execute();
  const departmentId = new Map(departments.map((d) => [d.code, d.id]));
  await db.insertInto('source').values(SOURCES.map((s) => ({ ...s, is_active: true }))).execute();
  // Three statements, not one per category: the ids are taken from the sequence up front, in
  // the order one insert per category would give them (each main category, then its subs).
  const count = tree.categories.reduce((n, main) => n + 1 + main.sub_categories.length, 0);
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('category', 'id'))::int as id from generate_series(1, ${count})`.execute(db);
  const next = rows.map((r) => r.id).sort((x, y) => x - y).values();
  const categories: Insertable<CoreTables['category']>[] = [];
  const links: Insertable<CoreTables['category_department']>[] = [];
  for (const main of tree.categories) {
    const mainId = next.next().value!;
    categories.push({
      id: mainId,
      slug: main.slug,
      name: main.name,
      is_active: main.is_active,
      description: main.description,
      handling: handlingOf(main),
      configuration: JSON.stringify({ show_children_in_filter: true }),
      // The main category counts as public when any child is (CategoryService.tree).
      is_public_accessible: false,
    });
    for (const sub of main.sub_categories) {
      const id = next.next().value!;
      categories.push({
        id,
        parent_id: mainId,
        slug: sub.slug,
        name: sub.name,
        is_active: sub.is_active,
        description: sub.description,
        // words a resident may search for (the subcategory choice); Signalen's own configuration field
        configuration: sub.keywords?.length ? JSON.stringify({ keywords: sub.keywords }) : null,
        handling: handlingOf(main, sub),
        handling_message: sub.handling_message,
        sla_n_days: sub.sla.n_days,
        sla_use_calendar_days: sub.sla.use_calendar_days,
        is_public_accessible: isPublicAccessible(main, sub),
      });
      for (const d of sub.departments) {
        if (departmentId.has(d.code)) links.push({ category_id: id, department_id: departmentId.get(d.code)!, is_responsible: d.is_responsible, can_view: true });
      }
    }
  }
  await db.insertInto('category').values(categories).execute();
  if (links.length > 0) await db.insertInto('category_department').values(links).execute();
}

/**
 * Replaces the stored extra questions and their category links with those of the sets,
 * unless they hold exactly that already (a restart with unchanged question sets writes nothing).
 */
async function syncQuestions(db: Db, tree: CategoryTree, sets: Map<string, QuestionSetFile>): Promise<void> {
  // What the files ask for: every question in order, and per sub-category its set's questions.
  const wanted: string[] = [];
  const offset = new Map<string, number>();
  for (const [name, set] of sets) {
    offset.set(name, wanted.length);
    for (const q of set.questions) wanted.push(canonical([name, q.key, q.field_type, q.meta ?? {}, q.required ?? false]));
  }
  const categories = await db
    .selectFrom('category as sub')
    .innerJoin('category as main', 'main.id', 'sub.parent_id')
    .select(['sub.id', 'sub.slug', 'main.slug as main_slug'])
    .execute();
  const wantedLinks: [category: number, index: number, position: number][] = [];
  for (const c of categories) {
    const setName = questionSetName(tree, c.main_slug, c.slug) ?? '';
    const set = sets.get(setName);
    set?.questions.forEach((_q, position) => wantedLinks.push([c.id, offset.get(setName)! + position, position]));
  }

  const stored = await db.selectFrom('question').select(['id', 'question_set', 'key', 'field_type', 'meta', 'required']).orderBy('id').execute();
  if (stored.length === wanted.length && stored.every((q, i) => canonical([q.question_set, q.key, q.field_type, q.meta, q.required]) === wanted[i])) {
    const index = new Map(stored.map((q, i) => [q.id, i]));
    const links = await db.selectFrom('category_question').select(['category_id', 'question_id', 'position']).execute();
    const key = ([category, i, position]: [number, number | undefined, number]) => `${category}:${i}:${position}`;
    const have = links.map((l) => key([l.category_id, index.get(l.question_id), l.position])).sort();
    const want = wantedLinks.map(key).sort();
    if (have.length === want.length && have.every((k, i) => k === want[i])) return;
  }

  await db.deleteFrom('category_question').execute();
  await db.deleteFrom('question').execute();
  const ids: number[] = [];
  for (const [name, set] of sets) {
    if (set.questions.length === 0) continue;
    const rows = await db
      .insertInto('question')
      .values(questionRows(name, set))
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  const links = wantedLinks.map(([category_id, i, position]) => ({ category_id, question_id: ids[i], position }));
  for (let i = 0; i < links.length; i += 500) await db.insertInto('category_question').values(links.slice(i, i + 500)).execute();
}

export interface SeedOptions {
  questionSetsDir?: string;
  /** The area files to import where the database has none of their type (areas/sources.ts; default the demo configuration's). */
  areaSources?: AreaSource[];
}

export async function seed(db: Db, options: SeedOptions = {}): Promise<void> {
  const dir = options.questionSetsDir ?? QUESTION_SETS_DIR;
  // Refuses to start on an invalid tree or question set (file, key and JSON path of each problem).
  const { tree, sets } = await loadCategorySources(dir);
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('category').select('id').limit(1).executeTakeFirst();
    if (!existing) await seedTree(trx, tree);
    await publishBundled(trx, sets);
    const published = await publishedDocuments(trx);
    const current = new Map([...sets.keys()].flatMap((name) => (published.has(name) ? [[name, published.get(name)!.document] as const] : [])));
    await syncQuestions(trx, tree, current);
    await seedRouting(trx, options.areaSources);
  });
}
