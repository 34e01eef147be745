/**
 * A NUL character (U+0000) in a JSON body: PostgreSQL can store it neither in text
 * nor in jsonb, so every call refuses it as the client's mistake (400 under the field
 * that holds it), also the calls with their own body handling (QA, verify-email,
 * the survey), rather than failing in the database with a 500.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nulPath } from '../src/http/null-characters.ts';
import { useTestApp } from './helpers.ts';

const MESSAGE = 'Null-tekens zijn niet toegestaan.';

describe('NUL characters in a JSON body', () => {
  const t = useTestApp('pglite');
  const post = async (url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') => {
    const res = await t().app.inject({ method, url, payload: payload as object, headers: { 'content-type': 'application/json' } });
    return { status: res.statusCode, body: res.json() as unknown };
  };

  it('refuses a token with a NUL on verify-email under token', async () => {
    expect(await post('/signals/v1/public/reporter/verify-email', { token: 'abc\u0000' })).toEqual({ status: 400, body: { token: [MESSAGE] } });
  });

  it('refuses QA answers with a NUL, in the QA routes that parse their own bodies', async () => {
    const res = await post(`/signals/v1/public/qa/sessions/${randomUUID()}/answers`, [{ question_uuid: randomUUID(), payload: 'tekst\u0000' }]);
    expect(res).toEqual({ status: 400, body: { non_field_errors: [MESSAGE] } });
  });

  it('refuses a survey answer with a NUL', async () => {
    const res = await post(`/signals/v1/public/feedback/forms/${randomUUID()}`, { satisfaction: 'satisfied', text_extra: 'prima\u0000' }, 'PUT');
    expect(res).toEqual({ status: 400, body: { text_extra: [MESSAGE] } });
  });

  it('still takes an escaped backslash followed by u0000 as ordinary text', async () => {
    const res = await post('/signals/category/prediction', { text: 'een \\u0000 in tekst' });
    expect(res.status).toBe(200);
  });

  it('finds a NUL in nested strings and keys, and nothing in clean data', () => {
    expect(nulPath({ a: [1, { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(nulPath({ a: { 'k\u0000': 1 } })).toEqual(['a', 'k\u0000']);
    expect(nulPath({ a: ['x', null, 3, { b: true }] })).toBeUndefined();
  });
});
