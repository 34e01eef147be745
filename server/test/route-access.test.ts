/**
 * Authorisation is declared once per private route, in its config (auth/access.ts): what a
 * declaration amounts to (the read/write default), and a private route without one stops the
 * server at start. The authorisation matrix (private-authz-matrix.test.ts) checks every route's
 * declaration against every role over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { routeRequirement } from '../src/auth/access.ts';
import { freshPglite } from './helpers.ts';

describe('a route declaration', () => {
  it('implies sia_read for a read and sia_write for a write unless it names one of them', () => {
    expect(routeRequirement('GET', { permission: 'sia_read' })).toEqual({ all: ['sia_read'] });
    expect(routeRequirement('HEAD', { permission: 'sia_privacy_officer' })).toEqual({ all: ['sia_read', 'sia_privacy_officer'] });
    expect(routeRequirement('POST', { permission: 'add_group' })).toEqual({ all: ['sia_write', 'add_group'] });
    expect(routeRequirement('PATCH', { permission: 'sia_read' })).toEqual({ all: ['sia_read'] });
    expect(routeRequirement('POST', { permissions: ['sia_read', 'sia_routing_write'] })).toEqual({ all: ['sia_read', 'sia_routing_write'] });
    expect(routeRequirement('DELETE', { permissions: ['sia_write', 'sia_department_write', 'change_department'] })).toEqual({ all: ['sia_write', 'sia_department_write', 'change_department'] });
  });

  it('with any: true asks one of the named permissions besides the default', () => {
    expect(routeRequirement('GET', { permissions: ['view_user', 'add_user'], any: true })).toEqual({ all: ['sia_read'], any: ['view_user', 'add_user'] });
  });

  it('signedIn asks nothing but a signed-in staff member; public asks no token', () => {
    expect(routeRequirement('GET', { signedIn: true })).toEqual({ all: [] });
    expect(routeRequirement('POST', { public: true })).toBe('public');
  });

  it('is missing without a permission, signedIn or public', () => {
    expect(routeRequirement('GET', undefined)).toBeUndefined();
    expect(routeRequirement('GET', {})).toBeUndefined();
    expect(routeRequirement('POST', { permissions: [] })).toBeUndefined();
  });
});

describe('a private route without a declaration', () => {
  it('stops the server at start, naming the route', async () => {
    const pglite = await freshPglite();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-test-'));
    const app = await buildApp({ config: { dataDir, staticDir: '', publicUrl: 'http://localhost:8080' }, database: { pglite } });
    try {
      const start = async () => {
        await app.register(async (child) => {
          child.get('/signals/v1/private/undeclared/', async () => ({ ok: true }));
        });
        await app.ready();
      };
      await expect(start()).rejects.toThrow('GET /signals/v1/private/undeclared/: a private route declares who may call it');
    } finally {
      await app.close().catch(() => undefined);
      if (!pglite.closed) await pglite.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
