/**
 * An error that carries its response: status code and one of the contract's error
 * bodies (field dict, nested dict, non_field_errors, top-level list, detail, or the
 * bulk create's list of per-item dicts).
 */
export type ErrorBody = Record<string, unknown> | string[] | Record<string, unknown>[];

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(Array.isArray(body) ? body.join(' ') : JSON.stringify(body));
    this.name = 'ApiError';
  }

  static detail(statusCode: number, detail: string): ApiError {
    return new ApiError(statusCode, { detail });
  }

  /** 400 `{"field": ["msg"]}`. */
  static field(field: string, ...messages: string[]): ApiError {
    return new ApiError(400, { [field]: messages });
  }
}

/** Django's untranslated 404 for a well-formed key that does not exist. */
export const NO_SIGNAL = 'No Signal matches the given query.';
/** DRF's Dutch 404 for a malformed key or an unknown path. */
export const NOT_FOUND = 'Niet gevonden.';
export const SERVER_ERROR = 'Er is een serverfout opgetreden.';
