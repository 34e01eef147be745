/**
 * The calls of the external party's page: load the report through the personal link
 * and send the answer (text and photos in one multipart form). Server:
 * server/src/external/plugin.ts.
 */
import { apiPath, API_PATHS, ApiError, type ApiClient } from '@meldloket/engine';

export const externalPath = (token: string) => apiPath(API_PATHS.external, { token });

export interface ExternalView {
  signal: {
    id_display: string;
    created_at: string;
    text: string;
    status: { state: string; state_display: string };
    category: { main: string; sub: string };
    location: { address_text: string | null; geometrie: { type: 'Point'; coordinates: [number, number] } };
    attachments: { location: string; is_image: boolean; created_at: string }[];
  };
  request: { text: string; created_at: string; expires_at: string };
}

export interface ExternalAnswer {
  text: string;
  photos: { file: Blob; name: string }[];
}

/** Posts the answer; the browser's fetch by default. */
export type Send = (url: string, body: FormData) => Promise<Response>;
export const browserSend: Send = (url, body) => fetch(url, { method: 'POST', body, headers: { Accept: 'application/json' } });

export type ExternalErrorKind = 'used' | 'expired' | 'closed' | 'notFound' | 'loadFailed' | 'error';

/** Which screen a failure leads to: the server's `code` for a 410, 404 on opening → notFound. */
export function externalErrorKind(error: unknown, phase: 'load' | 'send'): ExternalErrorKind {
  if (error instanceof ApiError) {
    const code = (error.body as { code?: unknown } | undefined)?.code;
    if (error.status === 410 && (code === 'used' || code === 'expired' || code === 'closed')) return code;
    if (phase === 'load' && error.status === 404) return 'notFound';
  }
  return phase === 'load' ? 'loadFailed' : 'error';
}

export function loadExternal(api: ApiClient<AbortSignal>, token: string): Promise<ExternalView> {
  return api.get<ExternalView>(externalPath(token));
}

export async function sendExternal(send: Send, token: string, answer: ExternalAnswer): Promise<void> {
  const body = new FormData();
  body.append('text', answer.text);
  for (const photo of answer.photos) body.append('file', photo.file, photo.name);
  const response = await send(externalPath(token), body);
  if (!response.ok) {
    const json = /json/.test(response.headers.get('content-type') ?? '') ? await response.json().catch(() => undefined) : undefined;
    const detail = json && typeof json === 'object' && 'detail' in json ? String((json as { detail: unknown }).detail) : undefined;
    throw new ApiError(detail ?? `HTTP ${response.status}`, response.status, json, detail);
  }
}
