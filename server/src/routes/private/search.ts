/**
 * GET /signals/v1/private/search/?q= ('Zoek op meldingsinformatie', docs/overview.md): the list
 * representation of the reports that match `q`, HAL-paged as the list (page size 50, the count capped: `count_capped`),
 * narrowed further by any list filter, scoped by department (docs/reference/permissions.md#permissions-and-scoping). What `q` matches:
 * services/overview/search.ts. Signalen's path, without its Elasticsearch.
 */
import { badRequestSchema, detailSchema, halListSchema, halPageOf, pageOf, pageQuerySchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { searchSignals, SEARCH_MAX_LENGTH } from '../../services/overview/search.ts';
import { filterQuerySchema, type RawFilters } from '../../services/signals/list.ts';
import { LIST_PAGE_SIZE, serializeListed } from './signal-list.ts';
import { privateSignalSchema } from './signal-serialize.ts';
import { API_PATHS } from '@meldloket/engine';

/**
 * The list's HAL page plus `count_capped`: true when the search stopped counting (SEARCH_COUNT_MAX
 * past the page) and there are more matches than `count` - 1 (docs/reference/api.md).
 */
const listSchema = halListSchema(privateSignalSchema);
const searchListSchema = { ...listSchema, properties: { ...listSchema.properties, count_capped: { type: 'boolean' } } } as const;

export const searchRoutes: RoutePlugin = async (app) => {
  app.get(API_PATHS.search, {
    config: { permission: 'sia_read' },
    schema: {
      querystring: { type: 'object', properties: { q: { type: 'string', maxLength: SEARCH_MAX_LENGTH * 5 }, ...pageQuerySchema, ...filterQuerySchema } },
      response: { 200: searchListSchema, 400: badRequestSchema, 401: detailSchema, 403: detailSchema, 404: detailSchema },
    },
    handler: async (request) => {
      const { page, size } = pageOf(request.query, LIST_PAGE_SIZE);
      const { count, capped, rows } = await searchSignals(app.db, request.query.q ?? '', request.query as RawFilters, { user: request.staff!, now: new Date(), page, pageSize: size });
      return { ...halPageOf(request, await serializeListed(app, request, rows), count, request.query, LIST_PAGE_SIZE), count_capped: capped };
    },
  });
};
