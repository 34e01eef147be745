/**
 * Seed data. On first start (no categories yet) the category tree and departments
 * from question-sets/categories.json and the sources below are inserted. The legacy
 * extra questions are re-read from the question-set files at every start, so an
 * edited question set is served after a restart.
 */
import { handlingOf, isPublicAccessible, questionSetName, type CategoryTree, type QuestionSetFile as EngineQuestionSetFile } from '@meldloket/engine';
import { loadCategorySources, QUESTION_SETS_DIR } from '../services/categories/sources.ts';
import type { Db } from './index.ts';

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
  for (const main of tree.categories) {
    const { id: mainId } = await db
      .insertInto('category')
      .values({
        slug: main.slug,
        name: main.name,
        is_active: main.is_active,
        description: main.description,
        handling: handlingOf(main),
        configuration: JSON.stringify({ show_children_in_filter: true }),
        // The main category counts as public when any child is (CategoryService.tree).
        is_public_accessible: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const sub of main.sub_categories) {
      const { id } = await db
        .insertInto('category')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const links = sub.departments.filter((d) => departmentId.has(d.code));
      if (links.length > 0) {
        await db
          .insertInto('category_department')
          .values(links.map((d) => ({ category_id: id, department_id: departmentId.get(d.code)!, is_responsible: d.is_responsible, can_view: true })))
          .execute();
      }
    }
  }
}

/** Replaces the stored extra questions and their category links with those of the files. */
async function syncQuestions(db: Db, tree: CategoryTree, sets: Map<string, QuestionSetFile>): Promise<void> {
  await db.deleteFrom('category_question').execute();
  await db.deleteFrom('question').execute();
  const ids = new Map<string, number[]>();
  for (const [name, set] of sets) {
    if (set.questions.length === 0) continue;
    const rows = await db
      .insertInto('question')
      .values(set.questions.map((q) => ({ question_set: name, key: q.key, field_type: q.field_type, meta: JSON.stringify(q.meta ?? {}), required: q.required ?? false })))
      .returning('id')
      .execute();
    ids.set(name, rows.map((r) => r.id));
  }
  const categories = await db
    .selectFrom('category as sub')
    .innerJoin('category as main', 'main.id', 'sub.parent_id')
    .select(['sub.id', 'sub.slug', 'main.slug as main_slug'])
    .execute();
  const links: { category_id: number; question_id: number; position: number }[] = [];
  for (const c of categories) {
    const setName = questionSetName(tree, c.main_slug, c.slug);
    (ids.get(setName ?? '') ?? []).forEach((question_id, position) => links.push({ category_id: c.id, question_id, position }));
  }
  for (let i = 0; i < links.length; i += 500) await db.insertInto('category_question').values(links.slice(i, i + 500)).execute();
}

export interface SeedOptions {
  questionSetsDir?: string;
}

export async function seed(db: Db, options: SeedOptions = {}): Promise<void> {
  const dir = options.questionSetsDir ?? QUESTION_SETS_DIR;
  // Refuses to start on an invalid tree or question set (file, key and JSON path of each problem).
  const { tree, sets } = await loadCategorySources(dir);
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('category').select('id').limit(1).executeTakeFirst();
    if (!existing) await seedTree(trx, tree);
    await syncQuestions(trx, tree, sets);
  });
}
