import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderFirstPage } from './entry-server.tsx';
import { FIRST_PAGE_PATH, initialisedRouter, prepareFirstPage } from './first-page.ts';
import { App } from './App.tsx';
import { DEFAULT_CONFIG } from './config/index.ts';

describe('the first page rendered ahead', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('is what the app draws: hydrating it reports no mismatch', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const { html, title } = await renderFirstPage(undefined);
    expect(title).toBe('Beschrijf uw melding - Meldloket');
    window.history.replaceState(null, '', FIRST_PAGE_PATH);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const heading = container.querySelector('h1');
    const [router] = await Promise.all([initialisedRouter(), prepareFirstPage()]);
    const errors: unknown[] = [];
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args.join(' ')));
    await act(async () => {
      hydrateRoot(
        container,
        <StrictMode>
          <App config={DEFAULT_CONFIG} router={router} />
        </StrictMode>,
        { onRecoverableError: (error) => void errors.push(error) },
      );
    });
    consoleError.mockRestore();
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
  });
});
