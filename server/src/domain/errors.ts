/**
 * The refusals the domain throws: what went wrong, in a few kinds, and the body the
 * API answers with (docs/reference/api.md#error-bodies). A service or store throws one of these and
 * knows nothing of HTTP; the one error handler (http/error-handler.ts) maps each kind to
 * its status code (http/api-error.ts's HTTP_STATUS) and sends the body as it is.
 */

/**
 * One of the API's error bodies: a field dict (`{"field": ["msg"]}`, possibly nested),
 * `non_field_errors`, a top-level list, `{"detail": "…"}`, or the bulk create's list of
 * per-item dicts.
 */
export type ErrorBody = Record<string, unknown> | string[] | Record<string, unknown>[];

export const ERROR_KINDS = [
  /** The input breaks a rule: the body names the fields and the messages. */
  'invalid',
  /** No valid sign-in. */
  'unauthenticated',
  /** Signed in, but without the right. */
  'forbidden',
  'not-found',
  /** The method does not exist for this resource. */
  'method-not-allowed',
  /** The thing is in a state that does not allow this (another change came first). */
  'conflict',
  /** It existed but is used up, expired or closed for good. */
  'gone',
  /** The caller's copy is older than the stored one (If-Match). */
  'stale',
  'unsupported-media-type',
  /** Well-formed but contradicts an earlier request (an idempotency key reused with another body). */
  'unprocessable',
  'too-many-requests',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly body: ErrorBody,
    /** Headers the answer carries (WWW-Authenticate, Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(Array.isArray(body) ? body.join(' ') : JSON.stringify(body));
    this.name = 'DomainError';
  }
}

/** Input that breaks a rule, in the API's field-error shape. */
export const invalid = (body: ErrorBody) => new DomainError('invalid', body);
/** `{"field": ["msg", …]}`. */
export const invalidField = (field: string, ...messages: string[]) => invalid({ [field]: messages });
/** `{"non_field_errors": ["msg", …]}`: a rule about the input as a whole. */
export const invalidInput = (...messages: string[]) => invalid({ non_field_errors: messages });
export const notFound = (detail: string) => new DomainError('not-found', { detail });
export const forbidden = (detail: string) => new DomainError('forbidden', { detail });
export const unauthenticated = (detail: string, headers: Record<string, string> = {}) => new DomainError('unauthenticated', { detail }, headers);
export const conflict = (detail: string) => new DomainError('conflict', { detail });
export const gone = (body: ErrorBody) => new DomainError('gone', body);
export const stale = (detail: string) => new DomainError('stale', { detail });
export const unprocessable = (detail: string) => new DomainError('unprocessable', { detail });

/** Whether `error` is a refusal of the input (a 400 on the wire) with a field dict, not a list. */
export const isInvalidFields = (error: unknown): error is DomainError & { body: Record<string, unknown> } =>
  error instanceof DomainError && error.kind === 'invalid' && !Array.isArray(error.body);

/** Django's untranslated 404 for a well-formed key that does not exist. */
export const NO_SIGNAL = 'No Signal matches the given query.';
/** DRF's Dutch 404 for a malformed key or an unknown path. */
export const NOT_FOUND = 'Niet gevonden.';
