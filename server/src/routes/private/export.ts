/**
 * GET /signals/v1/private/signals/export.csv (docs/overview.md, docs/reference/permissions.md#roles csvExport): the overview's
 * filtered list as a CSV file for a spreadsheet — every list filter, `ordering`, and `q` of
 * the search; the same rows and order as the list (all pages). Needs sia_signal_report.
 * Format and streaming: services/overview/export.ts.
 */
import { Readable } from 'node:stream';
import { API_PATHS, amsterdamWallClock } from '@meldloket/engine';
import { categorySlas } from '../../services/categories/sla.ts';
import { hasPermission } from '../../auth/users.ts';
import { logContactAccess } from '../../privacy/access-log.ts';
import { badRequestSchema, detailSchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { cursorBatches, EXPORT_BATCH_SIZE, exportCsv, isPglite, selectExport, type ExportRow } from '../../services/overview/export.ts';
import { compileSearchQuery, SEARCH_MAX_LENGTH } from '../../services/overview/search.ts';
import { compileFilters, filterQuerySchema, type RawFilters } from '../../services/signals/list.ts';

export const EXPORT_PATH = API_PATHS.privateExport;

/** meldingen-YYYYMMDD-HHMM.csv, Amsterdam time. */
function fileName(now: Date): string {
  const { date, timeOfDay } = amsterdamWallClock(now);
  const p = (n: number) => String(n).padStart(2, '0');
  const minutes = Math.floor(timeOfDay / 60000);
  return `meldingen-${date.year}${p(date.month)}${p(date.day)}-${p(Math.floor(minutes / 60))}${p(minutes % 60)}.csv`;
}

export const exportRoutes: RoutePlugin = async (app) => {
  app.get(EXPORT_PATH, {
    config: { permission: 'sia_signal_report' },
    schema: {
      querystring: { type: 'object', properties: { q: { type: 'string', maxLength: SEARCH_MAX_LENGTH * 5 }, ...filterQuerySchema } },
      // 200: the CSV file, streamed (the schema documents it; a stream is sent as it is)
      response: { 200: { type: 'string', contentMediaType: 'text/csv' }, 400: badRequestSchema, 401: detailSchema, 403: detailSchema },
    },
    handler: async (request, reply) => {
      const now = new Date();
      const raw = request.query as RawFilters;
      const scope = { user: request.staff!, now };
      // Filters (and search) are checked before the first byte: a bad value is the list's 400.
      const { query, order } = request.query.q !== undefined ? await compileSearchQuery(app.db, request.query.q, raw, scope) : await compileFilters(app.db, raw, scope);
      const [tree, slas, onPglite] = await Promise.all([app.categories.tree(), categorySlas(app.db), isPglite(app.db)]);
      const contact = hasPermission(request.staff!, 'sia_can_view_contact_details');
      const batches = cursorBatches<ExportRow>(app.db, order(selectExport(query(), { contact })), EXPORT_BATCH_SIZE, onPglite);
      // The first batch is read before any header is set: a fault there is the API's plain JSON
      // error, not a JSON body under the file's Content-Disposition and Content-Encoding.
      const first = await batches.next();
      // who saw whose data (docs/privacy.md): each exported report with contact details is logged as its batch is written
      const logged = (batch: ExportRow[]) =>
        contact ? logContactAccess(app.db, request.staff!.username, batch.filter((r) => r.reporter_email || r.reporter_phone).map((r) => r.id), 'export', app.privacy.now()) : Promise.resolve();
      async function* rows(): AsyncGenerator<ExportRow[]> {
        if (first.done) return;
        await logged(first.value);
        yield first.value;
        for await (const batch of batches) {
          await logged(batch);
          yield batch;
        }
      }
      const body = Readable.from(exportCsv(rows(), { tree, slas, now, contact }), { objectMode: false });
      body.on('error', (error) => request.log.error({ err: error }, 'CSV export failed'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(now)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
};
