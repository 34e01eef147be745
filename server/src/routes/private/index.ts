/**
 * The private (back-office) API under /signals/v1/private (contract §11). Every route
 * checks the bearer token and its permissions in an onRequest hook (`requireStaff`),
 * before the body is read: 401 or 403, never a 500.
 */
import type { FastifyPluginAsync } from 'fastify';
import { requireStaff } from '../../auth/index.ts';
import { detailSchema } from '../../http/hal.ts';
import { baseUrl } from '../../http/hal.ts';
import { meSchema, PRIVATE, serializeMe } from './serialize.ts';

/** Responses every private route may give besides its own. */
export const AUTH_RESPONSES = { 401: detailSchema, 403: detailSchema } as const;

export const privateRoutes: FastifyPluginAsync = async (app) => {
  app.get(`${PRIVATE}/me/`, {
    onRequest: requireStaff('sia_read'),
    schema: { response: { 200: meSchema, ...AUTH_RESPONSES } },
    handler: async (request) => serializeMe(baseUrl(request), request.staff!),
  });
};
