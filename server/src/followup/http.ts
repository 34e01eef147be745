/** Shared bits of the follow-up route plugins. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FollowupOptions } from './ports.ts';
import type { Db } from './sessions.ts';
import { AccessError } from './sessions.ts';
import { FlowError } from './flows.ts';

export interface FollowupRouteOptions extends FollowupOptions {
  db: Db;
}

/** Absolute base for the HAL links of a response: the host the client called. */
export function baseOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Sends a known refusal in the API's error shape; anything else is rethrown for the error handler. */
export function sendKnownError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof AccessError) return reply.code(error.statusCode).send(error.body);
  if (error instanceof FlowError) return reply.code(error.field === 'signal' ? 404 : 400).send(error.field === 'signal' ? { detail: error.message } : { [error.field]: [error.message] });
  throw error;
}
