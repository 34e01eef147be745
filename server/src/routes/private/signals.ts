/**
 * POST /signals/v1/private/signals/ (docs/reference/api.md#staff-create): staff file a report. The body is
 * the engine's `privateSignal` schema (the same file the app checks with) with
 * source, priority and type required (docs/reference/limits.md#validation); the signals service does the rest,
 * the same code as the public call with the staff differences switched on. A JSON
 * array creates up to 10 reports at once, or child reports of one parent (splitting):
 * services/signals/create-bulk.ts.
 */
import type { ErrorObject } from 'ajv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { SignalTable } from '../../db/tables.ts';
import type { StaffUser } from '../../auth/users.ts';
import { validatorCompiler } from '../../http/compilers.ts';
import { listPrivateCategories } from '../../settings/directory.ts';
import { hasPermission } from '../../auth/users.ts';
import { ApiError } from '../../http/api-error.ts';
import { badRequestSchema, baseUrl, detailSchema } from '../../http/hal.ts';
import { CREATE_ERROR_MAPPING, MAX_CHILDREN, trimReporterEmail } from '../../services/signals/index.ts';
import { createSignalSchema } from '../signals/index.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { hasAttachment } from '../../services/attachments/staff.ts';
import { privateSignalSchema, serializePrivateSignal } from './signal-serialize.ts';
import { API_PATHS } from '@meldloket/engine';

/** The staff create body: the engine's privateSignal definition, plus the fields staff must fill in. */
export const staffCreateSchema = {
  ...createSignalSchema,
  $id: 'https://meldloket.nl/schema/create-private-signal.schema.json',
  title: 'Create a signal as staff (POST /signals/v1/private/signals/)',
  $ref: undefined,
  allOf: [{ $ref: '#/$defs/privateSignal' }, { required: ['source', 'priority', 'type'] }],
} as Record<string, unknown>;
delete staffCreateSchema.$ref;

/** Checks one item of a bulk body against the staff create schema (the route's own compiled validator). */
function itemValidator(): (item: unknown) => ErrorObject[] | undefined {
  const validate = validatorCompiler({ schema: staffCreateSchema, method: 'POST', url: API_PATHS.privateSignals, httpPart: 'body' });
  return (item) => (validate(item) ? undefined : ((validate as { errors?: ErrorObject[] | null }).errors ?? undefined) || undefined);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const staffCreateRoutes: RoutePlugin = async (app) => {
  const validateItem = itemValidator();

  app.post(API_PATHS.privateSignals, {
    schema: {
      headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 255 } } },
      body: staffCreateSchema,
      response: {
        201: { anyOf: [{ type: 'array', items: privateSignalSchema }, privateSignalSchema] },
        400: badRequestSchema,
        401: detailSchema,
        403: detailSchema,
        413: detailSchema,
        415: detailSchema,
        422: detailSchema,
      },
    },
    // the schema checks the address as the resident meant it, without surrounding spaces
    preValidation: async (request) => {
      for (const item of Array.isArray(request.body) ? request.body : [request.body]) trimReporterEmail(item);
    },
    attachValidation: true,
    config: { permission: 'sia_signal_create_initial', fieldErrors: CREATE_ERROR_MAPPING },
    handler: async (request, reply) => {
      const staff = request.staff!;
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || key.length === 0 || key.length > 255)) {
        throw new ApiError(400, { detail: 'Idempotency-Key moet 1 tot 255 tekens lang zijn.' });
      }
      // A staff member's key replays only for that staff member.
      const idempotency = key === undefined ? undefined : { key, client: `staff:${staff.username.toLowerCase()}` };
      const body: unknown = request.body;
      const failed = request.validationError;
      const schemaErrors = failed && (failed as { validationContext?: string }).validationContext === 'body' ? (failed.validation as ErrorObject[]) : undefined;
      const serialize = await serializer(app, request, staff);

      if (Array.isArray(body) || (isObject(body) && body.parent !== undefined && body.parent !== null)) {
        // Bulk (docs/reference/api.md#staff-create), or one child report: the parent rules apply to both.
        const single = !Array.isArray(body);
        const items = single ? [{ body, schemaErrors }] : body.slice(0, MAX_CHILDREN + 1).map((item) => ({ body: item, schemaErrors: validateItem(item) }));
        const { rows, created } = await app.signals.createMany(items, staff, { idempotencyKey: idempotency, single });
        if (!created) reply.header('Idempotent-Replayed', 'true');
        const serialized = await Promise.all(rows.map(serialize));
        return reply.code(201).send(single ? serialized[0] : serialized);
      }

      const { row, created } = await app.signals.create(body, schemaErrors, idempotency, { username: staff.username });
      if (!created) reply.header('Idempotent-Replayed', 'true');
      return reply.code(201).send(await serialize(row));
    },
  });
};

/** The list representation of newly stored reports for the staff member of this request. */
async function serializer(app: FastifyInstance, request: FastifyRequest, staff: StaffUser) {
  const tree = await app.categories.tree();
  const base = baseUrl(request);
  const showContactDetails = hasPermission(staff, 'sia_can_view_contact_details');
  return async (row: Selectable<SignalTable>) => {
    const main = tree.find((m) => m.sub_categories.some((s) => s.id === row.category_id))!;
    const sub = main.sub_categories.find((s) => s.id === row.category_id)!;
    const [category] = await listPrivateCategories(app.db, row.category_id);
    return serializePrivateSignal(row, {
      base,
      main,
      sub,
      sla: category?.sla_n_days ? { n_days: category.sla_n_days, use_calendar_days: category.sla_use_calendar_days } : null,
      showContactDetails,
      hasAttachments: await hasAttachment(app.db, row.id),
    });
  };
}
