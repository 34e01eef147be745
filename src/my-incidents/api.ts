/**
 * The 'my signals' calls and the link's key for this browser tab. The key from the
 * mail is kept in sessionStorage (gone when the tab closes), never in the address bar
 * after it has been checked.
 */
import { apiPath, API_PATHS, type ApiClient } from '@meldloket/engine';
import type { ReporterHistoryEntry } from '../api/index.ts';

const STORAGE_KEY = 'meldloket.my-signals';

export interface MySession {
  token: string;
  email: string;
}

export interface MyStatus {
  state: 'OPEN' | 'CLOSED';
  state_display: string;
}

export interface MyReport {
  uuid: string;
  id_display: string;
  text: string;
  status: MyStatus;
  category: { name: string; slug: string; parent: { name: string; slug: string } };
  created_at: string;
}

export interface MyReportDetail extends MyReport {
  handling_message: string | null;
  location: { address_text: string | null; geometrie: { coordinates: [number, number] } };
}


export function readSession(): MySession | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<MySession>) : null;
    return value && typeof value.token === 'string' && typeof value.email === 'string' ? { token: value.token, email: value.email } : null;
  } catch {
    return null;
  }
}

export function saveSession(session: MySession | null): void {
  if (session) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  else sessionStorage.removeItem(STORAGE_KEY);
}

const auth = (token: string) => ({ headers: { Authorization: `Token ${token}` } });

export function myApi(api: ApiClient<AbortSignal>) {
  return {
    requestLink: (email: string) => api.post<void>(API_PATHS.mySignalsRequestToken, { email }),
    me: (token: string) => api.get<{ email: string }>(API_PATHS.mySignalsMe, auth(token)),
    async list(token: string, signal?: AbortSignal): Promise<MyReport[]> {
      const reports: MyReport[] = [];
      for (let page = 1; ; page++) {
        const body = await api.get<{ results: MyReport[]; _links: { next: { href: string | null } } }>(API_PATHS.mySignals, { ...auth(token), signal, query: { page, page_size: 50 } });
        reports.push(...body.results);
        if (!body._links.next.href) return reports;
      }
    },
    detail: (token: string, uuid: string, signal?: AbortSignal) => api.get<MyReportDetail>(apiPath(API_PATHS.mySignal, { uuid }), { ...auth(token), signal }),
    history: (token: string, uuid: string, signal?: AbortSignal) => api.get<ReporterHistoryEntry[]>(apiPath(API_PATHS.mySignalHistory, { uuid }), { ...auth(token), signal }),
  };
}

/** True for the answer to a link that no longer works. */
export const isUnauthorised = (error: unknown) => (error as { status?: number } | null)?.status === 401;
