/**
 * Test support for the private API: tokens from the embedded provider, either through
 * the real sign-in (authorization code flow with PKCE, over `app.inject`) or signed
 * directly with the provider's stored key (for the refusal paths: wrong issuer, …).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Permission } from '../src/auth/catalogue.ts';

export const TEST_PUBLIC_URL = 'http://localhost:8080';
export const ISSUER = `${TEST_PUBLIC_URL}/oidc`;
export const CLIENT_ID = 'meldloket';
export const REDIRECT_URI = `${TEST_PUBLIC_URL}/login/callback`;
export const AUDIENCE = 'meldloket-api';

/** The seeded accounts (docs/staff-auth.md, "Medewerkersaccounts"). */
export const ACCOUNTS = {
  behandelaar: { email: 'behandelaar@meldloket.local', password: 'behandelaar-wachtwoord' },
  coordinator: { email: 'coordinator@meldloket.local', password: 'coordinator-wachtwoord' },
  beheerder: { email: 'beheerder@meldloket.local', password: 'beheerder-wachtwoord' },
  lezer: { email: 'lezer@meldloket.local', password: 'lezer-wachtwoord' },
  admin: { email: 'admin@meldloket.local', password: 'admin-wachtwoord' },
  inactief: { email: 'inactief@meldloket.local', password: 'inactief-wachtwoord' },
} as const;

/** An authorization request of the app client (PKCE S256 with a fixed challenge; the code is never exchanged). */
export function authorizeUrl(params: Record<string, string> = {}): string {
  return `${ISSUER}/auth?${new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: 'openid',
    redirect_uri: REDIRECT_URI,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'test',
    ...params,
  })}`;
}

/** A browser in miniature: follows nothing by itself, keeps cookies. */
export class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const u = new URL(url, TEST_PUBLIC_URL);
    const res = await this.app.inject({
      method,
      url: u.pathname + u.search,
      headers: {
        host: u.host,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    const setCookie = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  token_type: string;
}

/** Signs in on the provider's own page and exchanges the code, as the staff app does. */
export async function signIn(app: FastifyInstance, email: string, password: string, browser = new Browser(app)): Promise<TokenSet> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(16).toString('base64url');
  const auth = new URL(`${ISSUER}/auth`);
  auth.search = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: 'openid email profile offline_access',
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(16).toString('base64url'),
  }).toString();
  const start = await browser.request('GET', auth.href);
  const interaction = String(start.headers.location);
  if (!interaction.includes('/interaction/')) throw new Error(`no sign-in page: ${start.statusCode} ${start.body}`);
  const page = await browser.request('GET', interaction);
  if (page.statusCode !== 200) throw new Error(`sign-in page: ${page.statusCode}`);
  const login = await browser.request('POST', `${interaction}/login`, { email, password });
  if (login.statusCode !== 303) throw new Error(`sign-in refused: ${login.statusCode}`);
  let location = String(login.headers.location);
  for (let i = 0; i < 5 && !location.startsWith(REDIRECT_URI); i += 1) {
    const next = await browser.request('GET', location);
    location = String(next.headers.location);
  }
  const callback = new URL(location);
  if (callback.searchParams.get('state') !== state) throw new Error(`state mismatch: ${location}`);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code: ${location}`);
  const token = await browser.request('POST', `${ISSUER}/token`, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    code_verifier: verifier,
  });
  if (token.statusCode !== 200) throw new Error(`token: ${token.statusCode} ${token.body}`);
  return token.json() as TokenSet;
}

/** The embedded provider's private signing key, as stored. */
export async function providerKey(app: FastifyInstance): Promise<JWK> {
  const row = await app.db.selectFrom('oidc_key').select('key').where('use', '=', 'sig').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return row.key as JWK;
}

export interface MintOptions {
  /** Sign with this key instead of the provider's (a forged token). */
  key?: JWK;
  kid?: string | null;
  claims?: JWTPayload & { email?: string | null };
  /** Seconds until expiry; negative for an expired token. */
  expiresIn?: number;
}

/** An access token as the embedded provider would make it, with `claims` changed. */
export async function mintToken(app: FastifyInstance, email: string | null, options: MintOptions = {}): Promise<string> {
  const jwk = options.key ?? (await providerKey(app));
  const now = Math.floor(Date.now() / 1000);
  const claims: JWTPayload & Record<string, unknown> = { iss: ISSUER, aud: AUDIENCE, sub: '1', iat: now - 5, exp: now + (options.expiresIn ?? 300), ...options.claims };
  if (email !== null) claims.email = email;
  for (const [k, v] of Object.entries(claims)) if (v === null) delete claims[k];
  const kid = options.kid === undefined ? jwk.kid : options.kid;
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', ...(kid ? { kid } : {}), typ: 'at+jwt' }).sign(await importJWK(jwk, 'RS256'));
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A staff member holding exactly `permissions` through one new role named `roleName`; returns
 * their access token. For the "may do X but not Y" actors the seeded accounts do not cover.
 */
export async function staffWithPermissions(app: FastifyInstance, roleName: string, email: string, permissions: Permission[]): Promise<string> {
  const db = app.db;
  const role = await db.insertInto('role').values({ name: roleName }).returning('id').executeTakeFirstOrThrow();
  const perms = await db.selectFrom('permission').select('id').where('codename', 'in', permissions).execute();
  await db.insertInto('role_permission').values(perms.map((p) => ({ role_id: role.id, permission_id: p.id }))).execute();
  const user = await db.insertInto('staff_user').values({ username: email, email }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ user_id: user.id, role_id: role.id }).execute();
  return mintToken(app, email);
}
