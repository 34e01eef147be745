/**
 * The older per-category default texts (docs/reference/api.md#private, the v1 screen):
 * GET and POST /signals/v1/private/terms/categories/{slug}[/sub_categories/{sub_slug}]/status-message-templates
 * (also spelled `status_message_templates`, as Signalen's router has it). GET answers
 * `[{"state", "templates": [{"title", "text", "is_active"}]}]`; POST (sia_write and
 * sia_statusmessagetemplate_write) replaces every template of each state it sends and
 * answers as GET. States: the first 14 of docs/reference/statuses.md#transitions.
 */
import { ApiError } from '../../http/api-error.ts';
import { badRequestSchema, detailSchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { categoryIdBySlugs, getTemplates, replaceTemplates, TEMPLATE_STATES } from '../../services/default-texts/index.ts';
import { API_PATHS } from '@meldloket/engine';

const AUTH = { 401: detailSchema, 403: detailSchema, 404: detailSchema } as const;
const str = { type: 'string' } as const;
const slug = { type: 'string', maxLength: 100, pattern: '^[-\\w]+$' } as const;

const groupsSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      state: str,
      templates: { type: 'array', items: { type: 'object', properties: { title: str, text: str, is_active: { type: 'boolean' } } } },
    },
  },
} as const;

const bodySchema = {
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    required: ['state', 'templates'],
    properties: {
      state: { enum: [...TEMPLATE_STATES] },
      templates: {
        type: 'array',
        maxItems: 100,
        items: {
          type: 'object',
          required: ['title', 'text'],
          properties: {
            title: { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S' },
            text: { type: 'string', minLength: 1, maxLength: 10000, pattern: '\\S' },
            is_active: { type: 'boolean' },
          },
        },
      },
    },
  },
} as const;

export const templateRoutes: RoutePlugin = async (app) => {
  const db = app.db;

  const categoryId = (params: { slug: string; sub_slug?: string }) => categoryIdBySlugs(db, params);

  // Signalen answers both spellings of the templates path.
  for (const paths of [[API_PATHS.mainTemplates, API_PATHS.subTemplates], [API_PATHS.mainTemplatesUnderscore, API_PATHS.subTemplatesUnderscore]]) {
    for (const path of paths) {
      const params = { type: 'object', properties: { slug, sub_slug: slug }, required: ['slug'] } as const;

      app.get(path, {
        config: { permission: 'sia_read' },
        schema: { params, response: { 200: groupsSchema, ...AUTH } },
        handler: async (request) => getTemplates(db, await categoryId(request.params)),
      });

      app.post(path, {
        config: { permission: 'sia_statusmessagetemplate_write' },
        schema: { params, body: bodySchema, response: { 200: groupsSchema, 400: badRequestSchema, ...AUTH } },
        handler: async (request) => {
          const id = await categoryId(request.params);
          await replaceTemplates(db, id, request.body);
          return getTemplates(db, id);
        },
      });
    }
  }
};
