/**
 * GET /signals/v1/public/questions/?main_slug=&sub_slug= (docs/reference/api.md#questions): the legacy
 * extra questions in their wire format, exactly four keys per item.
 *   main + sub → the sub-category's questions plus the main category's
 *   main only → the main category's questions
 *   otherwise  → every question linked to any active category
 * Keys are unique within one answer (Signalen's question key is unique): where two
 * categories link a question under the same key, the first in order is served.
 */
import { API_PATHS, signalenStoredCode } from '@meldloket/engine';
import { ApiError } from '../../http/api-error.ts';
import { badRequestSchema, detailSchema, halListSchema, halPage, pageQuerySchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { questionsOfCategories } from '../../services/questions/index.ts';

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
 * The wire carries only what a Signalen backend can store, by the engine's field-type table:
 * Signalen's own code of a type (header → question_header), a type Signalen lacks as the nearest
 * stored type (emphasis_checkbox_input → checkbox_input, multi_text_input →
 * text_input), and no question of a type it has nothing like (hidden_input, handling_message).
 * A front end reading this endpoint gets what it would get from Signalen; the app's own question
 * sets (bundled, the default) keep every type.
 */
function asSignalenStores<Q extends { field_type: string }>(questions: Q[]): Q[] {
  return questions.flatMap((question) => {
    const code = signalenStoredCode(question.field_type);
    return code === null ? [] : [{ ...question, field_type: code }];
  });
}

const invalidChoice = (value: string) => `Selecteer een geldige keuze. ${value} is geen beschikbare keuze.`;

export const questionsRoutes: RoutePlugin = async (app) => {
  app.get(API_PATHS.questions, {
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
      const results = asSignalenStores(await questionsOfCategories(app.db, categoryIds, mainIds));
      return halPage(request, results, request.query);
    },
  });
};

export default questionsRoutes;
