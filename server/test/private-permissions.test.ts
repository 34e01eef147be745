/**
 * Permissions (docs/reference/permissions.md#roles, docs/reference/permissions.md#permissions-and-scoping): a user's permissions are the union of the
 * roles' and the direct ones, a superuser may do everything; department scoping of
 * signals; the token check's audience switch and key rotation.
 */
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { hasPermission, permissionCodenames } from '../src/auth/users.ts';
import { maySeeSignal, scopeSignals } from '../src/auth/scoping.ts';
import { createVerifier } from '../src/auth/verify.ts';
import { readOidcConfig } from '../src/config.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { postReport, validReport } from './support.ts';

const perm = (codename: string, id = 1) => ({ id, codename, name: codename, content_type: 'signals | melding' });
const role = (name: string, codenames: string[]) => ({ id: 1, name, permissions: codenames.map((c, i) => perm(c, i + 1)) });

describe('permission union', () => {
  const user = { is_superuser: false, roles: [role('Lezen', ['sia_read']), role('Meldingen', ['sia_write', 'sia_signal_create_initial'])], permissions: [perm('view_group')] };

  it('is the union of every role and the direct permissions', () => {
    expect([...permissionCodenames(user)].sort()).toEqual(['sia_read', 'sia_signal_create_initial', 'sia_write', 'view_group']);
    expect(hasPermission(user, 'sia_read', 'view_group')).toBe(true);
    expect(hasPermission(user, 'sia_write', 'sia_signal_create_initial')).toBe(true);
  });

  it('refuses what neither a role nor the user holds', () => {
    expect(hasPermission(user, 'add_group')).toBe(false);
    expect(hasPermission(user, 'sia_read', 'add_group')).toBe(false);
    expect(hasPermission({ ...user, roles: [], permissions: [] }, 'sia_read')).toBe(false);
  });

  it('lets a superuser do everything, even without roles', () => {
    expect(hasPermission({ is_superuser: true, roles: [], permissions: [] }, 'delete_group', 'sia_signal_report')).toBe(true);
  });
});

