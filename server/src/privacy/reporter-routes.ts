/**
 * A reporter's rights (docs/privacy.md), under the private API, gated by
 * `sia_reporter_rights` (auth/catalogue.ts), across every department:
 * - POST /signals/v1/private/privacy/reporter/search/ {email | phone}: every report of that person;
 * - POST /signals/v1/private/privacy/reporter/export/ {email | phone, format: json | pdf}: what
 *   the product holds about that person, to hand over.
 * The address or number travels in the body, never in a URL (which access logs keep).
 * - POST /signals/v1/private/privacy/reporter/erase/ {email | phone, mode: anonymise | erase};
 * - GET  /signals/v1/private/privacy/reporter/requests/: the record of those actions.
 */
import { amsterdamIso } from '../followup/time.ts';
import { badRequestSchema, baseUrl, countedListSchema, detailSchema, resultsListSchema } from '../http/hal.ts';
import type { RouteAccess } from '../auth/access.ts';
import type { RoutePlugin } from '../http/typed.ts';
import { pdfReportOf } from '../routes/private/pdf.ts';
import { renderSubjectPdf, type SubjectReport } from '../services/pdf/index.ts';
import { displayId } from '../services/signals/index.ts';
import { listHistory } from '../services/workflow/history.ts';
import {
  anonymiseSubject,
  ERASE_MODES,
  eraseSubject,
  exportJson,
  findReports,
  mailsTo,
  recordRequest,
  REQUEST_ACTIONS,
  stateName,
  subjectOf,
  type ExportedReport,
} from './reporter.ts';
import { API_PATHS } from '@meldloket/engine';

export const REPORTER_RIGHTS_PERMISSION = 'sia_reporter_rights';

const AUTH = { 401: detailSchema, 403: detailSchema } as const;
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const subjectQuery = { email: { type: 'string', maxLength: 254 }, phone: { type: 'string', maxLength: 40 } } as const;

const foundSchema = countedListSchema({
  type: 'object',
  properties: { id: int, created_at: str, state: str, state_display: str, category: str, address: { type: ['string', 'null'] }, email: { type: ['string', 'null'] }, phone: { type: ['string', 'null'] } },
});

/** Searching, exporting and listing: the reporter-rights officer's reads (POST with a body, still reads). */
const READER: RouteAccess = { permissions: ['sia_read', REPORTER_RIGHTS_PERMISSION] };

