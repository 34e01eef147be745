/**
 * Verifies bearer tokens of the private API locally with `jose` (docs/reference/permissions.md#authentication):
 * RS256 with a `kid` from the provider's key set, `iss` exactly the configured
 * issuer, `aud` among the trusted audiences (unless switched off), `exp` in the
 * future and an `email` claim. The key set is cached: the embedded provider's keys
 * come from the database (re-read when an unknown `kid` shows up, for rotation), an
 * external provider's from its JWKS address (jose's remote set: cached, re-fetched
 * on an unknown `kid`, at most every 30 s).
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { forbidden, unauthenticated } from '../domain/errors.ts';
import type { OidcConfig } from '../config.ts';

export const AUTH_HEADER = { 'WWW-Authenticate': 'Bearer realm="signals"' };

/** The outcomes of docs/reference/permissions.md#authentication (401s carry the Bearer challenge). */
export const AUTH_MESSAGES = {
  missing: 'Authenticatiegegevens zijn niet opgegeven.',
  failed: 'Login failed',
  expired: 'Login failed: Signature has expired.',
  unknownUser: 'Login failed: No user found for the given access token.',
  inactive: 'User is inactive',
  forbidden: 'Je hebt geen toestemming om deze actie uit te voeren.',
} as const;

export const unauthorized = (detail: string) => unauthenticated(detail, AUTH_HEADER);

export interface VerifiedToken extends JWTPayload {
  email: string;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

/** Key lookup over a key set that is re-read (at most every `cooldownMs`) when a `kid` is unknown. */
export function reloadingKeySet(load: () => Promise<JSONWebKeySet>, cooldownMs = 30_000): JWTVerifyGetKey {
  let current: Promise<{ getKey: JWTVerifyGetKey; at: number }> | undefined;
  const refresh = () => (current = load().then((jwks) => ({ getKey: createLocalJWKSet(jwks), at: Date.now() })));
  return async (header, token) => {
    const set = await (current ?? refresh());
    try {
      return await set.getKey(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - set.at < cooldownMs) throw error;
      return (await refresh()).getKey(header, token);
    }
  };
}

/** An external issuer's key set, from OIDC_JWKS_URI or its discovery document. */
function remoteKeySet(config: OidcConfig): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const resolve = async () => {
    if (config.jwksUri) return createRemoteJWKSet(new URL(config.jwksUri));
    const response = await fetch(`${config.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`discovery of ${config.issuer} answered ${response.status}`);
    const { jwks_uri: uri } = (await response.json()) as { jwks_uri?: string };
    if (!uri) throw new Error(`discovery of ${config.issuer} has no jwks_uri`);
    return createRemoteJWKSet(new URL(uri));
  };
  return async (header, token) => {
    keySet ??= resolve().catch((error: unknown) => {
      keySet = undefined; // try again on a later request
      throw error;
    });
    return (await keySet)(header, token);
  };
}

export interface VerifierOptions {
  /** Called with a failure that is not the token's fault (e.g. the key set could not be fetched). */
  log?: (error: unknown) => void;
  /** Least time between two re-reads of the local key set. */
  cooldownMs?: number;
}

/** How many verified tokens are remembered (a few hundred staff, each a token at a time). */
export const VERIFIED_TOKENS_KEPT = 2000;

export function createVerifier(config: OidcConfig, localKeys?: () => Promise<JSONWebKeySet>, { log, cooldownMs }: VerifierOptions = {}): TokenVerifier {
  const getKey = localKeys ? reloadingKeySet(localKeys, cooldownMs) : remoteKeySet(config);
  const keyWithKid: JWTVerifyGetKey = (header, token) => {
    if (!header.kid) throw new errors.JWKSNoMatchingKey();
    return getKey(header, token);
  };
  // A token whose signature and claims were checked is remembered until it expires: the RSA check
  // was a sixth of the CPU of an overview page with fifty staff at work (docs/performance.md). Only
  // successes are kept, keyed by the whole token; the oldest goes first when the map is full.
  const verified = new Map<string, VerifiedToken>();
  return async (token) => {
    const known = verified.get(token);
    if (known && known.exp! * 1000 > Date.now()) return known;
    if (known) verified.delete(token); // expired: checked again below, which answers 'Signature has expired'
    const payload = await verifyOnce(token);
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, payload);
    return payload;
  };

  async function verifyOnce(token: string): Promise<VerifiedToken> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keyWithKid, {
        algorithms: ['RS256'],
        issuer: config.issuer,
        audience: config.verifyAudience ? config.trustedAudiences : undefined,
        requiredClaims: ['exp', 'email', ...(config.verifyAudience ? ['aud'] : [])],
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw unauthorized(AUTH_MESSAGES.expired);
      if (error instanceof errors.JWTClaimValidationFailed && error.reason === 'check_failed') {
        if (error.claim === 'iss') throw forbidden(`Login failed: the token was issued by an untrusted issuer (expected "${config.issuer}").`);
        if (error.claim === 'aud') throw forbidden('Login failed: the token is not meant for a trusted audience.');
      }
      if (!(error instanceof errors.JOSEError)) log?.(error); // e.g. the key set could not be fetched
      throw unauthorized(AUTH_MESSAGES.failed);
    }
    // A NUL cannot be looked up in PostgreSQL: such a claim is refused like a missing one.
    if (typeof payload.email !== 'string' || payload.email.trim() === '' || payload.email.includes('\u0000')) throw unauthorized(AUTH_MESSAGES.failed);
    return payload as VerifiedToken;
  }
}

/** The token of an `Authorization: Bearer <token>` header; undefined when absent or another scheme. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
