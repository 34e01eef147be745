/**
 * GET /signals/v1/private/signals/ and /geography (docs/reference/api.md#private): the back office's
 * overview of reports, filtered, ordered and paged by the signals list service and
 * scoped to the staff member's departments (docs/reference/permissions.md#permissions-and-scoping). Reporter e-mail and phone are
 * masked without `sia_can_view_contact_details`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission } from '../../auth/users.ts';
import { badRequestSchema, baseUrl, detailSchema, halListSchema, halPageOf, pageNumberSchema, pageOf, pageQuerySchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { filterQuerySchema, listSignals, signalGeography, type ListedSignal, type RawFilters } from '../../services/signals/list.ts';
import { featureCollectionSchema, geoPageHeaders, pointFeatureCollection, utcIso } from '../signals/geography.ts';
import { logContactAccess } from '../../privacy/access-log.ts';
import { privateSignalSchema, serializePrivateSignal } from './signal-serialize.ts';
import { API_PATHS, GEO_PAGE_SIZE } from '@meldloket/engine';

/** The overview's page size (docs/reference/limits.md#constants). */
export const LIST_PAGE_SIZE = 50;

const AUTH = { 401: detailSchema, 403: detailSchema } as const;

const geographySchema = featureCollectionSchema({ id: { type: 'integer' }, created_at: { type: 'string' } } as const);

/** The list representation of listed rows (the list, search): categories, SLA, relations, masked contact details. */
export async function serializeListed(app: FastifyInstance, request: FastifyRequest, rows: ListedSignal[]) {
  const tree = await app.categories.tree();
  const base = baseUrl(request);
  const showContactDetails = hasPermission(request.staff!, 'sia_can_view_contact_details');
  // who saw whose data (docs/privacy.md): each row's contact details are in the answer
  if (showContactDetails) {
    const shown = rows.filter((r) => r.reporter_email || r.reporter_phone).map((r) => r.id);
    await logContactAccess(app.db, request.staff!.username, shown, 'list', app.privacy.now());
  }
  return rows.map((row) => {
    const main = tree.find((m) => m.sub_categories.some((s) => s.id === row.category_id))!;
    const sub = main.sub_categories.find((s) => s.id === row.category_id)!;
    return serializePrivateSignal(row, {
      base,
      main,
      sub,
      sla: row.sla_n_days ? { n_days: row.sla_n_days, use_calendar_days: row.sla_use_calendar_days } : null,
      showContactDetails,
      hasAttachments: row.has_attachments,
      reporters: Number(row.reporters),
      relations: {
        assignedUserEmail: row.assigned_user_email,
        hasChildren: row.has_children,
        routingDepartments: row.routing_departments,
        directingDepartments: row.directing_departments,
      },
    });
  });
}

export const signalListRoutes: RoutePlugin = async (app) => {
  app.get(API_PATHS.privateSignals, {
    config: { permission: 'sia_read' },
    schema: {
      querystring: { type: 'object', properties: { ...pageQuerySchema, ...filterQuerySchema } },
      response: { 200: halListSchema(privateSignalSchema), 400: badRequestSchema, ...AUTH, 404: detailSchema },
    },
    handler: async (request) => {
      const { page, size } = pageOf(request.query, LIST_PAGE_SIZE);
      const { count, rows } = await listSignals(app.db, request.query as RawFilters, { user: request.staff!, now: new Date(), page, pageSize: size });
      return halPageOf(request, await serializeListed(app, request, rows), count, request.query, LIST_PAGE_SIZE);
    },
  });

  app.get(API_PATHS.privateGeography, {
    config: { permission: 'sia_read' },
    schema: {
      querystring: { type: 'object', properties: { geopage: pageNumberSchema, ...filterQuerySchema } },
      response: { 200: geographySchema, 400: badRequestSchema, ...AUTH },
    },
    handler: async (request, reply) => {
      const page = request.query.geopage ?? 1;
      const { count, rows } = await signalGeography(app.db, request.query as RawFilters, { user: request.staff!, now: new Date(), page, pageSize: GEO_PAGE_SIZE });
      geoPageHeaders(request, reply, count, page);
      return pointFeatureCollection(rows, (r) => ({ id: r.id, created_at: utcIso(new Date(r.created_at)) }));
    },
  });
};
