/**
 * One report in the back office (docs/reference/api.md#private): the detail, its history, its reporter
 * context and the PATCH that changes it. The detail is not pre-filtered: a report the
 * staff member may not see (department scoping, docs/reference/permissions.md#permissions-and-scoping) is a 403, an unknown one a 404.
 * PUT and DELETE are not allowed (405, after the token and permission checks, as DRF).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission, type StaffUser } from '../../auth/users.ts';
import { logContactAccess } from '../../privacy/access-log.ts';
import { ApiError, NO_SIGNAL, NOT_FOUND } from '../../http/api-error.ts';
import { methodNotAllowed } from '../../http/error-handler.ts';
import { parseDateTime } from '../../domain/datetime.ts';
import { badRequestSchema, baseUrl, countedListSchema, detailSchema, halListSchema, halPage, pageQuerySchema } from '../../http/hal.ts';
import { amsterdamIso } from '../../followup/time.ts';
import { API_PATHS, stateName } from '@meldloket/engine';
import { reporterSignals, signalContext, visibleIds } from '../../services/workflow/context.ts';
import { assignableUsers } from '../../services/workflow/assignees.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { loadSignalDetail, type SignalDetailData } from '../../services/workflow/detail.ts';
import { PATCH_BODY_SCHEMA } from '../../services/workflow/patch.ts';
import { signalEtag } from '../../services/workflow/version.ts';
import { HISTORY_WHAT, listHistory } from '../../services/workflow/history.ts';
import { visibleSignal } from './signal-access.ts';
import { signalById } from '../../services/signals/visible.ts';
import { categorySla } from '../../services/categories/sla.ts';
import { serializeSignalDetail, signalDetailSchema, signalHistoryEntrySchema } from './signal-detail-serialize.ts';

/** What a request about one report is refused with: 401 without a token, 403 without the right or when scoping hides the report, 404 for an unknown one. */
const REPORT_REFUSALS = { 401: detailSchema, 403: detailSchema, 404: detailSchema } as const;
const idParams = { type: 'object', properties: { id: { type: 'string', maxLength: 40 } }, required: ['id'] } as const;

/** The report id of the path: a malformed one is DRF's 404 'Niet gevonden.'. */
export function signalIdOf(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2147483647) throw ApiError.detail(404, NOT_FOUND);
  return Number(raw);
}

/** The report the staff member asks for: 404 when it does not exist, 403 when scoping hides it. */
export async function visibleSignalId(app: FastifyInstance, staff: StaffUser, raw: string): Promise<number> {
  return (await visibleSignal(app.db, staff, signalIdOf(raw))).id;
}

/** The detail body of a loaded report for the staff member of `request`. */
export async function detailBody(app: FastifyInstance, request: FastifyRequest, data: SignalDetailData) {
  const tree = await app.categories.tree();
  const main = tree.find((m) => m.sub_categories.some((s) => s.id === data.row.category_id));
  const sub = main?.sub_categories.find((s) => s.id === data.row.category_id);
  if (!main || !sub) throw new Error(`category ${data.row.category_id} of signal ${data.row.id} is not in the tree`);
  return serializeSignalDetail(data, {
    base: baseUrl(request),
    main,
    sub,
    sla: await categorySla(app.db, sub.id),
    showContactDetails: hasPermission(request.staff!, 'sia_can_view_contact_details'),
  });
}

