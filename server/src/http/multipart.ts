/** Reading a multipart body: a body that does not parse is the client's mistake. */
import { DomainError } from '../domain/errors.ts';
import { ApiError } from './api-error.ts';

export const UNREADABLE_MULTIPART = 'De multipart-aanvraag kon niet worden gelezen.';

/**
 * The error to pass on when reading the parts failed: our own refusals and Fastify's
 * 4xx errors (limits, which the error handler words) as they are; anything else (a
 * missing boundary, a body cut off mid-part) is a 400, never a server error.
 */
export function multipartReadError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status && status < 500) return error;
  return new ApiError(400, { detail: UNREADABLE_MULTIPART });
}
