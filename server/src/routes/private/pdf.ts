/**
 * GET /signals/v1/private/signals/{id}/pdf (docs/reference/api.md#private `sia:pdf`): the report as a
 * PDF work order for a contractor (services/pdf). Needs sia_read and the report in the
 * staff member's departments (403 otherwise).
 */
import { baseUrl, detailSchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { SignalTable } from '../../db/tables.ts';
import { answerText, renderReportPdf, type PdfPhoto, type PdfReport } from '../../services/pdf/index.ts';
import { displayId } from '../../services/signals/index.ts';
import { isImageType } from '../../services/attachments/check.ts';
import { imageForPdf } from '../../services/attachments/image.ts';
import { signalIdParams, visibleSignal } from './signal-access.ts';
import { attachmentsOf } from '../../services/attachments/staff.ts';
import { incidentPage, API_PATHS, stateName } from '@meldloket/engine';

/** Where the back office shows a report (the detail route of the app). */
export const detailPageUrl = (base: string, id: number) => `${base}${incidentPage(id)}`;

/** What the work order draws of `signal` (also the export of a reporter's data, privacy/reporter.ts). */
export async function pdfReportOf(app: FastifyInstance, signal: Selectable<SignalTable>, base: string): Promise<PdfReport> {
  const tree = await app.categories.tree();
  const main = tree.find((m) => m.sub_categories.some((s) => s.id === signal.category_id));
  const sub = main?.sub_categories.find((s) => s.id === signal.category_id);
  const files = await attachmentsOf(app.db, signal.id);
  const photos: PdfPhoto[] = [];
  const otherFiles: string[] = [];
  for (const file of files) {
    if (!isImageType(file.mime_type)) {
      otherFiles.push(file.original_filename);
      continue;
    }
    // Decoded again here, one at a time: a stored image from before the upload's image step
    // that does not decode becomes a placeholder (data undefined), never bytes pdfkit chokes on.
    const stored = await app.storage.read(file.file_path).catch(() => undefined);
    if (!stored) otherFiles.push(file.original_filename);
    else photos.push({ filename: file.original_filename, data: await imageForPdf(stored) });
  }
  const extra = Array.isArray(signal.extra_properties) ? (signal.extra_properties as { label?: unknown; answer?: unknown }[]) : [];
  return {
    display: displayId(signal.id),
    createdAt: new Date(signal.created_at),
    incidentDateStart: signal.incident_date_start ? new Date(signal.incident_date_start) : null,
    state: signal.state,
    stateDisplay: stateName(signal.state),
    main: main?.name ?? '',
    sub: sub?.name ?? '',
    categoryText: signal.category_text,
    priority: signal.priority,
    type: signal.type_code,
    source: signal.source,
    address: signal.address_text,
    stadsdeel: signal.stadsdeel,
    lat: signal.lat,
    lng: signal.lng,
    text: signal.text,
    textExtra: signal.text_extra,
    answers: extra.filter((e) => typeof e?.label === 'string').map((e) => ({ label: e.label as string, answer: answerText(e.answer) })),
    photos,
    otherFiles,
    url: detailPageUrl(base, signal.id),
    generatedAt: new Date(),
  };
}

export const pdfRoutes: RoutePlugin = async (app) => {
  app.get(API_PATHS.signalPdf, {
    config: { permission: 'sia_read' },
    schema: {
      params: signalIdParams,
      response: { 200: { type: 'string', contentMediaType: 'application/pdf' }, 401: detailSchema, 403: detailSchema, 404: detailSchema },
    },
    handler: async (request, reply) => {
      const signal = await visibleSignal(app.db, request.staff!, request.params.id);
      const pdf = await renderReportPdf(await pdfReportOf(app, signal, baseUrl(request)));
      const display = displayId(signal.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${display}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf as unknown as string); // a Buffer is sent as it is, never serialized
    },
  });
};
