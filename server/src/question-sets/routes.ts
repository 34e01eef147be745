/**
 * The question-set studio's API (docs/studio-api.md, the contract in docs/studio-api.md):
 * - private, `sia_questionset_write` for reading and writing (401 / 403 before anything else):
 *   GET    /signals/v1/private/question-sets/                      every set: subcategories, published version, draft
 *   GET    /signals/v1/private/question-sets/{name}/               the published document and the draft's text
 *   PUT    /signals/v1/private/question-sets/{name}/draft/         saves the draft as typed; answers its findings
 *   DELETE /signals/v1/private/question-sets/{name}/draft/
 *   POST   /signals/v1/private/question-sets/{name}/publish/       the draft as the next version (400 findings, 409 conflict)
 *   GET    /signals/v1/private/question-sets/{name}/versions/[{v}/]
 *   POST   /signals/v1/private/question-sets/{name}/rollback/      version v's document as a new version
 * - public: GET /signals/v1/public/question-sets/{name}/?version=N (the wizard's step 2).
 */
import { API_PATHS, publishable, questionSetFindings, questionSetName, type CategoryTree, type QuestionSetFile } from '@meldloket/engine';
import type { Permission } from '../auth/catalogue.ts';
import { amsterdamIso } from '../followup/time.ts';
import { ApiError, NOT_FOUND } from '../http/api-error.ts';
import { detailSchema } from '../http/hal.ts';
import type { RoutePlugin } from '../http/typed.ts';
import { readCategoryTree } from '../db/seed.ts';
import { currentVersion, publish, PublishConflict, QUESTION_SET_MESSAGES } from './store.ts';

/** The permission of the studio (server/src/auth/catalogue.ts). */
export const QUESTION_SET_PERMISSION = 'sia_questionset_write' satisfies Permission;

/** A draft's text: at most 1 MB (the largest bundled set is some 60 KB). */
const MAX_DRAFT = 1_000_000;

/** Who may call the private routes (auth/access.ts; with the private API's base rule: sia_read to read, sia_write to write). */
const ACCESS = { permission: QUESTION_SET_PERMISSION } as const;
const AUTH = { 401: detailSchema, 403: detailSchema } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const nameParams = { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,99}$' } } } as const;
const versionParams = { type: 'object', required: ['name', 'version'], properties: { ...nameParams.properties, version: { type: 'integer', minimum: 1, maximum: 1_000_000 } } } as const;
const basedOn = { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] } as const;

const who = (at: Date | string) => amsterdamIso(at);

