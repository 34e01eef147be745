import { describe, expect, it, vi } from 'vitest';
import { ApiError, DEFAULT_STATUS_MESSAGE, buildQuery, createApiClient, statusMessage, type FetchInit } from './index.ts';

type Call = { url: string; init: FetchInit<AbortSignal> };

function fakeFetch(respond: (url: string, init: FetchInit<AbortSignal>) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: FetchInit<AbortSignal>) => {
    calls.push({ url, init });
    return respond(url, init);
  });
  return { fetch, calls };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('query building', () => {
  it('repeats the key for array values and leaves out null and undefined', () => {
    expect(buildQuery({ main_slug: 'afval', sub_slug: 'grofvuil' })).toBe('?main_slug=afval&sub_slug=grofvuil');
    expect(buildQuery({ status: ['m', 'i'], page: 2, none: undefined, empty: null })).toBe('?status=m&status=i&page=2');
    expect(buildQuery({ q: 'Dam 1 & co' })).toBe('?q=Dam%201%20%26%20co');
    expect(buildQuery({})).toBe('');
  });
});

describe('API client', () => {
  it('sends JSON headers and a JSON body, and reads a JSON answer', async () => {
    const { fetch, calls } = fakeFetch(() => json({ signal_id: 'abc' }, 201));
    const client = createApiClient({ fetch, baseUrl: 'https://api.example.nl/' });
    const result = await client.post('/signals/v1/public/signals/', { text: 'Grofvuil' });
    expect(result).toEqual({ signal_id: 'abc' });
    expect(calls[0].url).toBe('https://api.example.nl/signals/v1/public/signals/');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(JSON.parse(calls[0].init.body ?? '')).toEqual({ text: 'Grofvuil' });
  });

  it('builds the query from an object and sends the bearer token when signed in', async () => {
    const { fetch, calls } = fakeFetch(() => json({ results: [] }));
    const client = createApiClient({ fetch, getToken: () => 'tok' });
    await client.get('/signals/v1/public/questions/', { query: { main_slug: 'afval', sub_slug: 'grofvuil' } });
    expect(calls[0].url).toBe('/signals/v1/public/questions/?main_slug=afval&sub_slug=grofvuil');
    expect(calls[0].init.headers?.Authorization).toBe('Bearer tok');
    expect(calls[0].init.body).toBeUndefined();
  });

  it('sends a host-specific header only to that host', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    const client = createApiClient({ fetch, hostHeaders: { 'api.data.example.nl': { 'X-Api-Key': 'k' } } });
    await client.get('https://api.data.example.nl/wfs');
    await client.get('https://other.example.nl/wfs');
    await client.get('/signals/');
    expect(calls[0].init.headers?.['X-Api-Key']).toBe('k');
    expect(calls[1].init.headers?.['X-Api-Key']).toBeUndefined();
    expect(calls[2].init.headers?.['X-Api-Key']).toBeUndefined();
  });

  it('sends no Content-Type on a call without a body (a DELETE, a GET)', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    const client = createApiClient({ fetch });
    await client.delete('/signals/v1/private/me/filters/3');
    await client.get('/x');
    for (const call of calls) {
      expect(call.init.body).toBeUndefined();
      expect(call.init.headers).toMatchObject({ Accept: 'application/json' });
      expect(call.init.headers?.['Content-Type']).toBeUndefined();
    }
  });

  it('gives an empty result for 204 and 205', async () => {
    for (const status of [204, 205]) {
      const { fetch } = fakeFetch(() => new Response(null, { status }));
      await expect(createApiClient({ fetch }).delete('/x')).resolves.toBeUndefined();
    }
  });

  it('reads a blob when asked', async () => {
    const { fetch } = fakeFetch(() => new Response('PDFDATA', { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    const blob = await createApiClient({ fetch }).get<Blob>('/pdf', { responseType: 'blob' });
    expect(await blob.text()).toBe('PDFDATA');
  });

  it('throws on a non-2xx answer with the JSON body attached', async () => {
    const body = { extra_properties: ['Invalid input.'] };
    const { fetch } = fakeFetch(() => json(body, 400));
    const error = await failure(createApiClient({ fetch }).post('/signals/v1/public/signals/', {}));
    expect(error.status).toBe(400);
    expect(error.body).toEqual(body);
    expect(error.userMessage).toBe('Deze wijziging is niet toegestaan in deze situatie.');
  });

  it('keeps the detail of a JSON error and the text of a non-JSON error', async () => {
    const expired = await failure(createApiClient({ fetch: fakeFetch(() => json({ detail: 'Expired!' }, 410)).fetch }).get('/s'));
    expect(expired.detail).toBe('Expired!');
    const plain = await failure(
      createApiClient({ fetch: fakeFetch(() => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' })).fetch }).get('/s'),
    );
    expect(plain.body).toBeUndefined();
    expect(plain.message).toBe('Bad Gateway');
    expect(plain.detail).toBe('Bad gateway');
  });

  it('runs parallel GETs and returns their answers in order', async () => {
    const { fetch } = fakeFetch((url) => json({ url }));
    const result = await createApiClient({ fetch }).getAll(['/a', { path: '/b', query: { x: [1, 2] } }]);
    expect(result).toEqual([{ url: '/a' }, { url: '/b?x=1&x=2' }]);
  });

  it('aborts the other parallel GETs when one fails', async () => {
    const signals: AbortSignal[] = [];
    const { fetch } = fakeFetch((url, init) => {
      if (init.signal) signals.push(init.signal);
      if (url === '/fails') return json({ detail: 'Niet gevonden.' }, 404);
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    });
    const error = await failure(createApiClient({ fetch }).getAll(['/slow', '/fails', '/slow2']));
    expect(error.status).toBe(404);
    expect(signals).toHaveLength(3);
    expect(new Set(signals).size).toBe(1);
    expect(signals[0].aborted).toBe(true);
  });
});

describe('status messages', () => {
  it('maps each known status to its Dutch message', () => {
    expect(statusMessage(400)).toBe('Deze wijziging is niet toegestaan in deze situatie.');
    expect(statusMessage(401)).toBe('Om de opgevraagde gegevens te bekijken is een geautoriseerde sessie noodzakelijk');
    expect(statusMessage(403)).toBe('Je hebt niet voldoende rechten om deze actie uit te voeren.');
    expect(statusMessage(500)).toBe('Interne fout op de server. Probeer het nogmaals');
    expect(statusMessage(503)).toBe('Server is op dit moment niet beschikbaar. Probeer het nogmaals');
    for (const status of [408, 413, 418, 429]) expect(statusMessage(status)).not.toBe(DEFAULT_STATUS_MESSAGE);
  });

  it('uses the default for other statuses and the error message without a status', () => {
    expect(statusMessage(404)).toBe('De opgevraagde gegevens konden niet gevonden worden');
    expect(statusMessage({ message: 'Failed to fetch' })).toBe('Failed to fetch');
    expect(statusMessage(undefined)).toBe(DEFAULT_STATUS_MESSAGE);
  });
});
