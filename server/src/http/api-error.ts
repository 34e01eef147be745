/**
 * The wire side of the domain's refusals (domain/errors.ts): the status code of each kind,
 * and ApiError, which a route module (never a service) may throw by status code. Both leave
 * through the one error handler (error-handler.ts).
 */
import { DomainError, type ErrorBody, type ErrorKind } from '../domain/errors.ts';

export { NO_SIGNAL, NOT_FOUND, type ErrorBody } from '../domain/errors.ts';

/** The status code each kind of refusal answers with. */
export const HTTP_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  conflict: 409,
  gone: 410,
  stale: 412,
  'unsupported-media-type': 415,
  unprocessable: 422,
  'too-many-requests': 429,
} as const satisfies Record<ErrorKind, number>;
export type RefusalStatus = (typeof HTTP_STATUS)[ErrorKind];

const KIND_OF_STATUS = new Map(Object.entries(HTTP_STATUS).map(([kind, status]) => [status as number, kind as ErrorKind]));

/** A refusal named by its status code, for route modules: the same DomainError underneath. */
export class ApiError extends DomainError {
  constructor(statusCode: RefusalStatus, body: ErrorBody, headers: Record<string, string> = {}) {
    super(KIND_OF_STATUS.get(statusCode)!, body, headers);
    this.name = 'ApiError';
  }

  get statusCode(): number {
    return HTTP_STATUS[this.kind];
  }

  static detail(statusCode: RefusalStatus, detail: string): ApiError {
    return new ApiError(statusCode, { detail });
  }

  /** 400 `{"field": ["msg"]}`. */
  static field(field: string, ...messages: string[]): ApiError {
    return new ApiError(400, { [field]: messages });
  }
}

export const SERVER_ERROR = 'Er is een serverfout opgetreden.';
