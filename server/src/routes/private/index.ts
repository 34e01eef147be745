/**
 * The private (back-office) API under /signals/v1/private (docs/reference/api.md#private). Every route
 * declares who may call it in its config (`config: { permission: … }`, auth/access.ts); one
 * hook checks the bearer token and those permissions before the body is read: 401 or 403,
 * never a 500. The base rule: GET needs sia_read, writes need sia_write, model writes their
 * own permission as well.
 */
import { badRequestSchema, baseUrl, detailSchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { meSchema, serializeMe } from '../../settings/serialize.ts';
import { setOwnNotifications } from '../../settings/users.ts';
import { exportRoutes } from './export.ts';
import { filterRoutes } from './filters.ts';
import { searchRoutes } from './search.ts';
import { signaleringRoutes } from './signalering.ts';
import { signalDetailRoutes } from './signal-detail.ts';
import { signalListRoutes } from './signal-list.ts';
import { staffCreateRoutes } from './signals.ts';
import { relatedRoutes } from './nearby.ts';
import { mergeRoutes } from './merge.ts';
import { statusMessageRoutes } from './status-messages.ts';
import { templateRoutes } from './templates.ts';
import { privateAttachmentRoutes } from './attachments.ts';
import { pdfRoutes } from './pdf.ts';
import { routingRoutes } from './routing.ts';
import { API_PATHS } from '@meldloket/engine';

/** Responses every private route may give besides its own. */
export const AUTH_RESPONSES = { 401: detailSchema, 403: detailSchema } as const;

export interface PrivateRoutesOptions {
  /** API_MAX_UPLOAD_SIZE (docs/reference/api.md#attachments), for staff uploads too. */
  maxUploadBytes?: number;
}

export const privateRoutes: RoutePlugin<PrivateRoutesOptions> = async (app, options) => {
  const db = app.db;

  // Me ------------------------------------------------------------------------
  app.get(API_PATHS.me, {
    config: { permission: 'sia_read' },
    schema: { response: { 200: meSchema, ...AUTH_RESPONSES } },
    handler: async (request) => serializeMe(baseUrl(request), request.staff!),
  });

  // A staff member's own mail notifications (docs/routing.md): a report routed to one
  // of their departments, a report assigned to them. Any signed-in staff member, for themselves only.
  app.patch(API_PATHS.meNotifications, {
    config: { permission: 'sia_read' },
    schema: {
      body: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: { notification_on_user_assignment: { type: 'boolean' }, notification_on_department_assignment: { type: 'boolean' } },
      },
      response: { 200: meSchema, 400: badRequestSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => {
      const me = await setOwnNotifications(db, request.staff!.id, request.body);
      return serializeMe(baseUrl(request), me ?? request.staff!);
    },
  });

  // Signals (staff create) -----------------------------------------------------
  await app.register(staffCreateRoutes);
  await app.register(signalListRoutes);
  await app.register(searchRoutes);
  await app.register(filterRoutes);
  await app.register(exportRoutes);
  await app.register(signaleringRoutes);
  await app.register(signalDetailRoutes);
  await app.register(relatedRoutes);
  await app.register(mergeRoutes);
  await app.register(statusMessageRoutes);
  await app.register(templateRoutes);
  await app.register(pdfRoutes);
  await app.register(routingRoutes); // areas, routing rules, re-routing (docs/routing.md)
  await app.register(privateAttachmentRoutes, { maxUploadBytes: options.maxUploadBytes ?? 20 * 1024 * 1024 });
};