export const questionSetRoutes: RoutePlugin = async (app) => {
  const db = app.db;
  let tree: Promise<CategoryTree> | undefined;
  const categoryTree = () => (tree ??= readCategoryTree());

  const draftOf = async (name: string) => db.selectFrom('question_set_draft').selectAll().where('name', '=', name).executeTakeFirst();
  /** The set's current version; 404 when the set has none (the studio edits the sets there are). */
  const existing = async (name: string) => {
    const current = await currentVersion(db, name);
    if (!current) throw ApiError.detail(404, NOT_FOUND);
    return current;
  };
  const conflict = (error: unknown): never => {
    if (error instanceof PublishConflict) throw new ApiError(409, { detail: error.message, version: error.current });
    throw error;
  };

  app.get(API_PATHS.questionSets, {
    config: ACCESS,
    schema: { response: { 200: anyObject, ...AUTH } },
    handler: async () => {
      const [versions, drafts, categories, categoryTreeFile] = await Promise.all([
        db
          .selectFrom('question_set_version')
          .select(['name', 'version', 'published_by', 'published_at', 'document'])
          .distinctOn('name')
          .orderBy('name')
          .orderBy('version', 'desc')
          .execute(),
        db.selectFrom('question_set_draft').select(['name', 'updated_by', 'updated_at']).execute(),
        db.selectFrom('category as sub').innerJoin('category as main', 'main.id', 'sub.parent_id').select(['sub.slug', 'sub.name', 'main.slug as main_slug']).orderBy('main.slug').orderBy('sub.name').execute(),
        categoryTree(),
      ]);
      const draft = new Map(drafts.map((d) => [d.name, d]));
      const results = versions.map((v) => ({
        name: v.name,
        title: typeof v.document.title === 'string' ? v.document.title : v.name,
        subcategories: categories.filter((c) => questionSetName(categoryTreeFile, c.main_slug, c.slug) === v.name).map((c) => ({ slug: c.slug, name: c.name, main_slug: c.main_slug })),
        published: { version: v.version, published_by: v.published_by, published_at: who(v.published_at) },
        draft: draft.has(v.name) ? { updated_by: draft.get(v.name)!.updated_by, updated_at: who(draft.get(v.name)!.updated_at) } : null,
      }));
      return { count: results.length, results };
    },
  });

  const serializeDraft = (d: { text: string; updated_by: string; updated_at: Date | string; based_on: number | null }) => ({ text: d.text, updated_by: d.updated_by, updated_at: who(d.updated_at), based_on: d.based_on });

  app.get(API_PATHS.questionSet, {
    config: ACCESS,
    schema: { params: nameParams, response: { 200: anyObject, 404: detailSchema, ...AUTH } },
    handler: async (request) => {
      const { name } = request.params;
      const current = await existing(name);
      const draft = await draftOf(name);
      return {
        name,
        published: { version: current.version, document: current.document, published_by: current.published_by, published_at: who(current.published_at) },
        draft: draft ? serializeDraft(draft) : null,
      };
    },
  });

  app.put(API_PATHS.questionSetDraft, {
    config: ACCESS,
    bodyLimit: MAX_DRAFT * 4 + 1024, // the text as JSON: escaped characters take more bytes than they count
    schema: {
      params: nameParams,
      body: { type: 'object', required: ['text'], additionalProperties: false, properties: { text: { type: 'string', maxLength: MAX_DRAFT } } },
      response: { 200: anyObject, 400: anyObject, 404: detailSchema, ...AUTH },
    },
    handler: async (request) => {
      const { name } = request.params;
      const current = await existing(name);
      const row = { name, text: request.body.text, updated_by: request.staff!.username, updated_at: new Date(), based_on: current.version };
      const saved = await db
        .insertInto('question_set_draft')
        .values(row)
        // a later save keeps the version the draft started from
        .onConflict((oc) => oc.column('name').doUpdateSet({ text: row.text, updated_by: row.updated_by, updated_at: row.updated_at }))
        .returningAll()
        .executeTakeFirstOrThrow();
      return { draft: serializeDraft(saved), findings: questionSetFindings(saved.text) };
    },
  });

  app.delete(API_PATHS.questionSetDraft, {
    config: ACCESS,
    schema: { params: nameParams, response: { 204: { type: 'null' }, 404: detailSchema, ...AUTH } },
    handler: async (request, reply) => {
      await existing(request.params.name);
      await db.deleteFrom('question_set_draft').where('name', '=', request.params.name).execute();
      return reply.code(204).send(null);
    },
  });

  app.post(API_PATHS.questionSetPublish, {
    config: ACCESS,
    schema: {
      params: nameParams,
      body: { type: 'object', required: ['based_on'], additionalProperties: false, properties: { based_on: basedOn, note: { type: 'string', maxLength: 500 } } },
      response: { 200: anyObject, 400: anyObject, 404: detailSchema, 409: anyObject, ...AUTH },
    },
    handler: async (request) => {
      const { name } = request.params;
      const { based_on: basedOnVersion, note } = request.body;
      const current = await existing(name);
      if (current.version !== basedOnVersion) conflict(new PublishConflict(current.version));
      const draft = await draftOf(name);
      if (!draft) {
        // the draft another author just published is gone: that is the conflict, not a missing draft
        const now = (await currentVersion(db, name))?.version ?? null;
        if (now !== basedOnVersion) conflict(new PublishConflict(now));
        throw ApiError.detail(400, QUESTION_SET_MESSAGES.noDraft);
      }
      const findings = questionSetFindings(draft.text);
      if (!publishable(findings)) throw new ApiError(400, { findings });
      const document = JSON.parse(draft.text) as QuestionSetFile;
      const version = await publish(db, await categoryTree(), { name, document, basedOn: basedOnVersion, by: request.staff!.username, note: note?.trim() || null, dropDraft: true }).catch(conflict);
      return { version };
    },
  });

  app.get(API_PATHS.questionSetVersions, {
    config: ACCESS,
    schema: { params: nameParams, response: { 200: anyObject, 404: detailSchema, ...AUTH } },
    handler: async (request) => {
      await existing(request.params.name);
      const rows = await db.selectFrom('question_set_version').select(['version', 'published_by', 'published_at', 'note']).where('name', '=', request.params.name).orderBy('version', 'desc').execute();
      return { count: rows.length, results: rows.map((r) => ({ version: r.version, published_by: r.published_by, published_at: who(r.published_at), note: r.note })) };
    },
  });

  const versionOf = async (name: string, version: number) => {
    const row = await db.selectFrom('question_set_version').selectAll().where('name', '=', name).where('version', '=', version).executeTakeFirst();
    if (!row) throw ApiError.detail(404, NOT_FOUND);
    return row;
  };

  app.get(API_PATHS.questionSetVersion, {
    config: ACCESS,
    schema: { params: versionParams, response: { 200: anyObject, 404: detailSchema, ...AUTH } },
    handler: async (request) => {
      const row = await versionOf(request.params.name, request.params.version);
      return { version: row.version, document: row.document, published_by: row.published_by, published_at: who(row.published_at), note: row.note };
    },
  });

  app.post(API_PATHS.questionSetRollback, {
    config: ACCESS,
    schema: {
      params: nameParams,
      body: { type: 'object', required: ['version', 'based_on'], additionalProperties: false, properties: { version: { type: 'integer', minimum: 1 }, based_on: basedOn } },
      response: { 200: anyObject, 404: detailSchema, 409: anyObject, ...AUTH },
    },
    handler: async (request) => {
      const { name } = request.params;
      const target = await versionOf(name, request.body.version);
      const version = await publish(db, await categoryTree(), {
        name,
        document: target.document,
        basedOn: request.body.based_on,
        by: request.staff!.username,
        note: QUESTION_SET_MESSAGES.rolledBack(target.version),
      }).catch(conflict);
      return { version };
    },
  });

  app.get(API_PATHS.publicQuestionSet, {
    schema: {
      params: nameParams,
      querystring: { type: 'object', properties: { version: { type: 'integer', minimum: 1, maximum: 1_000_000 } } },
      response: { 200: anyObject, 404: detailSchema },
    },
    handler: async (request) => {
      const { name } = request.params;
      const row = request.query.version === undefined ? await currentVersion(db, name) : await versionOf(name, request.query.version).catch(() => undefined);
      if (!row) throw ApiError.detail(404, NOT_FOUND);
      return { name, version: row.version, questions: row.document.questions };
    },
  });
};
