/**
 * Client mistakes that once ended as a 500 (docs/architecture.md: "a client's mistake is never a
 * 5xx"). A NUL character (U+0000) in a JSON body: PostgreSQL can store it neither in
 * text nor in jsonb, so every call refuses it as the client's mistake (400 under the
 * field that holds it), also the calls with their own body handling (QA,
 * verify-email, the survey). A multipart body that does not parse, on the QA
 * attachment call as on the report's.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LONE_SURROGATE, nulError } from '../src/domain/text.ts';
import { useTestApp } from './helpers.ts';
import { FILES, postReport, validReport } from './support.ts';

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

  it('finds a NUL or a lone surrogate in nested strings and keys, and nothing in clean data', () => {
    expect(nulError({ a: [1, { b: 'x\u0000' }] })?.body).toEqual({ a: [MESSAGE] });
    expect(nulError({ a: { 'k\u0000': 1 } })?.body).toEqual({ a: [MESSAGE] });
    expect(nulError([{ b: 'x\ud800' }])?.body).toEqual({ non_field_errors: [LONE_SURROGATE] });
    expect(nulError({ a: { b: 'x\udc00y' } })?.body).toEqual({ a: [LONE_SURROGATE] });
    expect(nulError({ a: ['x', null, 3, { b: true }], emoji: '\ud83d\ude00' })).toBeUndefined();
  });
});

describe('multipart bodies that do not parse', () => {
  const t = useTestApp('pglite');
  const boundary = '----kapot';
  const cutOff = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n${FILES.png().toString('latin1')}`;
  const fields = (n: number) => `${Array.from({ length: n }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="veld${i}"\r\n\r\nx\r\n`).join('')}--${boundary}--\r\n`;

  async function sessionAttachments() {
    const report = await postReport(t().app, validReport());
    const { sessionUuid } = await t().app.followup.requestReaction(report.body.signal_id as string, 'Waar staat de container precies?');
    return `/signals/v1/public/qa/sessions/${sessionUuid}/attachments`;
  }

  it('answers a body cut off mid-file or without a boundary with 400, on the QA and the report attachment calls', async () => {
    const report = await postReport(t().app, validReport());
    for (const url of [await sessionAttachments(), `/signals/v1/public/signals/${report.body.signal_id}/attachments/`]) {
      const cut = await t().app.inject({ method: 'POST', url, payload: Buffer.from(cutOff, 'latin1'), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      expect(cut.statusCode, url).toBe(400);
      expect(cut.json(), url).toEqual({ detail: 'De multipart-aanvraag kon niet worden gelezen.' });
      const bare = await t().app.inject({ method: 'POST', url, payload: 'x', headers: { 'content-type': 'multipart/form-data' } });
      expect(bare.statusCode, url).toBe(400);
    }
  });

  it('answers too many form fields with 400', async () => {
    const res = await t().app.inject({ method: 'POST', url: await sessionAttachments(), payload: fields(30), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Te veel velden in de aanvraag.' });
  });
});
