import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/index.ts';
import { buildTestApp, DATABASE_TARGETS, freshPglite, useTestApp } from './helpers.ts';

describe.each(DATABASE_TARGETS)('health on %s', (target) => {
  const t = useTestApp(target);

  it('answers HEAD /signals/ with 200 and the API version header', async () => {
    const res = await t().app.inject({ method: 'HEAD', url: '/signals/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-api-version']).toBe('2.50.12');
  });

  it('answers GET /signals without the trailing slash too', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/signals' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with 404 in the detail shape', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/signals/v1/public/bestaat-niet' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Niet gevonden.' });
  });
});

describe('database down', () => {
  it('answers 503 when the database does not answer', async () => {
    const handle = await openDatabase({ pglite: await freshPglite() });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-test-'));
    const app = await buildApp({ config: { dataDir, staticDir: '' }, database: { db: handle.db } });
    try {
      expect((await app.inject({ method: 'HEAD', url: '/signals/' })).statusCode).toBe(200);
      await handle.close();
      expect((await app.inject({ method: 'HEAD', url: '/signals/' })).statusCode).toBe(503);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('maintenance switch', () => {
  it('answers 503 while the switch is on and 200 once it is off again', async () => {
    let on = true;
    const t = await buildTestApp('pglite', { maintenance: () => on });
    try {
      const during = await t.app.inject({ method: 'HEAD', url: '/signals/' });
      expect(during.statusCode).toBe(503);
      on = false;
      const after = await t.app.inject({ method: 'HEAD', url: '/signals/' });
      expect(after.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
