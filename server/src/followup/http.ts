/** Shared bits of the follow-up route plugins. */
import type { FastifyReply } from 'fastify';
import type { FollowupOptions } from './ports.ts';
import type { Db } from './sessions.ts';
import { AccessError } from './sessions.ts';
import { FlowError } from './flows.ts';

export interface FollowupRouteOptions extends FollowupOptions {
  db: Db;
}

/** Absolute base for the HAL links of a response (PUBLIC_URL; see http/hal.ts). */
export { baseUrl as baseOf } from '../http/hal.ts';

/** Contract §7 'Access errors': the detail of any other failure of a /sessions/{uuid}… call. */
export const SESSION_FAILURE = 'An error occurred while processing the request.';

/**
 * A /sessions/{uuid}… call that failed: a known refusal in the API's shape; a client error
 * (a status below 500, e.g. a bad multipart body) to the error handler; any other failure is
 * logged and answered 500 with the contract's detail.
 */
export function sendSessionError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof AccessError || error instanceof FlowError) return sendKnownError(reply, error);
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status < 500) throw error;
  reply.log.error({ err: error }, 'questionnaire session call failed');
  return reply.code(500).send({ detail: SESSION_FAILURE });
}

/** Sends a known refusal in the API's error shape; anything else is rethrown for the error handler. */
export function sendKnownError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof AccessError) return reply.code(error.statusCode).send(error.body);
  if (error instanceof FlowError) return reply.code(error.field === 'signal' ? 404 : 400).send(error.field === 'signal' ? { detail: error.message } : { [error.field]: [error.message] });
  throw error;
}