export const reporterRightsRoutes: RoutePlugin = async (app) => {
  const categoryName = async (categoryId: number) => {
    const tree = await app.categories.tree();
    const main = tree.find((m) => m.sub_categories.some((s) => s.id === categoryId));
    return { main: main?.name ?? '', sub: main?.sub_categories.find((s) => s.id === categoryId)?.name ?? '' };
  };

  app.post(API_PATHS.reporterSearch, {
    config: READER,
    schema: { body: { type: 'object', properties: subjectQuery }, response: { 200: foundSchema, 400: badRequestSchema, ...AUTH } },
    handler: async (request) => {
      const subject = subjectOf(request.body as { email?: string; phone?: string });
      const reports = await findReports(app.db, subject);
      await recordRequest(app.db, request.staff!.username, 'search', subject, reports.map((r) => r.id), app.privacy.now());
      const results = [];
      for (const r of reports) {
        const c = await categoryName(r.category_id);
        results.push({ id: r.id, created_at: amsterdamIso(new Date(r.created_at)), state: r.state, state_display: stateName(r.state), category: c.sub, address: r.address_text, email: r.reporter_email, phone: r.reporter_phone });
      }
      return { count: results.length, results };
    },
  });

  app.post(API_PATHS.reporterExport, {
    config: READER,
    schema: {
      body: { type: 'object', properties: { ...subjectQuery, format: { type: 'string', enum: ['json', 'pdf'] } } },
      // a file to hand over, sent as bytes (JSON or PDF), never serialized
      response: { 200: { type: 'string', description: 'application/json or application/pdf' }, 400: badRequestSchema, ...AUTH },
    },
    handler: async (request, reply) => {
      const { format = 'json', ...query } = request.body as { email?: string; phone?: string; format?: 'json' | 'pdf' };
      const subject = subjectOf(query);
      const now = app.privacy.now();
      const reports = await findReports(app.db, subject);
      const mails = await mailsTo(app.db, subject, reports);
      await recordRequest(app.db, request.staff!.username, format === 'pdf' ? 'export_pdf' : 'export_json', subject, reports.map((r) => r.id), now);
      const stamp = now.toISOString().slice(0, 10);
      reply.header('cache-control', 'no-store');
      if (format === 'pdf') {
        const pages: SubjectReport[] = [];
        for (const r of reports) {
          const history = await listHistory(app.db, r.id);
          pages.push({
            ...(await pdfReportOf(app, r, baseUrl(request))),
            contact: { email: r.reporter_email, phone: r.reporter_phone, sharingAllowed: r.sharing_allowed },
            history: history.map((h) => ({ when: new Date(h.when), action: h.action, description: h.description })),
          });
        }
        const pdf = await renderSubjectPdf({ subject: subject.label, generatedAt: now, reports: pages, mails: mails.map((m) => ({ to: m.to, subject: m.subject, createdAt: new Date(m.created_at), sentAt: m.sent_at ? new Date(m.sent_at) : null })) });
        return reply.type('application/pdf').header('content-disposition', `attachment; filename="inzage-${stamp}.pdf"`).send(pdf as unknown as string);
      }
      const exported: ExportedReport[] = [];
      for (const r of reports) {
        const files = await app.db.selectFrom('attachment').select(['original_filename', 'mime_type', 'created_at', 'created_by']).where('signal_id', '=', r.id).orderBy('id').execute();
        const history = await listHistory(app.db, r.id);
        exported.push({
          id: r.id,
          display: displayId(r.id),
          created_at: amsterdamIso(new Date(r.created_at)),
          updated_at: amsterdamIso(new Date(r.updated_at)),
          state: r.state,
          state_display: stateName(r.state),
          category: await categoryName(r.category_id),
          text: r.text,
          text_extra: r.text_extra,
          incident_date_start: r.incident_date_start ? amsterdamIso(new Date(r.incident_date_start)) : null,
          location: { address: r.address_text, stadsdeel: r.stadsdeel, lat: r.lat, lng: r.lng },
          extra_properties: r.extra_properties,
          reporter: { email: r.reporter_email, phone: r.reporter_phone, sharing_allowed: r.sharing_allowed },
          attachments: files.map((f) => ({ filename: f.original_filename, mime_type: f.mime_type, created_at: amsterdamIso(new Date(f.created_at)), from_reporter: f.created_by === null })),
          // what happened to the report; staff names are their data, not the reporter's
          history: history.map((h) => ({ when: h.when, action: h.action, description: h.description })),
        });
      }
      const body = exportJson(subject, amsterdamIso(now), exported, mails.map((m) => ({ to: m.to, subject: m.subject, created_at: amsterdamIso(new Date(m.created_at)), sent_at: m.sent_at ? amsterdamIso(new Date(m.sent_at)) : null })));
      return reply.type('application/json; charset=utf-8').header('content-disposition', `attachment; filename="inzage-${stamp}.json"`).send(Buffer.from(JSON.stringify(body, null, 2)) as unknown as string);
    },
  });

  app.post(API_PATHS.reporterErase, {
    config: { permission: REPORTER_RIGHTS_PERMISSION },
    schema: {
      body: {
        type: 'object',
        properties: { ...subjectQuery, mode: { type: 'string', enum: [...ERASE_MODES] } },
        required: ['mode'],
      },
      response: { 200: { type: 'object', properties: { mode: str, count: int, signal_ids: { type: 'array', items: int } } }, 400: badRequestSchema, ...AUTH },
    },
    handler: async (request) => {
      const { mode, ...rest } = request.body as { email?: string; phone?: string; mode: 'anonymise' | 'erase' };
      const subject = subjectOf(rest);
      const staff = request.staff!.username;
      const now = app.privacy.now();
      let ids: number[];
      if (mode === 'anonymise') ids = await anonymiseSubject(app.db, subject, staff, now);
      else {
        const erased = await eraseSubject(app.db, subject, staff, now);
        ids = erased.ids;
        for (const key of erased.files) await app.storage.remove(key).catch((error: unknown) => request.log.warn({ err: error, key }, 'removing an erased report’s file failed'));
      }
      await recordRequest(app.db, staff, mode, subject, ids, now);
      return { mode, count: ids.length, signal_ids: ids };
    },
  });

  app.get(API_PATHS.reporterRequests, {
    config: READER,
    schema: {
      response: {
        200: resultsListSchema({ type: 'object', properties: { username: str, action: str, action_display: str, key_kind: str, signal_ids: { type: 'array', items: int }, when: str } }),
        ...AUTH,
      },
    },
    handler: async () => {
      const rows = await app.db.selectFrom('reporter_request').selectAll().orderBy('id', 'desc').limit(200).execute();
      return {
        results: rows.map((r) => ({
          username: r.username,
          action: r.action,
          action_display: REQUEST_ACTIONS[r.action],
          key_kind: r.key_kind,
          signal_ids: typeof r.signal_ids === 'string' ? (JSON.parse(r.signal_ids) as number[]) : r.signal_ids,
          when: amsterdamIso(new Date(r.created_at)),
        })),
      };
    },
  });
};
