/**
 * /signals/v1/private/status-messages (docs/reference/api.md#private, default texts of the v2 screen):
 * list (HAL, filters active / category_id / state, ordering), detail, create, PUT,
 * PATCH, DELETE; `POST …/category/{category_id}` orders the messages of a category;
 * `GET …/search?q=` searches title and text (PostgreSQL full text). Reading needs
 * sia_read; writes sia_write plus sia_statusmessage_write (positions:
 * sia_statusmessagecategory_write), checked before the body is read.
 */
import { ApiError } from '../../http/api-error.ts';
import { badRequestSchema, detailSchema, halListSchema, halPage, pageOf, pageQuerySchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import {
  ALL_STATES,
  createStatusMessage,
  deleteStatusMessage,
  getStatusMessage,
  listStatusMessages,
  searchStatusMessages,
  serializeStatusMessage,
  setPositions,
  updateStatusMessage,
} from '../../services/default-texts/index.ts';
import { API_PATHS } from '@meldloket/engine';

const AUTH = { 401: detailSchema, 403: detailSchema } as const;
const str = { type: 'string' } as const;
const textList = { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 100 } as const;
const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] } as const;

export const statusMessageSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: str,
    text: str,
    active: { type: 'boolean' },
    state: str,
    categories: { type: 'array', items: { type: 'integer' } },
    updated_at: str,
    created_at: str,
  },
} as const;

const fields = {
  title: { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S' },
  text: { type: 'string', minLength: 1, maxLength: 10000, pattern: '\\S' },
  active: { type: 'boolean' },
  state: { enum: [...ALL_STATES] },
  categories: { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;
const patchBody = { type: 'object', properties: fields } as const;
const fullBody = { type: 'object', properties: fields, required: ['title', 'text', 'state'] } as const;

const positionItem = {
  type: 'object',
  required: ['status_message', 'position'],
  properties: { status_message: { type: 'integer', minimum: 1, maximum: 2147483647 }, position: { type: 'integer', minimum: 0, maximum: 2147483647 } },
} as const;

const searchResult = {
  type: 'object',
  properties: {
    ...statusMessageSchema.properties,
    highlight: { type: 'object', properties: { title: { type: 'array', items: str }, text: { type: 'array', items: str } } },
  },
} as const;
const facet = (term: object) => ({ type: 'array', items: { type: 'object', properties: { term, count: { type: 'integer' }, active: { type: 'boolean' } } } }) as const;

export const statusMessageRoutes: RoutePlugin = async (app) => {
  const db = app.db;
  const notFound = () => ApiError.detail(404, 'No StatusMessage matches the given query.');

  app.get(API_PATHS.statusMessages, {
    config: { permission: 'sia_read' },
    schema: {
      querystring: { type: 'object', properties: { ...pageQuerySchema, active: textList, category_id: textList, state: textList, ordering: textList } },
      response: { 200: halListSchema(statusMessageSchema), 400: badRequestSchema, ...AUTH, 404: detailSchema },
    },
    handler: async (request) => {
      const { active, category_id, state, ordering } = request.query;
      const messages = await listStatusMessages(db, { active, category_id, state, ordering });
      return halPage(request, messages.map(serializeStatusMessage), request.query);
    },
  });

  app.get(API_PATHS.statusMessagesSearch, {
    config: { permission: 'sia_read' },
    schema: {
      querystring: { type: 'object', properties: { q: { type: 'string', maxLength: 1000 }, state: textList, active: textList, ...pageQuerySchema } },
      response: {
        200: { type: 'object', properties: { count: { type: 'integer' }, results: { type: 'array', items: searchResult }, facets: { type: 'object', properties: { state: facet(str), active: facet({ type: 'boolean' }) } } } },
        400: badRequestSchema,
        ...AUTH,
        404: detailSchema,
      },
    },
    handler: async (request) => {
      const { q = '', state, active } = request.query;
      const { page, size } = pageOf(request.query, 15);
      return searchStatusMessages(db, { q, state, active, page, pageSize: size });
    },
  });

  app.get(API_PATHS.statusMessage, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: statusMessageSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const message = await getStatusMessage(db, request.params.id);
      if (!message) throw notFound();
      return serializeStatusMessage(message);
    },
  });

  app.post(API_PATHS.statusMessages, {
    config: { permission: 'sia_statusmessage_write' },
    schema: { body: fullBody, response: { 201: statusMessageSchema, 400: badRequestSchema, ...AUTH } },
    handler: async (request, reply) => reply.code(201).send(serializeStatusMessage(await createStatusMessage(db, request.body))),
  });

  for (const [method, body] of [['PUT', fullBody], ['PATCH', patchBody]] as const) {
    app.route({
      method,
      url: API_PATHS.statusMessage,
      config: { permission: 'sia_statusmessage_write' },
      schema: { params: idParams, body, response: { 200: statusMessageSchema, 400: badRequestSchema, ...AUTH, 404: detailSchema } },
      handler: async (request) => {
        const { id } = request.params as { id: number };
        const message = await updateStatusMessage(db, id, request.body as Parameters<typeof updateStatusMessage>[2]);
        if (!message) throw notFound();
        return serializeStatusMessage(message);
      },
    });
  }

  app.delete(API_PATHS.statusMessage, {
    config: { permission: 'sia_statusmessage_write' },
    schema: { params: idParams, response: { 204: { type: 'null' }, ...AUTH, 404: detailSchema } },
    handler: async (request, reply) => {
      if (!(await deleteStatusMessage(db, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  });

  app.post(API_PATHS.statusMessagesOfCategory, {
    config: { permission: 'sia_statusmessagecategory_write' },
    schema: {
      params: { type: 'object', properties: { category_id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['category_id'] },
      body: { anyOf: [positionItem, { type: 'array', maxItems: 1000, items: positionItem }] },
      response: { 201: { anyOf: [{ type: 'array', items: positionItem }, positionItem] }, 400: badRequestSchema, ...AUTH, 404: detailSchema },
    },
    handler: async (request, reply) => {
      const body = request.body as { status_message: number; position: number } | { status_message: number; position: number }[];
      const items = Array.isArray(body) ? body : [body];
      await setPositions(db, request.params.category_id, items);
      const echo = items.map((i) => ({ status_message: i.status_message, position: i.position }));
      return reply.code(201).send(Array.isArray(body) ? echo : echo[0]);
    },
  });
};
