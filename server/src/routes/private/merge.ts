/**
 * One problem, many reporters (docs/duplicates.md), the back office's side:
 *
 * - GET  /signals/v1/private/signals/{id}/followers  the merge relations and the followers
 *        (their e-mail addresses only with sia_can_view_contact_details)
 * - POST /signals/v1/private/signals/{id}/merge      {"duplicates": [ids]} → they close, merged into {id}
 * - POST /signals/v1/private/signals/{id}/unmerge    undo the merge of duplicate {id}
 */
import { hasPermission } from '../../auth/index.ts';
import { badRequestSchema, countedListSchema, detailSchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { amsterdamIso } from '../../followup/time.ts';
import { followersOf, mergeReports, unmergeReport } from '../../services/followers/index.ts';
import { MAX_CHILDREN } from '../../services/signals/create-bulk.ts';
import { signalIdParams, visibleSignal } from './signal-access.ts';
import type { Permission } from '../../auth/catalogue.ts';
import { API_PATHS } from '@meldloket/engine';

const AUTH = { 401: detailSchema, 403: detailSchema, 404: detailSchema } as const;
const str = { type: 'string' } as const;
const ref = { type: 'object', properties: { id: { type: 'integer' }, id_display: str } } as const;
const mergeRef = { type: 'object', properties: { id: { type: 'integer' }, id_display: str, merged_at: str, merged_by: str } } as const;
const followersSchema = countedListSchema(
  { type: 'object', properties: { id: { type: 'integer' }, kind: str, verified: { type: 'boolean' }, origin: ref, created_at: str, email: str } },
  { reporters: { type: 'integer' }, merged_into: { anyOf: [mergeRef, { type: 'null' }] }, duplicates: { type: 'array', items: mergeRef } },
);

/** Merging closes reports: sia_write and the status permission. */

export const mergeRoutes: RoutePlugin = async (app) => {
  const db = app.db;
  const deps = () => ({ db, publicUrl: app.linkBase.publicUrl });
  const iso = (d: Date) => amsterdamIso(d)!;

  app.get(API_PATHS.signalFollowers, {
    config: { permission: 'sia_read' },
    schema: { params: signalIdParams, response: { 200: followersSchema, ...AUTH } },
    handler: async (request) => {
      const staff = request.staff!;
      const signal = await visibleSignal(db, staff, request.params.id);
      const f = await followersOf(db, signal.id, hasPermission(staff, 'sia_can_view_contact_details'));
      return {
        ...f,
        merged_into: f.merged_into && { ...f.merged_into, merged_at: iso(f.merged_into.merged_at) },
        duplicates: f.duplicates.map((d) => ({ ...d, merged_at: iso(d.merged_at) })),
        results: f.results.map((r) => ({ ...r, created_at: iso(r.created_at) })),
      };
    },
  });

  app.post(API_PATHS.signalMerge, {
    config: { permission: 'sia_signal_change_status' },
    schema: {
      params: signalIdParams,
      body: {
        type: 'object',
        required: ['duplicates'],
        properties: { duplicates: { type: 'array', minItems: 1, maxItems: MAX_CHILDREN, items: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
      },
      response: { 200: { type: 'object', properties: { merged: { type: 'array', items: { type: 'integer' } }, mails: { type: 'integer' } } }, 400: badRequestSchema, ...AUTH },
    },
    handler: async (request) => {
      const staff = request.staff!;
      const main = await visibleSignal(db, staff, request.params.id);
      // every duplicate must be one the handler may see (403 as its detail page answers)
      for (const id of new Set(request.body.duplicates)) if (id !== main.id) await visibleSignal(db, staff, id);
      const result = await mergeReports(deps(), staff.username, main.id, request.body.duplicates, app.workflow.now());
      if (result.mails) void app.outbox.resume();
      return result;
    },
  });

  app.post(API_PATHS.signalUnmerge, {
    config: { permission: 'sia_signal_change_status' },
    schema: { params: signalIdParams, response: { 200: { type: 'object', properties: { main: { type: 'integer' }, state: str } }, 400: badRequestSchema, ...AUTH } },
    handler: async (request) => {
      const staff = request.staff!;
      const duplicate = await visibleSignal(db, staff, request.params.id);
      return unmergeReport(deps(), staff.username, duplicate.id, app.workflow.now());
    },
  });
};
