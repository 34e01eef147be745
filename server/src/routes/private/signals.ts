/**
 * POST /signals/v1/private/signals/ (contract §2): staff file a report. The body is
 * the engine's `privateSignal` schema (the same file the app checks with) with
 * source, priority and type required (spec §5); the signals service does the rest,
 * the same code as the public call with the staff differences switched on.
 */
import type { ErrorObject } from 'ajv';
import { requireStaff } from '../../auth/index.ts';
import { listPrivateCategories } from '../../auth/directory.ts';
import { hasPermission } from '../../auth/users.ts';
import { ApiError } from '../../http/api-error.ts';
import { badRequestSchema, baseUrl, detailSchema } from '../../http/hal.ts';
import { CREATE_ERROR_MAPPING, trimReporterEmail } from '../../services/signals/index.ts';
import { createSignalSchema } from '../signals/index.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { PRIVATE } from './serialize.ts';
import { privateSignalSchema, serializePrivateSignal } from './signal-serialize.ts';

/** The staff create body: the engine's privateSignal definition, plus the fields staff must fill in. */
export const staffCreateSchema = {
  ...createSignalSchema,
  $id: 'https://meldloket.nl/schema/create-private-signal.schema.json',
  title: 'Create a signal as staff (POST /signals/v1/private/signals/)',
  $ref: undefined,
  allOf: [{ $ref: '#/$defs/privateSignal' }, { required: ['source', 'priority', 'type'] }],
} as Record<string, unknown>;
delete staffCreateSchema.$ref;

export const staffCreateRoutes: RoutePlugin = async (app) => {
  app.post(`${PRIVATE}/signals/`, {
    onRequest: requireStaff('sia_write', 'sia_signal_create_initial'),
    schema: {
      headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 255 } } },
      body: staffCreateSchema,
      response: { 201: privateSignalSchema, 400: badRequestSchema, 401: detailSchema, 403: detailSchema, 413: detailSchema, 415: detailSchema, 422: detailSchema },
    },
    // the schema checks the address as the resident meant it, without surrounding spaces
    preValidation: async (request) => trimReporterEmail(request.body),
    attachValidation: true,
    config: { fieldErrors: CREATE_ERROR_MAPPING },
    handler: async (request, reply) => {
      const staff = request.staff!;
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || key.length === 0 || key.length > 255)) {
        throw new ApiError(400, { detail: 'Idempotency-Key moet 1 tot 255 tekens lang zijn.' });
      }
      if (Array.isArray(request.body)) {
        throw new ApiError(400, { non_field_errors: ['Meerdere meldingen tegelijk (deelmeldingen) worden nog niet ondersteund.'] });
      }
      const failed = request.validationError;
      const schemaErrors = failed && (failed as { validationContext?: string }).validationContext === 'body' ? (failed.validation as ErrorObject[]) : undefined;
      // A staff member's key replays only for that staff member.
      const idempotency = key === undefined ? undefined : { key, client: `staff:${staff.username.toLowerCase()}` };
      const { row, created } = await app.signals.create(request.body, schemaErrors, idempotency, { username: staff.username });
      if (!created) reply.header('Idempotent-Replayed', 'true');
      const tree = await app.categories.tree();
      const main = tree.find((m) => m.sub_categories.some((s) => s.id === row.category_id))!;
      const sub = main.sub_categories.find((s) => s.id === row.category_id)!;
      const [category] = await listPrivateCategories(app.db, row.category_id);
      return reply.code(201).send(
        serializePrivateSignal(row, {
          base: baseUrl(request),
          main,
          sub,
          sla: category?.sla_n_days ? { n_days: category.sla_n_days, use_calendar_days: category.sla_use_calendar_days } : null,
          showContactDetails: hasPermission(staff, 'sia_can_view_contact_details'),
          hasAttachments: false,
        }),
      );
    },
  });
};
