/**
 * The sources a staff member may choose: loaded once, at sign-in. A staff report opened
 * before that list has arrived waits for it instead of asking the server a second time.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createApiClient } from '@meldloket/engine';
import { ApiProvider } from '../api/index.ts';
import { AuthProvider } from '../auth/auth.tsx';
import { clearSession, readSession, writeSession } from '../auth/session.ts';
import { ConfigProvider } from '../config/index.ts';
import { loadConfig } from '../config/load.ts';
import { NotificationProvider } from '../notifications/index.ts';
import { useSources } from './sources.ts';

function SourceList() {
  const sources = useSources(true);
  return (
    <ul aria-label="bronnen">
      {sources.map((s) => (
        <li key={s.id}>{s.label}</li>
      ))}
    </ul>
  );
}

const json = (body: unknown) => ({ ok: true, status: 200, statusText: '200', headers: { get: () => 'application/json' }, json: async () => body, text: async () => JSON.stringify(body) });
const page = (results: unknown[]) => json({ count: results.length, results });

afterEach(() => {
  clearSession({ forgetLogin: true });
  localStorage.clear();
});

it('asks for the sources once when the report opens before the sign-in has loaded them', async () => {
  writeSession({ accessToken: 'header.payload.signature', expiresAt: Date.now() + 15 * 60_000 });
  let answerSources: (value: unknown) => void = () => undefined;
  const fetch = vi.fn(async (url: string) => {
    if (url === '/signals/v1/private/me/') return json({ id: 1, username: 'a', permissions: [], roles: [] });
    if (url.startsWith('/signals/v1/private/sources/')) return new Promise((resolve) => (answerSources = resolve));
    return page([]);
  });
  const api = createApiClient<AbortSignal>({ fetch: fetch as never, getToken: () => readSession()?.accessToken ?? null });
  render(
    <ConfigProvider config={loadConfig()}>
      <NotificationProvider>
        <ApiProvider client={api}>
          <AuthProvider api={api} leave={vi.fn()}>
            <SourceList />
          </AuthProvider>
        </ApiProvider>
      </NotificationProvider>
    </ConfigProvider>,
  );
  await waitFor(() => expect(fetch.mock.calls.some(([url]) => url.startsWith('/signals/v1/private/sources/'))).toBe(true));
  answerSources(page([{ id: 1, name: 'Telefoon', can_be_selected: true, is_active: true }, { id: 2, name: 'online', can_be_selected: false, is_active: true }]));
  const list = screen.getByRole('list', { name: 'bronnen' });
  await waitFor(() => expect(list).toHaveTextContent('Telefoon'));
  expect(list).not.toHaveTextContent('online');
  expect(fetch.mock.calls.filter(([url]) => url.startsWith('/signals/v1/private/sources/'))).toHaveLength(1);
});
