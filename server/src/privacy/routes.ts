/**
 * The privacy officer's API (docs/privacy.md), under the private API and gated by
 * `sia_privacy_officer` (auth/catalogue.ts):
 * - GET /signals/v1/private/privacy/retention/: the configured figures, the last daily run,
 *   and the dry run — every report the job would anonymise or delete now;
 * - GET /signals/v1/private/privacy/deletions/: the deletion records (no personal data).
 */
import { API_PATHS, END_STATES, stateName } from '@meldloket/engine';
import { amsterdamIso } from '../followup/time.ts';
import { badRequestSchema, countedListSchema, detailSchema } from '../http/hal.ts';
import type { RoutePlugin } from '../http/typed.ts';
import { CONTACT_ACCESS_VIA, listContactAccess } from './access-log.ts';

export const PRIVACY_PERMISSION = 'sia_privacy_officer';

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const AUTH = { 401: detailSchema, 403: detailSchema } as const;

const retentionSchema = {
  type: 'object',
  properties: {
    contact_days: int,
    delete_after_years: {
      type: 'array',
      items: { type: 'object', properties: { state: str, state_display: str, years: { type: ['integer', 'null'] } } },
    },
    last_run: {
      type: ['object', 'null'],
      properties: { day: str, started_at: str, finished_at: nullableStr, anonymised: { type: ['integer', 'null'] }, deleted: { type: ['integer', 'null'] } },
    },
    dry_run: {
      type: 'array',
      items: {
        type: 'object',
        properties: { action: str, signal_id: int, state: str, state_display: str, category: str, ended_at: str, due_at: str, rule: str },
      },
    },
  },
} as const;

const deletionsSchema = countedListSchema({
  type: 'object',
  properties: { signal_id: int, category: str, category_slug: str, state: str, state_display: str, created_at: str, ended_at: str, deleted_at: str, rule: str, deleted_by: nullableStr },
});

const accessSchema = countedListSchema({ type: 'object', properties: { signal_id: int, username: str, via: str, via_display: str, when: str } }, { page: int, page_size: int });

/** Entries per page of the access log, unless the caller asks for another size (at most 100). */
export const ACCESS_PAGE_SIZE = 25;

export const privacyRoutes: RoutePlugin = async (app) => {
  // Who saw whose data: per report (signal_id) or per staff member (username), newest first, paged.
  app.get(API_PATHS.privacyContactAccess, {
    config: { permission: PRIVACY_PERMISSION },
    schema: {
      querystring: {
        type: 'object',
        properties: {
          signal_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
          username: { type: 'string', minLength: 1, maxLength: 254 },
          page: { type: 'integer', minimum: 1, maximum: 100000 },
          page_size: { type: 'integer', minimum: 1, maximum: 100 },
        },
      },
      response: { 200: accessSchema, 400: badRequestSchema, ...AUTH },
    },
    handler: async (request) => {
      const { signal_id, username, page = 1, page_size = ACCESS_PAGE_SIZE } = request.query as { signal_id?: number; username?: string; page?: number; page_size?: number };
      const { count, rows } = await listContactAccess(app.db, { signalId: signal_id, username: username?.trim() || undefined, page, pageSize: page_size });
      return {
        count,
        page,
        page_size,
        results: rows.map((r) => ({ signal_id: r.signal_id, username: r.username, via: r.via, via_display: CONTACT_ACCESS_VIA[r.via] ?? r.via, when: amsterdamIso(new Date(r.created_at)) })),
      };
    },
  });

  app.get(API_PATHS.privacyRetention, {
    config: { permission: PRIVACY_PERMISSION },
    schema: { response: { 200: retentionSchema, ...AUTH } },
    handler: async () => {
      const { retention } = app.privacy;
      const last = await app.db.selectFrom('privacy_run').selectAll().orderBy('day', 'desc').limit(1).executeTakeFirst();
      return {
        contact_days: retention.contactDays,
        delete_after_years: END_STATES.map((state) => ({ state, state_display: stateName(state), years: retention.deleteAfterYears[state] ?? null })),
        last_run: last
          ? { day: last.day, started_at: amsterdamIso(new Date(last.started_at)), finished_at: last.finished_at ? amsterdamIso(new Date(last.finished_at)) : null, anonymised: last.anonymised, deleted: last.deleted }
          : null,
        dry_run: (await app.privacy.dryRun()).map((item) => ({
          action: item.action,
          signal_id: item.signalId,
          state: item.state,
          state_display: stateName(item.state),
          category: item.category,
          ended_at: amsterdamIso(item.endedAt),
          due_at: amsterdamIso(item.dueAt),
          rule: item.rule,
        })),
      };
    },
  });

  app.get(API_PATHS.privacyDeletions, {
    config: { permission: PRIVACY_PERMISSION },
    schema: { response: { 200: deletionsSchema, ...AUTH } },
    handler: async () => {
      const rows = await app.db.selectFrom('signal_deletion').selectAll().orderBy('deleted_at', 'desc').orderBy('id', 'desc').limit(500).execute();
      const { count } = await app.db.selectFrom('signal_deletion').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
      return {
        count: Number(count),
        results: rows.map((r) => ({
          signal_id: r.signal_id,
          category: r.category_name,
          category_slug: r.category_slug,
          state: r.state,
          state_display: stateName(r.state),
          created_at: amsterdamIso(new Date(r.signal_created_at)),
          ended_at: amsterdamIso(new Date(r.ended_at)),
          deleted_at: amsterdamIso(new Date(r.deleted_at)),
          rule: r.rule,
          deleted_by: r.deleted_by,
        })),
      };
    },
  });
};
