/**
 * The question sets' published versions and drafts (docs/studio-api.md). A publish is one
 * transaction: the next version number after the one the author started from (`based_on`), the set's
 * legacy questions (`question` / `category_question`, served by GET /signals/v1/public/questions/)
 * replaced by the new document's, the draft removed. Two publishes of one set at once cannot both win:
 * the second either sees the first's version (409) or runs into the unique (name, version) (409 too).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { questionSetName, type CategoryTree, type QuestionSetFile } from '@meldloket/engine';
import type { Db } from '../db/database.ts';

/** Who publishes the bundled sets (a fresh install's version 1, and a developer's edit of a file). */
export const BUNDLE_AUTHOR = 'meldloket';

export const QUESTION_SET_MESSAGES = {
  conflict: (version: number | null) =>
    version === null
      ? 'Iemand anders heeft deze vragenlijst intussen verwijderd of teruggezet. Laad de vragenlijst opnieuw.'
      : `Iemand anders heeft intussen versie ${version} gepubliceerd. Laad de vragenlijst opnieuw en bekijk de verschillen voordat je publiceert.`,
  noDraft: 'Er is geen concept om te publiceren.',
  rolledBack: (version: number) => `Teruggezet naar versie ${version}`,
  fromFile: (name: string) => `Bijgewerkt uit question-sets/${name}.json`,
} as const;

/** `based_on` is not the set's current version: someone published meanwhile. */
export class PublishConflict extends Error {
  constructor(readonly current: number | null) {
    super(QUESTION_SET_MESSAGES.conflict(current));
    this.name = 'PublishConflict';
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** The rows of the legacy `question` table for a set's questions. */
export const questionRows = (name: string, set: Pick<QuestionSetFile, 'questions'>) =>
  set.questions.map((q) => ({ question_set: name, key: q.key, field_type: q.field_type, meta: JSON.stringify(q.meta ?? {}), required: q.required ?? false }));

/** JSON with the keys of every object sorted (jsonb gives them back in its own order). */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

const hashOf = (document: unknown) => createHash('sha256').update(canonical(document)).digest('hex');

/** The current (highest) version of a set, or undefined when it has none. */
export async function currentVersion(db: Db, name: string) {
  return db.selectFrom('question_set_version').selectAll().where('name', '=', name).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

/** The current document of every set that has one, by name. */
export async function publishedDocuments(db: Db): Promise<Map<string, { version: number; document: QuestionSetFile }>> {
  const rows = await sql<{ name: string; version: number; document: QuestionSetFile }>`
    select distinct on (name) name, version, document from question_set_version order by name, version desc`.execute(db);
  return new Map(rows.rows.map((r) => [r.name, { version: r.version, document: r.document }]));
}

/**
 * The bundled sets as published versions: a set with none gets version 1 (a fresh install, or a new
 * file); a file a developer changed becomes the next version while the set's current version is still
 * one published from a file (an author's version is never overwritten by a file).
 */
export async function publishBundled(db: Db, sets: ReadonlyMap<string, QuestionSetFile>, now = new Date()): Promise<void> {
  const current = await publishedDocuments(db);
  const latest = new Map(
    (await sql<{ name: string; published_by: string; source_hash: string | null }>`
      select distinct on (name) name, published_by, source_hash from question_set_version order by name, version desc`.execute(db)).rows.map((r) => [r.name, r]),
  );
  const rows = [];
  for (const [name, document] of sets) {
    const hash = hashOf(document);
    const last = latest.get(name);
    if (last && (last.published_by !== BUNDLE_AUTHOR || last.source_hash === hash)) continue;
    const version = (current.get(name)?.version ?? 0) + 1;
    rows.push({ name, version, document: JSON.stringify(document), published_by: BUNDLE_AUTHOR, published_at: now, note: last ? QUESTION_SET_MESSAGES.fromFile(name) : null, source_hash: hash });
  }
  // Another process starting on the same database may have published them a moment ago: theirs stand.
  if (rows.length > 0) await db.insertInto('question_set_version').values(rows).onConflict((oc) => oc.columns(['name', 'version']).doNothing()).execute();
}

/** Replaces one set's legacy questions and their links to the subcategories that use the set. */
export async function syncSetQuestions(db: Db, tree: CategoryTree, name: string, set: Pick<QuestionSetFile, 'questions'>): Promise<void> {
  await db.deleteFrom('question').where('question_set', '=', name).execute(); // category_question cascades
  if (set.questions.length === 0) return;
  const ids = (await db.insertInto('question').values(questionRows(name, set)).returning('id').execute()).map((r) => r.id);
  const categories = await db
    .selectFrom('category as sub')
    .innerJoin('category as main', 'main.id', 'sub.parent_id')
    .select(['sub.id', 'sub.slug', 'main.slug as main_slug'])
    .execute();
  const links = categories
    .filter((c) => questionSetName(tree, c.main_slug, c.slug) === name)
    .flatMap((c) => ids.map((question_id, position) => ({ category_id: c.id, question_id, position })));
  for (let i = 0; i < links.length; i += 500) await db.insertInto('category_question').values(links.slice(i, i + 500)).execute();
}

export interface PublishInput {
  name: string;
  document: QuestionSetFile;
  /** The version the author started from (null: the set had none). */
  basedOn: number | null;
  by: string;
  note?: string | null;
  now?: Date;
  /** Remove the set's draft with it (a publish of the draft; a rollback leaves the draft alone). */
  dropDraft?: boolean;
}

/** Publishes a document as the set's next version; PublishConflict when `basedOn` is not the current version. */
export async function publish(db: Db, tree: CategoryTree, input: PublishInput): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      const current = (await currentVersion(trx, input.name))?.version ?? null;
      if (current !== input.basedOn) throw new PublishConflict(current);
      const version = (current ?? 0) + 1;
      // The insert comes first: a publish racing this one waits here on the unique (name, version) and fails.
      await trx
        .insertInto('question_set_version')
        .values({ name: input.name, version, document: JSON.stringify(input.document), published_by: input.by, published_at: input.now ?? new Date(), note: input.note ?? null, source_hash: null })
        .execute();
      await syncSetQuestions(trx, tree, input.name, input.document);
      if (input.dropDraft) await trx.deleteFrom('question_set_draft').where('name', '=', input.name).execute();
      return version;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new PublishConflict((await currentVersion(db, input.name))?.version ?? null);
    throw error;
  }
}