export const signalDetailRoutes: RoutePlugin = async (app) => {
  app.get(API_PATHS.privateSignal, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: signalDetailSchema, ...REPORT_REFUSALS } },
    handler: async (request, reply) => {
      const id = await visibleSignalId(app, request.staff!, request.params.id);
      const data = await loadSignalDetail(app.db, id);
      if (!data) throw ApiError.detail(404, NO_SIGNAL);
      // the version a PATCH names in If-Match (services/workflow/version.ts)
      reply.header('etag', signalEtag(data.row));
      const body = await detailBody(app, request, data);
      // who saw whose data (docs/privacy.md)
      if (hasPermission(request.staff!, 'sia_can_view_contact_details') && (data.row.reporter_email || data.row.reporter_phone)) {
        await logContactAccess(app.db, request.staff!.username, [data.row.id], 'detail', app.privacy.now());
      }
      return body;
    },
  });

  app.patch(API_PATHS.privateSignal, {
    config: { permission: 'sia_write' },
    schema: { params: idParams, body: PATCH_BODY_SCHEMA, response: { 200: signalDetailSchema, 400: badRequestSchema, ...REPORT_REFUSALS, 412: detailSchema } },
    // The workflow checks the body itself, after the block permissions and the report's scope (as DRF does).
    attachValidation: true,
    handler: async (request, reply) => {
      const staff = request.staff!;
      const id = await visibleSignalId(app, staff, request.params.id);
      const ifMatch = request.headers['if-match'];
      await app.workflow.patch(staff, id, request.body, typeof ifMatch === 'string' ? ifMatch : undefined);
      const data = await loadSignalDetail(app.db, id);
      if (!data) throw ApiError.detail(404, NO_SIGNAL);
      reply.header('etag', signalEtag(data.row));
      return detailBody(app, request, data);
    },
  });

  // The mail a status change would send, before it is saved (beyond the contract: docs/back-office-incident.md, as Signalen's form) ----
  app.post(API_PATHS.signalStatusMailPreview, {
    // the rights of the status change itself (the PATCH's status block)
    config: { permission: 'sia_signal_change_status' },
    schema: {
      params: idParams,
      body: { type: 'object', properties: { status: { type: 'object' } } },
      response: {
        200: {
          type: 'object',
          properties: { send: { type: 'boolean' }, reason: { type: 'string' }, to: { type: 'string' }, subject: { type: 'string' }, text: { type: 'string' }, has_links: { type: 'boolean' }, followers: { type: 'integer' } },
          required: ['send', 'followers'],
        },
        400: badRequestSchema,
        ...REPORT_REFUSALS,
      },
    },
    // the status block is checked by the workflow, in the PATCH's error shapes
    attachValidation: true,
    handler: async (request) => {
      const staff = request.staff!;
      const id = await visibleSignalId(app, staff, request.params.id);
      return app.workflow.previewStatusMail(staff, id, request.body);
    },
  });

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: API_PATHS.privateSignal,
      config: { permission: 'sia_write' },
      schema: { params: idParams, response: { 405: detailSchema } },
      handler: async (request) => {
        throw methodNotAllowed(request.method);
      },
    });
  }

  // Who the report can be assigned to (beyond the contract: the assignment choice of the report page) ----
  app.get(API_PATHS.signalAssignableUsers, {
    config: { permission: 'sia_read' },
    schema: {
      params: idParams,
      response: {
        200: countedListSchema({ type: 'object', properties: { id: { type: 'integer' }, username: { type: 'string' }, first_name: { type: 'string' }, last_name: { type: 'string' } } }),
        ...REPORT_REFUSALS,
      },
    },
    handler: async (request) => {
      const id = await visibleSignalId(app, request.staff!, request.params.id);
      const results = await assignableUsers(app.db, id);
      return { count: results.length, results: results.map((u) => ({ ...u })) };
    },
  });

  app.get(API_PATHS.signalHistory, {
    config: { permission: 'sia_read' },
    schema: {
      params: idParams,
      querystring: {
        type: 'object',
        properties: { what: { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 20 }, created_after: { type: 'string', maxLength: 64 }, created_before: { type: 'string', maxLength: 64 } },
      },
      response: { 200: { type: 'array', items: signalHistoryEntrySchema }, 400: badRequestSchema, ...REPORT_REFUSALS },
    },
    handler: async (request) => {
      const id = await visibleSignalId(app, request.staff!, request.params.id);
      const { what, created_after, created_before } = request.query;
      const errors: Record<string, string[]> = {};
      const unknown = (what ?? []).find((w) => !(HISTORY_WHAT as readonly string[]).includes(w));
      if (unknown !== undefined) errors.what = [`Selecteer een geldige keuze. ${unknown} is geen beschikbare keuze.`];
      const instant = (name: string, text: string | undefined) => {
        if (text === undefined) return undefined;
        const at = parseDateTime(text);
        if (!at) errors[name] = ['Voer een geldige datum/tijd in.'];
        return at;
      };
      const createdAfter = instant('created_after', created_after);
      const createdBefore = instant('created_before', created_before);
      if (Object.keys(errors).length) throw new ApiError(400, errors);
      return listHistory(app.db, id, { what: what?.length ? what : undefined, createdAfter, createdBefore });
    },
  });

  // Reporter context (docs/reference/api.md#private sia:context; docs/reference/screens.md#entities reporter context counts) ----
  const count = { type: 'integer' } as const;
  app.get(API_PATHS.signalContext, {
    config: { permission: 'sia_read' },
    schema: {
      params: idParams,
      response: {
        200: {
          type: 'object',
          properties: {
            near: { type: 'object', properties: { signal_count: count } },
            reporter: { type: ['object', 'null'], properties: { signal_count: count, open_count: count, positive_count: count, negative_count: count } },
          },
        },
        ...REPORT_REFUSALS,
      },
    },
    handler: async (request) => {
      const id = await visibleSignalId(app, request.staff!, request.params.id);
      const signal = await signalById(app.db, id);
      return signalContext(app.db, signal, app.workflow.now());
    },
  });

  app.get(API_PATHS.signalReporterReports, {
    config: { permission: 'sia_read' },
    schema: {
      params: idParams,
      querystring: { type: 'object', properties: pageQuerySchema },
      response: {
        200: halListSchema({
          type: 'object',
          properties: {
            id: { type: 'integer' },
            created_at: { type: 'string' },
            category: { type: 'object', properties: { sub: { type: 'string' }, sub_slug: { type: 'string' }, main: { type: 'string' }, main_slug: { type: 'string' } } },
            status: { type: 'object', properties: { state: { type: 'string' }, state_display: { type: 'string' } } },
            feedback: { type: ['object', 'null'], properties: { is_satisfied: { type: 'boolean' }, submitted_at: { type: 'string' } } },
            can_view_signal: { type: 'boolean' },
          },
        }),
        ...REPORT_REFUSALS,
      },
    },
    handler: async (request) => {
      const staff = request.staff!;
      const id = await visibleSignalId(app, staff, request.params.id);
      const signal = await signalById(app.db, id);
      const rows = signal.reporter_email ? await reporterSignals(app.db, signal.reporter_email) : [];
      // who saw whose data (docs/privacy.md): the reporter's other reports, found by the address
      if (rows.length > 0) await logContactAccess(app.db, staff.username, [id], 'reporter', app.privacy.now());
      const visible = await visibleIds(app.db, staff, rows.map((r) => r.id));
      const tree = await app.categories.tree();
      const items = rows.map((r) => {
        const main = tree.find((m) => m.sub_categories.some((c) => c.id === r.category_id));
        const sub = main?.sub_categories.find((c) => c.id === r.category_id);
        return {
          id: r.id,
          created_at: amsterdamIso(r.created_at),
          category: { sub: sub?.name ?? '', sub_slug: sub?.slug ?? '', main: main?.name ?? '', main_slug: main?.slug ?? '' },
          status: { state: r.state, state_display: stateName(r.state) },
          feedback: r.feedback_at ? { is_satisfied: r.is_satisfied === true, submitted_at: amsterdamIso(r.feedback_at) } : null,
          can_view_signal: visible.has(r.id),
        };
      });
      return halPage(request, items, request.query);
    },
  });
};
