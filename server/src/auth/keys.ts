/**
 * Keys of the embedded provider, made once and kept in the database so that every
 * server process and every restart signs with the same key (and tokens stay valid):
 * an RS256 signing key (private JWK, `kid` = its thumbprint) and a cookie secret.
 */
import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/index.ts';

export interface ProviderKeys {
  /** Private signing keys, newest first (the provider signs with the first). */
  signing: JWK[];
  /** Public halves of the signing keys: what the private API verifies against. */
  publicJwks: { keys: JWK[] };
  cookieKeys: string[];
}

/** Row ids: a fixed slot per key, so that racing processes end up with the same key. */
const SIGNING_SLOT = 'signing-1';
const COOKIE_SLOT = 'cookie-1';

async function newSigningKey(): Promise<{ kid: string; jwk: JWK }> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, jwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } };
}

const publicPart = ({ kty, n, e, kid, alg, use }: JWK): JWK => ({ kty, n, e, kid, alg, use });

async function read(db: Db) {
  return db.selectFrom('oidc_key').select(['slot', 'use', 'key']).orderBy('created_at', 'desc').orderBy('slot', 'desc').execute();
}

export async function loadProviderKeys(db: Db): Promise<ProviderKeys> {
  let rows = await read(db);
  if (!rows.some((r) => r.use === 'sig') || !rows.some((r) => r.use === 'cookie')) {
    const { jwk } = await newSigningKey();
    const secret = randomBytes(32).toString('base64url');
    // A process that lost the race keeps the winner's keys: insert-if-absent, then read back.
    if (!rows.some((r) => r.use === 'sig')) {
      await db.insertInto('oidc_key').values({ slot: SIGNING_SLOT, use: 'sig', key: JSON.stringify(jwk) }).onConflict((oc) => oc.doNothing()).execute();
    }
    if (!rows.some((r) => r.use === 'cookie')) {
      await db.insertInto('oidc_key').values({ slot: COOKIE_SLOT, use: 'cookie', key: JSON.stringify({ secret }) }).onConflict((oc) => oc.doNothing()).execute();
    }
    rows = await read(db);
  }
  // A rotation adds a newer slot; the provider signs with the newest, old tokens still verify.
  const signing = rows.filter((r) => r.use === 'sig').map((r) => r.key as JWK);
  const cookieKeys = rows.filter((r) => r.use === 'cookie').map((r) => String((r.key as { secret: string }).secret));
  return { signing, publicJwks: { keys: signing.map(publicPart) }, cookieKeys };
}
