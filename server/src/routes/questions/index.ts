/**
 * GET /signals/v1/public/questions/?main_slug=&sub_slug= (contract §6): the legacy
 * extra questions in their wire format, exactly four keys per item.
 *   main + sub → the sub-category's questions plus the main category's
 *   main only → the main category's questions
 *   otherwise  → every question linked to any active category
 * Keys are unique within one answer (Signalen's question key is unique): where two
 * categories link a question under the same key, the first in order is served.
 */
import { fieldTypeOfCode, wireFieldType } from '@meldloket/engine';
import { ApiError } from '../../http/api-error.ts';
import { badRequestSchema, detailSchema, halListSchema, halPage, pageQuerySchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';

const questionSchema = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    field_type: { type: 'string' },
    meta: { type: 'object', additionalProperties: true },
    required: { type: 'boolean' },
  },
} as const;

/**
 * The wire carries Signalen's own code of a field type (header → question_header),
 * from the engine's field-type table; the engine reads both.
 */
const wireCode = (code: string): string => {
  const type = fieldTypeOfCode(code);
  return type ? wireFieldType(type) : code;
};

const invalidChoice = (value: string) => `Selecteer een geldige keuze. ${value} is geen beschikbare keuze.`;

export const questionsRoutes: RoutePlugin = async (app) => {
  app.get('/signals/v1/public/questions/', {
    schema: {
      querystring: { type: 'object', properties: { main_slug: { type: 'string' }, sub_slug: { type: 'string' }, ...pageQuerySchema } },
      response: { 200: halListSchema(questionSchema), 400: badRequestSchema, 404: detailSchema },
    },
    handler: async (request) => {
      const { main_slug, sub_slug } = request.query;
      const tree = await app.categories.tree();
      const errors: Record<string, string[]> = {};
      const main = main_slug ? tree.find((m) => m.slug === main_slug && m.is_active) : undefined;
      if (main_slug && !main) errors.main_slug = [invalidChoice(main_slug)];
      const subExists = sub_slug ? tree.some((m) => m.sub_categories.some((s) => s.slug === sub_slug && s.is_active)) : false;
      if (sub_slug && !subExists) errors.sub_slug = [invalidChoice(sub_slug)];
      if (Object.keys(errors).length > 0) throw new ApiError(400, errors);

      let categoryIds: number[];
      const mainIds = new Set<number>();
      if (main) {
        mainIds.add(main.id);
        const sub = sub_slug ? main.sub_categories.find((s) => s.slug === sub_slug) : undefined;
        categoryIds = sub ? [main.id, sub.id] : [main.id];
      } else {
        categoryIds = tree.flatMap((m) => [m, ...m.sub_categories]).filter((c) => c.is_active).map((c) => c.id);
      }
      const rows = categoryIds.length
        ? await app.db
            .selectFrom('category_question as cq')
            .innerJoin('question as q', 'q.id', 'cq.question_id')
            .select(['q.id', 'q.key', 'q.field_type', 'q.meta', 'q.required', 'cq.category_id', 'cq.position'])
            .where('cq.category_id', 'in', categoryIds)
            .execute()
        : [];
      rows.sort((a, b) => Number(mainIds.has(b.category_id)) - Number(mainIds.has(a.category_id)) || a.position - b.position || a.id - b.id);
      // one question per key in an answer, as a Signalen backend's key is unique: the first in order wins
      const seen = new Set<string>();
      const results = rows
        .filter((r) => !seen.has(r.key) && seen.add(r.key))
        .map((r) => ({ key: r.key, field_type: wireCode(r.field_type), meta: r.meta, required: r.required }));
      return halPage(request, results, request.query);
    },
  });
};

export default questionsRoutes;
