/**
 * A report's relatives: its child reports (splitting) and the open reports near it
 * that could become its children (docs/back-office-incident.md, beyond Signalen).
 *
 * - GET  /signals/v1/private/signals/{id}/children/  HAL list of Signalen's abridged child
 * - GET  /signals/v1/private/signals/{id}/nearby     same subcategory, ≤ 50 m, last 30 days, open, nearest first
 * - POST /signals/v1/private/signals/{id}/nearby/link {"signals": [ids]} → they become children of {id}
 * - DELETE /signals/v1/private/signals/{id}/nearby/link/{child} → a linked child is a standalone report again
 *   (only one that was linked, not one made by splitting; the children list says which: `linked`)
 */
import { badRequestSchema, baseUrl, countedListSchema, detailSchema, halListSchema, halPage, pageQuerySchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { amsterdamIso } from '../../followup/time.ts';
import { displayId } from '../../services/signals/index.ts';
import { linkChildren, linkedChildIds, listChildren, unlinkChild } from '../../services/split/index.ts';
import { nearbyReports } from '../../services/split/nearby.ts';
import { MAX_CHILDREN } from '../../services/signals/create-bulk.ts';
import { signalIdParams, visibleSignal } from './signal-access.ts';
import { visibleChildIds } from '../../services/signals/visible.ts';
import { apiPath, API_PATHS, stateName } from '@meldloket/engine';

const AUTH = { 401: detailSchema, 403: detailSchema, 404: detailSchema } as const;
const str = { type: 'string' } as const;
const link = { type: 'object', properties: { href: str } } as const;
const statusSchema = { type: 'object', properties: { state: str, state_display: str } } as const;

const childSchema = {
  type: 'object',
  properties: {
    _links: { type: 'object', properties: { self: link } },
    id: { type: 'integer' },
    status: statusSchema,
    category: { type: 'object', properties: { sub: str, sub_slug: str, main: str, main_slug: str, departments: str } },
    updated_at: str,
    can_view_signal: { type: 'boolean' },
    /** Beyond Signalen: made a child by linking (the nearby action), so the link can be undone. */
    linked: { type: 'boolean' },
  },
} as const;

const nearbySchema = {
  type: 'object',
  properties: {
    _links: { type: 'object', properties: { self: link } },
    id: { type: 'integer' },
    id_display: str,
    text: str,
    created_at: str,
    status: statusSchema,
    category: { type: 'object', properties: { sub: str, sub_slug: str, main: str, main_slug: str } },
    location: {
      type: 'object',
      properties: { address_text: { type: ['string', 'null'] }, geometrie: { type: 'object', properties: { type: str, coordinates: { type: 'array', items: { type: 'number' } } } } },
    },
    distance: { type: 'integer' },
  },
} as const;

export const relatedRoutes: RoutePlugin = async (app) => {
  const db = app.db;
  const status = (state: string) => ({ state, state_display: stateName(state) });

  app.get(API_PATHS.signalChildren, {
    config: { permission: 'sia_read' },
    schema: { params: signalIdParams, querystring: { type: 'object', properties: pageQuerySchema }, response: { 200: halListSchema(childSchema), ...AUTH } },
    handler: async (request) => {
      const staff = request.staff!;
      const parent = await visibleSignal(db, staff, request.params.id);
      const base = baseUrl(request);
      const tree = await app.categories.tree();
      const children = await listChildren(db, staff, parent.id);
      const linked = await linkedChildIds(db, parent.id);
      const results = children.map((c) => {
        const sub = tree.flatMap((m) => m.sub_categories).find((s) => s.id === c.category_id);
        return {
          _links: { self: { href: `${base}${apiPath(API_PATHS.privateSignal, { id: c.id })}` } },
          id: c.id,
          status: status(c.state),
          category: { sub: c.sub, sub_slug: c.sub_slug, main: c.main, main_slug: c.main_slug, departments: (sub?.departments ?? []).map((d) => d.code).join(', ') },
          updated_at: amsterdamIso(c.updated_at)!,
          // the list is scoped (docs/reference/permissions.md#permissions-and-scoping), so every child listed can be opened
          can_view_signal: true,
          linked: linked.has(c.id),
        };
      });
      return halPage(request, results, request.query);
    },
  });

  app.get(API_PATHS.signalNearby, {
    config: { permission: 'sia_read' },
    schema: { params: signalIdParams, response: { 200: countedListSchema(nearbySchema), ...AUTH } },
    handler: async (request) => {
      const staff = request.staff!;
      const signal = await visibleSignal(db, staff, request.params.id);
      const base = baseUrl(request);
      const tree = await app.categories.tree();
      const main = tree.find((m) => m.sub_categories.some((s) => s.id === signal.category_id));
      const sub = main?.sub_categories.find((s) => s.id === signal.category_id);
      const rows = await nearbyReports(db, staff, signal, new Date());
      return {
        count: rows.length,
        results: rows.map((r) => ({
          _links: { self: { href: `${base}${apiPath(API_PATHS.privateSignal, { id: r.id })}` } },
          id: r.id,
          id_display: displayId(r.id),
          text: r.text,
          created_at: amsterdamIso(r.created_at)!,
          status: status(r.state),
          category: { sub: sub?.name ?? '', sub_slug: sub?.slug ?? '', main: main?.name ?? '', main_slug: main?.slug ?? '' },
          location: { address_text: r.address_text, geometrie: { type: 'Point', coordinates: [r.lng, r.lat] } },
          distance: Math.round(r.distance),
        })),
      };
    },
  });

  app.post(API_PATHS.signalNearbyLink, {
    config: { permission: 'sia_write' },
    schema: {
      params: signalIdParams,
      body: {
        type: 'object',
        required: ['signals'],
        properties: { signals: { type: 'array', minItems: 1, maxItems: MAX_CHILDREN, items: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
      },
      response: { 200: { type: 'object', properties: { children: { type: 'array', items: { type: 'integer' } } } }, 400: badRequestSchema, ...AUTH },
    },
    handler: async (request) => {
      const staff = request.staff!;
      const parent = await visibleSignal(db, staff, request.params.id);
      await linkChildren(db, staff, parent.id, request.body.signals, new Date());
      return { children: await visibleChildIds(db, staff, parent.id) };
    },
  });

  app.delete(API_PATHS.signalNearbyUnlink, {
    // the right of linking
    config: { permission: 'sia_write' },
    schema: {
      params: { type: 'object', properties: { id: signalIdParams.properties.id, child: signalIdParams.properties.id }, required: ['id', 'child'] },
      response: { 200: { type: 'object', properties: { children: { type: 'array', items: { type: 'integer' } } } }, 400: badRequestSchema, ...AUTH },
    },
    handler: async (request) => {
      const staff = request.staff!;
      const parent = await visibleSignal(db, staff, request.params.id);
      await unlinkChild(db, staff, parent.id, request.params.child, new Date());
      return { children: await visibleChildIds(db, staff, parent.id) };
    },
  });
};
