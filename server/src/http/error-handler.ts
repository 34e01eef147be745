/**
 * The one error handler: every failure leaves as one of the contract's error bodies.
 * A domain refusal is a DomainError (domain/errors.ts: its kind and body; ApiError and the
 * follow-up flows' AccessError and FlowError are ones too): the kind gives the status
 * (HTTP_STATUS), the body is sent as it is. Services and route handlers throw, never map.
 * A client's mistake (bad JSON, wrong type, too large, wrong media type, unknown path)
 * is a 4xx; only our own faults are 5xx, logged, and never with a stack trace. A database
 * that is away (db/unavailable.ts) is 503 with Retry-After, for every route in one place. A route
 * whose contract names its own 500 detail sets `config.serverErrorDetail`.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, HTTP_STATUS, NOT_FOUND, SERVER_ERROR } from './api-error.ts';
import { DomainError } from '../domain/errors.ts';
import { toFieldErrors, type MapOptions } from '../domain/field-errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/unavailable.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How this route's body validation errors map onto DRF field errors. */
    fieldErrors?: MapOptions;
    /** The detail of a 500 on this route, where the contract names one (QA sessions, docs/reference/api.md#questionnaires). */
    serverErrorDetail?: string;
  }
}

const CLIENT_ERRORS: Record<string, (e: FastifyError, r: FastifyRequest) => [number, Record<string, unknown>]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: (e) => [400, { detail: `JSON parse error - ${e.message.replace(/^Body is not valid JSON but content-type is set to 'application\/json'/, 'Ongeldige JSON')}` }],
  FST_ERR_CTP_EMPTY_JSON_BODY: () => [400, { detail: 'JSON parse error - De inhoud is leeg.' }],
  FST_ERR_CTP_BODY_TOO_LARGE: () => [413, { detail: 'De aanvraag is te groot.' }],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (_e, r) => [415, { detail: `Ongeldig mediatype "${r.headers['content-type'] ?? ''}" in aanvraag.` }],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => [400, { detail: 'De lengte van de aanvraag klopt niet.' }],
  FST_REQ_FILE_TOO_LARGE: () => [400, { file: ['Het bestand is te groot.'] }],
  FST_PARTS_LIMIT: () => [400, { detail: 'Te veel onderdelen in de aanvraag.' }],
  FST_FIELDS_LIMIT: () => [400, { detail: 'Te veel velden in de aanvraag.' }],
  FST_FILES_LIMIT: () => [400, { file: ['Stuur één bestand per aanvraag.'] }],
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => [400, { detail: 'De aanvraag is geen multipart/form-data.' }],
  FST_ERR_VALIDATION: () => [400, { detail: 'Invalid input.' }],
};

function send(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof DomainError) return send(reply, HTTP_STATUS[error.kind], error.body, error.headers);
      if (error.validation) {
        const data = error.validationContext === 'body' ? request.body : error.validationContext === 'querystring' ? request.query : request.params;
        const mapped = toFieldErrors(error.validation as never, data, request.routeOptions.config.fieldErrors ?? {});
        if (error.validationContext === 'params') return send(reply, 404, { detail: NOT_FOUND });
        return send(reply, 400, mapped ?? { detail: 'Invalid input.' });
      }
      const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
      if (known) {
        const [status, body] = known(error, request);
        return send(reply, status, body);
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return send(reply, 503, { detail: DATABASE_UNAVAILABLE }, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status === 429) return send(reply, 429, { detail: error.message });
      if (status >= 400 && status < 500) return send(reply, status, { detail: error.message || 'Invalid input.' });
      request.log.error({ err: error }, 'request failed');
      return send(reply, status >= 500 && status < 600 ? status : 500, { detail: request.routeOptions.config?.serverErrorDetail ?? SERVER_ERROR });
    });
  },
  { name: 'error-handler' },
);

/** DRF's 405 body. */
export const methodNotAllowed = (method: string) => new ApiError(405, { detail: `Methode "${method}" niet toegestaan.` });