describe('token check settings', () => {
  const config = { ...readOidcConfig({ OIDC_ISSUER: 'https://login.example/realms/gemeente' }, 'http://localhost:8080') };

  async function keyPair(kid: string) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } as JWK };
  }
  const sign = (key: Parameters<SignJWT['sign']>[0], kid: string, claims: Record<string, unknown>) =>
    new SignJWT({ iss: config.issuer, email: 'a@b.nl', ...claims }).setProtectedHeader({ alg: 'RS256', kid }).setExpirationTime('5m').sign(key);

  it('accepts any audience when OIDC_VERIFY_AUDIENCE is off, and only trusted ones when on', async () => {
    const k = await keyPair('k1');
    const keys = async () => ({ keys: [k.jwk] });
    const token = await sign(k.privateKey, 'k1', { aud: 'account' });
    await expect(createVerifier({ ...config, verifyAudience: false }, keys)(token)).resolves.toMatchObject({ email: 'a@b.nl' });
    await expect(createVerifier(config, keys)(token)).rejects.toMatchObject({ kind: 'forbidden' });
    const trusted = await sign(k.privateKey, 'k1', { aud: ['account', 'meldloket-api'] });
    await expect(createVerifier(config, keys)(trusted)).resolves.toMatchObject({ aud: ['account', 'meldloket-api'] });
  });

  it('reads the trusted audiences as a comma list or a JSON list', () => {
    expect(readOidcConfig({ OIDC_TRUSTED_AUDIENCES: 'a, b' }, 'http://x').trustedAudiences).toEqual(['a', 'b']);
    expect(readOidcConfig({ OIDC_TRUSTED_AUDIENCES: '["a","b"]' }, 'http://x').trustedAudiences).toEqual(['a', 'b']);
    expect(readOidcConfig({ NODE_ENV: 'production' }, 'http://x').embedded).toBe(false);
    expect(readOidcConfig({}, 'http://x')).toMatchObject({ embedded: true, issuer: 'http://x/oidc', clientId: 'meldloket', verifyAudience: true, accessTokenTtl: 900, seedAccounts: true });
    // Known development passwords never come with production by default, not even with the embedded provider.
    expect(readOidcConfig({ NODE_ENV: 'production', OIDC_EMBEDDED: '1' }, 'http://x')).toMatchObject({ embedded: true, seedAccounts: false });
    expect(readOidcConfig({ OIDC_SUPERUSERS: 'eerste@gemeente.nl, tweede@gemeente.nl' }, 'http://x').superusers).toEqual(['eerste@gemeente.nl', 'tweede@gemeente.nl']);
  });

  it('caches the key set and re-reads it when a token names a new key (rotation)', async () => {
    const old = await keyPair('old');
    const rotated = await keyPair('new');
    let stored = [old.jwk];
    let reads = 0;
    const verify = createVerifier(config, async () => {
      reads += 1;
      return { keys: stored };
    });
    const claims = { aud: 'meldloket-api' };
    await verify(await sign(old.privateKey, 'old', claims));
    await verify(await sign(old.privateKey, 'old', claims));
    expect(reads).toBe(1);
    stored = [rotated.jwk, old.jwk];
    // Within the cool-down an unknown key is refused without a re-read …
    await expect(verify(await sign(rotated.privateKey, 'new', claims))).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(reads).toBe(1);
    // … after it, the new key is fetched once and both keys verify.
    const eager = createVerifier(config, async () => {
      reads += 1;
      return { keys: reads > 2 ? [rotated.jwk, old.jwk] : [old.jwk] };
    }, { cooldownMs: 0 });
    await eager(await sign(old.privateKey, 'old', claims));
    await expect(eager(await sign(rotated.privateKey, 'new', claims))).resolves.toMatchObject({ email: 'a@b.nl' });
    await eager(await sign(old.privateKey, 'old', claims));
    expect(reads).toBe(3);
  });
  it('checks the signature of a token once and remembers it until the token expires, never past it', async () => {
    const k = await keyPair('k1');
    const verify = createVerifier(config, async () => ({ keys: [k.jwk] }));
    const signatures = vi.spyOn(crypto.subtle, 'verify');
    try {
      const token = await new SignJWT({ iss: config.issuer, email: 'a@b.nl', aud: 'meldloket-api' }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setExpirationTime('2m').sign(k.privateKey);
      for (let i = 0; i < 3; i++) await expect(verify(token)).resolves.toMatchObject({ email: 'a@b.nl' });
      expect(signatures).toHaveBeenCalledTimes(1);
      // another signature under the same claims is checked on its own, and refused
      const [head, body, signature] = token.split('.');
      const forged = `${head}.${body}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
      await expect(verify(forged)).rejects.toMatchObject({ kind: 'unauthenticated' });
      expect(signatures).toHaveBeenCalledTimes(2);
      // once its time is up, the remembered token is refused as expired
      vi.useFakeTimers({ now: Date.now() + 3 * 60_000, toFake: ['Date'] });
      await expect(verify(token)).rejects.toMatchObject({ kind: 'unauthenticated', body: { detail: 'Login failed: Signature has expired.' } });
    } finally {
      vi.useRealTimers();
      signatures.mockRestore();
    }
  });
});

describe('an external provider', () => {
  const t = useTestApp('pglite', {
    config: { oidc: { ...readOidcConfig({ OIDC_EMBEDDED: '0', OIDC_ISSUER: 'https://login.gemeente.example/realms/meldloket', OIDC_SUPERUSERS: 'Eerste.Beheerder@gemeente.example' }, 'http://localhost:8080') } },
  });

  it('mounts no development provider, creates no development accounts, and makes the configured superusers', async () => {
    expect((await t().app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
    const users = await t().app.db.selectFrom('staff_user').select(['username', 'is_superuser', 'is_active', 'password_hash']).execute();
    expect(users).toEqual([{ username: 'Eerste.Beheerder@gemeente.example', is_superuser: true, is_active: true, password_hash: null }]);
    const res = await t().app.inject({ method: 'GET', url: '/signals/v1/private/me/', headers: { authorization: 'Bearer abc' } });
    expect(res.statusCode).toBe(401);
  });
});

describe.each(DATABASE_TARGETS)('department scoping of signals (%s)', (target) => {
  const t = useTestApp(target);

  it('shows a user only the signals of categories linked to the departments, unless the user may see all', async () => {
    const db = t().app.db;
    const report = await postReport(t().app, validReport());
    expect(report.status).toBe(201);
    const signal = await db.selectFrom('signal').select(['id', 'category_id']).where('uuid', '=', report.body.signal_id).executeTakeFirstOrThrow();
    const linked = await db.selectFrom('category_department').select('department_id').where('category_id', '=', signal.category_id).execute();
    const other = await db.selectFrom('department').select('id').where('id', 'not in', linked.map((l) => l.department_id)).executeTakeFirstOrThrow();
    const base = { is_superuser: false, roles: [role('Behandelaar', ['sia_read'])], permissions: [] };

    expect(await maySeeSignal(db, { ...base, departments: [{ id: linked[0].department_id }] }, signal.id)).toBe(true);
    expect(await maySeeSignal(db, { ...base, departments: [{ id: other.id }] }, signal.id)).toBe(false);
    expect(await maySeeSignal(db, { ...base, departments: [] }, signal.id)).toBe(false);
    expect(await maySeeSignal(db, { ...base, departments: [], permissions: [perm('sia_can_view_all_categories')] }, signal.id)).toBe(true);
    expect(await maySeeSignal(db, { ...base, is_superuser: true, departments: [] }, signal.id)).toBe(true);

    // A link with can_view only (not responsible) counts too; a link with neither does not.
    await db.insertInto('category_department').values({ category_id: signal.category_id, department_id: other.id, is_responsible: false, can_view: false }).execute();
    expect(await maySeeSignal(db, { ...base, departments: [{ id: other.id }] }, signal.id)).toBe(false);
    await db.updateTable('category_department').set({ can_view: true }).where('category_id', '=', signal.category_id).where('department_id', '=', other.id).execute();
    expect(await maySeeSignal(db, { ...base, departments: [{ id: other.id }] }, signal.id)).toBe(true);

    // Routed to a department: visible to that department whatever the category.
    const third = await db.selectFrom('department').select('id').where('id', 'not in', [...linked.map((l) => l.department_id), other.id]).executeTakeFirstOrThrow();
    expect(await maySeeSignal(db, { ...base, departments: [{ id: third.id }] }, signal.id)).toBe(false);
    await db.insertInto('signal_routing_department').values({ signal_id: signal.id, department_id: third.id }).execute();
    expect(await maySeeSignal(db, { ...base, departments: [{ id: third.id }] }, signal.id)).toBe(true);

    const listed = await scopeSignals(db.selectFrom('signal').select('signal.id'), { ...base, departments: [{ id: third.id }] }).execute();
    expect(listed.map((r) => r.id)).toEqual([signal.id]);
  });
});
