/**
 * /signals/v1/private/me/filters/ (docs/reference/api.md#private): the signed-in staff member's saved
 * filters — list (HAL, newest first), retrieve, create, PATCH, delete. Another user's
 * filter is a 404. `options` is checked by services/overview/filters.ts.
 */
import type { FastifyRequest } from 'fastify';
import { amsterdamIso } from '../../followup/time.ts';
import { ApiError } from '../../http/api-error.ts';
import { badRequestSchema, baseUrl, CURIES, detailSchema, halListSchema, halPage, pageQuerySchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { createFilter, deleteFilter, getFilter, listFilters, optionsQuery, updateFilter, type FilterOptions } from '../../services/overview/filters.ts';
import { apiPath, API_PATHS } from '@meldloket/engine';

const AUTH = { 401: detailSchema, 403: detailSchema } as const;
const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] } as const;
const notFound = () => ApiError.detail(404, 'No StoredSignalFilter matches the given query.');

const filterBody = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 10000, pattern: '\\S' },
    options: {},
    refresh: { type: 'boolean' },
    show_on_overview: { type: 'boolean' },
  },
} as const;

const href = { type: 'object', properties: { href: { type: 'string' } } } as const;
export const storedFilterSchema = {
  type: 'object',
  properties: {
    _links: { type: 'object', properties: { curies: { type: 'object', properties: { name: { type: 'string' }, href: { type: 'string' } } }, self: href, 'sia:filter': href } },
    _display: { type: 'string' },
    id: { type: 'integer' },
    name: { type: 'string' },
    created_at: { type: 'string' },
    options: { type: 'object', additionalProperties: true },
    refresh: { type: 'boolean' },
    show_on_overview: { type: 'boolean' },
  },
} as const;

interface StoredFilterRow {
  id: number;
  name: string;
  options: FilterOptions;
  refresh: boolean;
  show_on_overview: boolean;
  created_at: Date;
}

export function serializeStoredFilter(base: string, f: StoredFilterRow) {
  const query = optionsQuery(f.options);
  return {
    _links: {
      curies: CURIES(base),
      self: { href: `${base}${apiPath(API_PATHS.meFilter, { id: f.id })}` },
      'sia:filter': { href: `${base}${API_PATHS.privateSignals}${query ? `?${query}` : ''}` },
    },
    _display: f.name,
    id: f.id,
    name: f.name,
    created_at: amsterdamIso(f.created_at),
    options: f.options,
    refresh: f.refresh,
    show_on_overview: f.show_on_overview,
  };
}

export const filterRoutes: RoutePlugin = async (app) => {
  const db = app.db;
  const scope = (request: FastifyRequest) => ({ user: request.staff!, now: new Date() });

  app.get(API_PATHS.meFilters, {
    config: { permission: 'sia_read' },
    schema: { querystring: { type: 'object', properties: pageQuerySchema }, response: { 200: halListSchema(storedFilterSchema), 400: badRequestSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const base = baseUrl(request);
      return halPage(request, (await listFilters(db, request.staff!.id)).map((f) => serializeStoredFilter(base, f)), request.query);
    },
  });

  app.post(API_PATHS.meFilters, {
    config: { permission: 'sia_write' },
    schema: { body: { ...filterBody, required: ['name'] }, response: { 201: storedFilterSchema, 400: badRequestSchema, ...AUTH } },
    handler: async (request, reply) => {
      const created = await createFilter(db, request.staff!.id, request.body, scope(request));
      return reply.code(201).send(serializeStoredFilter(baseUrl(request), created));
    },
  });

  app.get(API_PATHS.meFilter, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: storedFilterSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const found = await getFilter(db, request.staff!.id, request.params.id);
      if (!found) throw notFound();
      return serializeStoredFilter(baseUrl(request), found);
    },
  });

  app.patch(API_PATHS.meFilter, {
    config: { permission: 'sia_write' },
    schema: { params: idParams, body: filterBody, response: { 200: storedFilterSchema, 400: badRequestSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const updated = await updateFilter(db, request.staff!.id, request.params.id, request.body ?? {}, scope(request));
      if (!updated) throw notFound();
      return serializeStoredFilter(baseUrl(request), updated);
    },
  });

  app.delete(API_PATHS.meFilter, {
    config: { permission: 'sia_write' },
    schema: { params: idParams, response: { 204: { type: 'null' }, ...AUTH, 404: detailSchema } },
    handler: async (request, reply) => {
      if (!(await deleteFilter(db, request.staff!.id, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  });
};
