import { withQuery, hostOf, type Query } from './query.ts';
import { statusMessage, UPLOAD_FAILED, UPLOAD_FAILED_MESSAGE } from './messages.ts';
import { messages } from '../messages/index.ts';

/** The server's refusals of a photo that are written for the resident. */
const PHOTO_REFUSALS: readonly string[] = [messages.photoNotDecoded, messages.photoTooManyPixels];

/** The part of a fetch Response the client reads. */
export interface FetchResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
  text(): Promise<string>;
  blob(): Promise<unknown>;
}

export interface FetchInit<S> {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: S;
}

/** What the client needs of an AbortController. */
export interface AbortHandle<S> {
  signal: S;
  abort(reason?: unknown): void;
}

export interface ApiClientOptions<S> {
  /** The fetch to use (injected: the engine never touches a global fetch). */
  fetch: (url: string, init: FetchInit<S>) => Promise<FetchResponse>;
  /** Prefix for relative paths. */
  baseUrl?: string;
  /** Bearer token for signed-in staff, read per request. */
  getToken?: () => string | null | undefined;
  /** Extra headers sent only to one host, e.g. an API key for a data platform. */
  hostHeaders?: Record<string, Record<string, string>>;
  /** Creates an AbortController; defaults to the runtime's own. */
  createAbortController?: () => AbortHandle<S>;
}

export type ResponseType = 'json' | 'blob' | 'text';

export interface RequestOptions<S> {
  query?: Query;
  body?: unknown;
  signal?: S;
  responseType?: ResponseType;
  headers?: Record<string, string>;
  /** Called with a successful answer's headers before its body is read (an ETag, for instance). */
  onHeaders?: (headers: FetchResponse['headers']) => void;
}

/** A failed call. `body` holds the parsed JSON error body when the server sent JSON. */
export class ApiError extends Error {
  readonly status: number;
  readonly body?: unknown;
  readonly detail?: string;

  constructor(message: string, status: number, body?: unknown, detail?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.detail = detail;
  }

  /** The Dutch message for this error's status (docs/reference/texts.md#errors). */
  get userMessage(): string {
    return statusMessage(this);
  }
}

/**
 * A photo or attachment could not be uploaded (status 0 when no answer came).
 * Recognise it with `instanceof`, never by its message.
 */
export class UploadFailedError extends ApiError {
  constructor(status = 0, body?: unknown, detail?: string, options?: { cause?: unknown }) {
    super(UPLOAD_FAILED, status, body, detail);
    this.name = 'UploadFailedError';
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }

  /** What the resident reads: 'Het uploaden van de foto is niet gelukt'. */
  override get userMessage(): string {
    return UPLOAD_FAILED_MESSAGE;
  }

  /**
   * Why the server refused the photo, when it said so in words meant for the resident
   * (a `{"file": [...]}` 400 with one of PHOTO_REFUSALS); undefined otherwise (the contract's
   * English checks, a network failure).
   */
  get reason(): string | undefined {
    const files = this.body && typeof this.body === 'object' && !Array.isArray(this.body) ? (this.body as { file?: unknown }).file : undefined;
    return Array.isArray(files) ? files.find((m): m is string => typeof m === 'string' && PHOTO_REFUSALS.includes(m)) : undefined;
  }
}

function isJson(response: FetchResponse): boolean {
  return /\bjson\b/i.test(response.headers.get('content-type') ?? '');
}

function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body && typeof (body as { detail: unknown }).detail === 'string') {
    return (body as { detail: string }).detail;
  }
  return undefined;
}

function defaultAbortController<S>(): AbortHandle<S> {
  const Controller = (globalThis as unknown as { AbortController?: new () => AbortHandle<S> }).AbortController;
  if (!Controller) throw new Error('No AbortController available: pass createAbortController');
  return new Controller();
}

export interface ApiClient<S> {
  request<T = unknown>(method: string, path: string, options?: RequestOptions<S>): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions<S>): Promise<T>;
  head(path: string, options?: RequestOptions<S>): Promise<void>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<S>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<S>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions<S>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<S>): Promise<T>;
  /** GETs in parallel; when one fails the others are aborted and the first error is thrown. */
  getAll<T = unknown>(requests: Array<string | { path: string; query?: Query }>): Promise<T[]>;
}

/** An HTTP client following the conventions of docs/reference/api.md#calls. */
export function createApiClient<S>(options: ApiClientOptions<S>): ApiClient<S> {
  const base = (options.baseUrl ?? '').replace(/\/$/, '');
  const resolve = (path: string) => (hostOf(path) || !base ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`);

  async function request<T>(method: string, path: string, req: RequestOptions<S> = {}): Promise<T> {
    const url = withQuery(resolve(path), req.query);
    const hasBody = req.body !== undefined && method !== 'GET' && method !== 'HEAD';
    // Content-Type names the body: a call without one (a DELETE, a GET) sends none.
    const headers: Record<string, string> = hasBody ? { Accept: 'application/json', 'Content-Type': 'application/json' } : { Accept: 'application/json' };
    const token = options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    const host = hostOf(url);
    if (host && options.hostHeaders?.[host]) Object.assign(headers, options.hostHeaders[host]);
    Object.assign(headers, req.headers);
    const init: FetchInit<S> = { method, headers };
    if (hasBody) init.body = JSON.stringify(req.body);
    if (req.signal !== undefined) init.signal = req.signal;

    const response = await options.fetch(url, init);
    if (!response.ok) {
      if (isJson(response)) {
        const body = await response.json().catch(() => undefined);
        throw new ApiError(response.statusText || `HTTP ${response.status}`, response.status, body, detailOf(body));
      }
      const text = await response.text().catch(() => '');
      throw new ApiError(response.statusText || `HTTP ${response.status}`, response.status, undefined, text || undefined);
    }
    req.onHeaders?.(response.headers);
    if (response.status === 204 || response.status === 205 || method === 'HEAD') return undefined as T;
    if (req.responseType === 'blob') return (await response.blob()) as T;
    if (req.responseType === 'text') return (await response.text()) as T;
    if (isJson(response)) return (await response.json()) as T;
    const text = await response.text();
    return (text === '' ? undefined : text) as T;
  }

  return {
    request,
    get: (path, req) => request('GET', path, req),
    head: (path, req) => request('HEAD', path, req),
    post: (path, body, req) => request('POST', path, { ...req, body }),
    put: (path, body, req) => request('PUT', path, { ...req, body }),
    patch: (path, body, req) => request('PATCH', path, { ...req, body }),
    delete: (path, req) => request('DELETE', path, req),
    async getAll<T>(requests: Array<string | { path: string; query?: Query }>): Promise<T[]> {
      const controller = (options.createAbortController ?? defaultAbortController<S>)();
      try {
        return await Promise.all(
          requests.map((entry) => {
            const { path, query } = typeof entry === 'string' ? { path: entry, query: undefined } : entry;
            return request<T>('GET', path, { query, signal: controller.signal });
          }),
        );
      } catch (error) {
        controller.abort(error);
        throw error;
      }
    },
  };
}
