/**
 * Public categories (docs/reference/api.md#categories):
 *   GET /signals/v1/public/terms/categories/                         main categories (HAL list)
 *   GET /signals/v1/public/terms/categories/{slug}                   one main category
 *   GET /signals/v1/public/terms/categories/{slug}/sub_categories/   its subcategories (HAL list)
 *   GET /signals/v1/public/terms/categories/{slug}/sub_categories/{sub_slug}
 * Inactive categories are listed too, with is_active:false; ordering by name.
 */
import etag from '@fastify/etag';
import { ApiError, NOT_FOUND } from '../../http/api-error.ts';
import { badRequestSchema, baseUrl, detailSchema, halListSchema, halPage, pageQuerySchema} from '../../http/hal.ts';
import { mainCategorySchema, serializeMain, serializeSub, subCategorySchema } from './serialize.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { API_PATHS } from '@meldloket/engine';

const slugParam = { type: 'string', pattern: '^[-\\w]+$' } as const;
const pageQuery = { type: 'object', properties: pageQuerySchema } as const;

export const termsRoutes: RoutePlugin = async (app) => {
  const notFound = () => ApiError.detail(404, NOT_FOUND);
  // The tree changes rarely and the first page needs it: an unchanged tree costs a 304 (ETag), never a stale read.
  await app.register(etag, { weak: true });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 200) reply.header('Cache-Control', 'no-cache');
    return payload;
  });

  app.get(API_PATHS.categories, {
    schema: { querystring: pageQuery, response: { 200: halListSchema(mainCategorySchema), 400: badRequestSchema, 404: detailSchema } },
    handler: async (request) => {
      const base = baseUrl(request);
      return halPage(request, (await app.categories.tree()).map((main) => serializeMain(base, main)), request.query);
    },
  });

  app.get(API_PATHS.category, {
    schema: { params: { type: 'object', properties: { slug: slugParam }, required: ['slug'] }, response: { 200: mainCategorySchema, 404: detailSchema } },
    handler: async (request) => {
      const main = await app.categories.main(request.params.slug);
      if (!main) throw notFound();
      return serializeMain(baseUrl(request), main);
    },
  });

  app.get(API_PATHS.subcategories, {
    schema: {
      params: { type: 'object', properties: { slug: slugParam }, required: ['slug'] },
      querystring: pageQuery,
      response: { 200: halListSchema(subCategorySchema), 400: badRequestSchema, 404: detailSchema },
    },
    handler: async (request) => {
      const main = await app.categories.main(request.params.slug);
      if (!main) throw notFound();
      const base = baseUrl(request);
      return halPage(request, main.sub_categories.map((sub) => serializeSub(base, main, sub)), request.query);
    },
  });

  app.get(API_PATHS.subcategory, {
    schema: {
      params: { type: 'object', properties: { slug: slugParam, sub_slug: slugParam }, required: ['slug', 'sub_slug'] },
      response: { 200: subCategorySchema, 404: detailSchema },
    },
    handler: async (request) => {
      const found = await app.categories.sub(request.params.slug, request.params.sub_slug);
      if (!found) throw notFound();
      return serializeSub(baseUrl(request), found.main, found.sub);
    },
  });
};

export default termsRoutes;
