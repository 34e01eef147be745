/**
 * POST /signals/category/prediction (docs/reference/api.md#prediction): `{"text": "…"}` →
 * `{"hoofdrubriek": [[url], [p]], "subrubriek": [[url], [p]]}` with the absolute
 * public URLs of the predicted categories. Where the reference proxies to an ML
 * service, this server answers from its own classifier (docs/classifier.md), among
 * the active sub-categories. A category the tree does not (or no longer) know falls
 * back to overig/overig, as in the reference.
 */
import { ApiError } from '../../http/api-error.ts';
import { badRequestSchema, baseUrl, detailSchema } from '../../http/hal.ts';
import { methodNotAllowed } from '../../http/error-handler.ts';
import { mainPath, subPath } from '../terms/serialize.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { API_PATHS } from '@meldloket/engine';

const FALLBACK = { main: 'overig', sub: 'overig' };

const rubriek = {
  type: 'array',
  items: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
} as const;

export const predictionRoutes: RoutePlugin = async (app) => {
  app.post(API_PATHS.prediction, {
    schema: {
      body: { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: 3000 } } },
      response: { 200: { type: 'object', properties: { hoofdrubriek: rubriek, subrubriek: rubriek } }, 400: badRequestSchema },
    },
    handler: async (request) => {
      const text = request.body.text;
      if (text.trim().length === 0) throw new ApiError(400, ['Zorg ervoor dat deze waarde minstens 1 tekens bevat (het zijn er nu 0).']);
      const tree = await app.categories.tree();
      // Only active sub-categories of active main categories: the app turns an inactive one into overig/overig.
      const active = new Set(tree.filter((m) => m.is_active).flatMap((m) => m.sub_categories.filter((s) => s.is_active).map((s) => `${m.slug}/${s.slug}`)));
      const prediction = active.size > 0 ? app.classifier.predict(text, (main, sub) => active.has(`${main}/${sub}`)) : app.classifier.predict(text);
      const base = baseUrl(request);
      const main = tree.find((m) => m.slug === prediction.main.slug);
      const subMain = tree.find((m) => m.slug === prediction.sub.mainSlug);
      const sub = subMain?.sub_categories.find((s) => s.slug === prediction.sub.slug);
      const fallback = base + subPath({ slug: FALLBACK.main }, { slug: FALLBACK.sub });
      return {
        hoofdrubriek: [[main ? base + mainPath(main) : fallback], [round(prediction.main.probability)]],
        subrubriek: [[subMain && sub ? base + subPath(subMain, sub) : fallback], [round(prediction.sub.probability)]],
      };
    },
  });

  // The prediction is a POST only (DRF answers any other method with 405).
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: API_PATHS.prediction,
    schema: { response: { 405: detailSchema } },
    handler: async (request) => {
      throw methodNotAllowed(request.method);
    },
  });
};

const round = (p: number) => Math.round(p * 10000) / 10000;

export default predictionRoutes;
