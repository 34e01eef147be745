/**
 * POST /signals/v1/public/signals/ (docs/reference/api.md#public-create) and GET /signals/v1/public/signals/{uuid} (docs/reference/api.md#public-signal).
 * The body is checked against the engine's create-signal schema (the same file the
 * web app validates with), then by the signals service; GET on the list URL is 405.
 */
import { createRequire } from 'node:module';
import type { ErrorObject } from 'ajv';
import { ApiError, NO_SIGNAL, NOT_FOUND } from '../../http/api-error.ts';
import { methodNotAllowed } from '../../http/error-handler.ts';
import { badRequestSchema, detailSchema } from '../../http/hal.ts';
import { CREATE_ERROR_MAPPING, publicSignalSchema, serializePublicSignal, trimReporterEmail, UUID_PATTERN } from '../../services/signals/index.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { API_PATHS } from '@meldloket/engine';

const require = createRequire(import.meta.url);
export const createSignalSchema = require('@meldloket/engine/schema/create-signal.schema.json') as Record<string, unknown>;

/** Any text: a malformed uuid is a 404 ("Niet gevonden."), decided in the handler. */
const uuidParams = { type: 'object', properties: { uuid: { type: 'string' } }, required: ['uuid'] } as const;

export interface CreateRouteOptions {
  /** Public create calls per client IP per hour. */
  throttlePerHour: number;
}

export const createRoutes: RoutePlugin<CreateRouteOptions> = async (app, { throttlePerHour }) => {
  app.post(API_PATHS.publicSignals, {
    schema: {
      headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 255 } } },
      body: createSignalSchema,
      response: { 201: publicSignalSchema, 400: badRequestSchema, 413: detailSchema, 415: detailSchema, 422: detailSchema, 429: detailSchema },
    },
    // the schema checks the address as the resident meant it, without surrounding spaces
    preValidation: async (request) => trimReporterEmail(request.body),
    attachValidation: true,
    config: {
      fieldErrors: CREATE_ERROR_MAPPING,
      rateLimit: { max: throttlePerHour, timeWindow: 60 * 60 * 1000 },
    },
    handler: async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || key.length === 0 || key.length > 255)) {
        throw new ApiError(400, { detail: 'Idempotency-Key moet 1 tot 255 tekens lang zijn.' });
      }
      // Body errors only: a bad Idempotency-Key (headers schema) is refused above in its own words.
      const failed = request.validationError;
      const schemaErrors = failed && (failed as { validationContext?: string }).validationContext === 'body' ? (failed.validation as ErrorObject[]) : undefined;
      const { row, created } = await app.signals.createPublic(request.body, schemaErrors, key === undefined ? undefined : { key, client: request.ip });
      if (!created) reply.header('Idempotent-Replayed', 'true');
      return reply.code(201).send(serializePublicSignal(row));
    },
  });

  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: API_PATHS.publicSignals,
    schema: { response: { 405: detailSchema } },
    handler: async (request) => {
      throw methodNotAllowed(request.method);
    },
  });

  app.route({
    method: ['PUT', 'PATCH', 'DELETE', 'POST'],
    url: API_PATHS.publicSignal,
    schema: { params: uuidParams, response: { 405: detailSchema } },
    handler: async (request) => {
      throw methodNotAllowed(request.method);
    },
  });

  app.get(API_PATHS.publicSignal, {
    schema: { params: uuidParams, response: { 200: publicSignalSchema, 404: detailSchema } },
    handler: async (request) => {
      const { uuid } = request.params;
      if (!UUID_PATTERN.test(uuid)) throw ApiError.detail(404, NOT_FOUND);
      const row = await app.signals.byUuid(uuid);
      if (!row) throw ApiError.detail(404, NO_SIGNAL);
      return serializePublicSignal(row);
    },
  });
};
