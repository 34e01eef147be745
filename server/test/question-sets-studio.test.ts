/**
 * The question-set studio's API (docs/studio-api.md) on PGlite and PostgreSQL: the bundled
 * sets are version 1 of a fresh install; an author with sia_questionset_write saves a draft (kept as
 * typed, findings at the JSON path), publishes it (served at once by both public endpoints), and rolls
 * back; a broken draft is refused; two authors publishing at once get one 200 and one 409, also from
 * two app instances on one database; every version is kept. Without a token 401, without the right 403.
 */
import { readFileSync } from 'node:fs';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuestionSetFile } from '@meldloket/engine';
import { QUESTION_SETS_DIR } from '../src/db/seed.ts';
import { QUESTION_SET_MESSAGES } from '../src/question-sets/index.ts';
import { buildTestApp, DATABASE_TARGETS, useTestApp, type TestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';

const P = '/signals/v1/private/question-sets';
const PUBLIC = '/signals/v1/public/question-sets';
type Account = 'beheerder' | 'behandelaar' | 'admin';

const BUNDLED = readdirSync(QUESTION_SETS_DIR).filter(isQuestionSetFile).map((f) => f.slice(0, -'.json'.length));

const newQuestion = {
  key: 'extra_wrak_sloten',
  field_type: 'radio_input',
  required: true,
  meta: { label: 'Zit het wrak vast met een slot?', shortLabel: 'Slot', ifAllOf: { subcategory: 'fietswrak' }, values: { ja: 'Ja', nee: 'Nee' }, pathMerge: 'extra_properties' },
};

describe.each(DATABASE_TARGETS)('question-set studio (%s)', (target) => {
  const t = useTestApp(target);
  const tokens: Partial<Record<Account, string>> = {};
  const call = async (account: Account | null, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, app = t().app) => {
    const headers = account ? bearer(tokens[account]!) : {};
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.body ? (res.json() as any) : undefined };
  };
  const publicQuestions = async (sub: string) => {
    const res = await t().app.inject({ method: 'GET', url: `/signals/v1/public/questions/?main_slug=overlast-in-de-openbare-ruimte&sub_slug=${sub}` });
    return (res.json() as any).results.map((q: any) => q.key) as string[];
  };
  const wrakken = async () => (await call('beheerder', 'GET', `${P}/wrakken/`)).body;
  const withQuestion = (document: any) => ({ ...document, questions: [...document.questions, newQuestion] });

  beforeAll(async () => {
    for (const account of ['beheerder', 'behandelaar', 'admin'] as const) tokens[account] = await mintToken(t().app, ACCOUNTS[account].email);
  });

  it('answers 401 without a token and 403 without sia_questionset_write, on every call', async () => {
    const calls = [
      ['GET', `${P}/`],
      ['GET', `${P}/wrakken/`],
      ['PUT', `${P}/wrakken/draft/`, { text: '{}' }],
      ['DELETE', `${P}/wrakken/draft/`],
      ['POST', `${P}/wrakken/publish/`, { based_on: 1 }],
      ['GET', `${P}/wrakken/versions/`],
      ['GET', `${P}/wrakken/versions/1/`],
      ['POST', `${P}/wrakken/rollback/`, { version: 1, based_on: 1 }],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await call(null, method, url, payload)).status, `${method} ${url}`).toBe(401);
      const refused = await call('behandelaar', method, url, payload);
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body.detail).toEqual(expect.any(String));
    }
    expect((await wrakken()).draft).toBeNull(); // nothing was written by the refused calls
  });

  it('a fresh install has every bundled set as version 1 by meldloket, with the subcategories that use it', async () => {
    const { status, body } = await call('beheerder', 'GET', `${P}/`);
    expect(status).toBe(200);
    expect(body.results.map((r: any) => r.name)).toEqual([...BUNDLED].sort());
    expect(body.count).toBe(BUNDLED.length);
    const set = body.results.find((r: any) => r.name === 'wrakken');
    expect(set).toMatchObject({ title: 'Fiets- en voertuigwrakken', published: { version: 1, published_by: 'meldloket' }, draft: null });
    expect(set.subcategories).toEqual(
      expect.arrayContaining([
        { slug: 'fietswrak', name: expect.any(String), main_slug: 'overlast-in-de-openbare-ruimte' },
        { slug: 'auto-scooter-bromfietswrak', name: expect.any(String), main_slug: 'overlast-in-de-openbare-ruimte' },
      ]),
    );
    expect(set.published.published_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d.*[+-]\d\d:\d\d$/);
    expect((await call('beheerder', 'GET', `${P}/geen-vragenlijst/`)).status).toBe(404);
  });

  it('serves a published set exactly as its file: every answer list in the file\'s order (what residents see)', async () => {
    const file = JSON.parse(readFileSync(new URL('../../question-sets/straatverlichting-klokken.json', import.meta.url), 'utf8')) as { questions: unknown[] };
    const { status, body } = await call(null, 'GET', `${PUBLIC}/straatverlichting-klokken/`);
    expect(status).toBe(200);
    // stringified, so the order of an object's keys counts (jsonb would sort them shortest first)
    expect(JSON.stringify(body.questions)).toBe(JSON.stringify(file.questions));
  });

  it('keeps a broken draft as typed and says why at the JSON path: a syntax error, a schema error, a cycle; none can be published', async () => {
    const { published } = await wrakken();
    const broken = '{ "questions": [ { "key": "a", } ] }';
    const saved = await call('beheerder', 'PUT', `${P}/wrakken/draft/`, { text: broken });
    expect(saved.status).toBe(200);
    expect(saved.body.draft).toMatchObject({ text: broken, updated_by: ACCOUNTS.beheerder.email, based_on: published.version });
    expect(saved.body.findings).toEqual([expect.objectContaining({ path: '', kind: 'syntax', severity: 'error' })]);
    expect((await wrakken()).draft.text).toBe(broken);

    const schemaError = withQuestion(published.document);
    schemaError.questions[1] = { ...schemaError.questions[1], field_type: 'geen_veldtype' };
    const second = await call('beheerder', 'PUT', `${P}/wrakken/draft/`, { text: JSON.stringify(schemaError, null, 2) });
    expect(second.body.findings).toContainEqual(expect.objectContaining({ path: '/questions/1/field_type', kind: 'schema', severity: 'error' }));
    expect(second.body.findings.every((f: any) => /[a-z]/.test(f.message))).toBe(true);
    let refused = await call('beheerder', 'POST', `${P}/wrakken/publish/`, { based_on: published.version });
    expect(refused.status).toBe(400);
    expect(refused.body.findings).toContainEqual(expect.objectContaining({ path: '/questions/1/field_type', severity: 'error' }));

    const cycle = withQuestion(published.document);
    cycle.questions.push({ key: 'extra_b', field_type: 'radio_input', meta: { label: 'B', values: { ja: 'Ja' }, ifOneOf: { extra_c: 'ja' } } });
    cycle.questions.push({ key: 'extra_c', field_type: 'radio_input', meta: { label: 'C', values: { ja: 'Ja' }, ifOneOf: { extra_b: 'ja' } } });
    const third = await call('beheerder', 'PUT', `${P}/wrakken/draft/`, { text: JSON.stringify(cycle) });
    const at = cycle.questions.length - 2;
    expect(third.body.findings).toContainEqual(expect.objectContaining({ path: `/questions/${at}`, kind: 'lint', severity: 'error', message: expect.stringContaining('extra_b, extra_c') }));
    refused = await call('beheerder', 'POST', `${P}/wrakken/publish/`, { based_on: published.version });
    expect(refused.status).toBe(400);
    expect(refused.body.findings).toContainEqual(expect.objectContaining({ path: `/questions/${at}`, kind: 'lint' }));

    expect((await call('beheerder', 'GET', `${P}/wrakken/versions/`)).body.count).toBe(published.version); // nothing was published
    expect((await call('beheerder', 'DELETE', `${P}/wrakken/draft/`)).status).toBe(204);
    expect((await wrakken()).draft).toBeNull();
    expect((await call('beheerder', 'POST', `${P}/wrakken/publish/`, { based_on: published.version })).body).toEqual({ detail: QUESTION_SET_MESSAGES.noDraft });
  });

  it('publishes a draft: served at once by both public endpoints, the old version still by its number; rolled back as a new version', async () => {
    const { published } = await wrakken();
    expect(await publicQuestions('fietswrak')).not.toContain(newQuestion.key);
    await call('beheerder', 'PUT', `${P}/wrakken/draft/`, { text: JSON.stringify(withQuestion(published.document), null, 2) });
    const done = await call('beheerder', 'POST', `${P}/wrakken/publish/`, { based_on: published.version, note: 'Vraag over het slot' });
    expect(done).toEqual({ status: 200, body: { version: published.version + 1 } });
    const after = await wrakken();
    expect(after.draft).toBeNull();
    expect(after.published).toMatchObject({ version: published.version + 1, published_by: ACCOUNTS.beheerder.email });

    expect(await publicQuestions('fietswrak')).toContain(newQuestion.key);
    const latest = (await t().app.inject({ method: 'GET', url: `${PUBLIC}/wrakken/` })).json() as any;
    expect(latest).toMatchObject({ name: 'wrakken', version: published.version + 1 });
    expect(latest.questions.at(-1)).toEqual(newQuestion);
    const old = (await t().app.inject({ method: 'GET', url: `${PUBLIC}/wrakken/?version=${published.version}` })).json() as any;
    expect(old.questions.map((q: any) => q.key)).not.toContain(newQuestion.key);
    expect((await t().app.inject({ method: 'GET', url: `${PUBLIC}/wrakken/?version=999` })).statusCode).toBe(404);
    expect((await t().app.inject({ method: 'GET', url: `${PUBLIC}/geen-vragenlijst/` })).statusCode).toBe(404);

    const stale = await call('beheerder', 'POST', `${P}/wrakken/rollback/`, { version: published.version, based_on: published.version });
    expect(stale.status).toBe(409);
    expect(stale.body.version).toBe(published.version + 1);
    const back = await call('admin', 'POST', `${P}/wrakken/rollback/`, { version: published.version, based_on: published.version + 1 });
    expect(back).toEqual({ status: 200, body: { version: published.version + 2 } });
    expect(await publicQuestions('fietswrak')).not.toContain(newQuestion.key);
    const versions = await call('beheerder', 'GET', `${P}/wrakken/versions/`);
    expect(versions.body.results.map((v: any) => v.version)).toEqual([published.version + 2, published.version + 1, published.version]);
    expect(versions.body.results[0]).toMatchObject({ published_by: ACCOUNTS.admin.email, note: QUESTION_SET_MESSAGES.rolledBack(published.version) });
    expect(versions.body.results[1]).toMatchObject({ note: 'Vraag over het slot' });
    const one = await call('beheerder', 'GET', `${P}/wrakken/versions/${published.version + 2}/`);
    expect(one.body.document).toEqual(published.document);
    expect((await call('beheerder', 'GET', `${P}/wrakken/versions/999/`)).status).toBe(404);
    expect((await call('beheerder', 'POST', `${P}/wrakken/rollback/`, { version: 999, based_on: published.version + 2 })).status).toBe(404);
  });

  it('two authors publishing the same set at once: exactly one wins, the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const { published } = await wrakken();
      const document = { ...published.document, title: `Wrakken ${round}` };
      await call('beheerder', 'PUT', `${P}/wrakken/draft/`, { text: JSON.stringify(document) });
      const answers = await Promise.all([
        call('beheerder', 'POST', `${P}/wrakken/publish/`, { based_on: published.version }),
        call('admin', 'POST', `${P}/wrakken/publish/`, { based_on: published.version }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 200)!.body).toEqual({ version: published.version + 1 });
      expect(answers.find((a) => a.status === 409)!.body).toEqual({ detail: QUESTION_SET_MESSAGES.conflict(published.version + 1), version: published.version + 1 });
    }
    const versions = (await call('beheerder', 'GET', `${P}/wrakken/versions/`)).body.results.map((v: any) => v.version);
    expect(new Set(versions).size).toBe(versions.length);
  });

  describe.runIf(target === 'postgres')('across two app instances on one database', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await buildTestApp('postgres', { database: { schema: t().schema } });
    });
    afterAll(async () => second?.close());

    it('one publish wins, the other is a 409, and the loser\'s instance serves the winner\'s questions', async () => {
      const { published } = await wrakken();
      await call('beheerder', 'PUT', `${P}/wrakken/draft/`, { text: JSON.stringify(withQuestion(published.document)) });
      const answers = await Promise.all([
        call('beheerder', 'POST', `${P}/wrakken/publish/`, { based_on: published.version }),
        call('admin', 'POST', `${P}/wrakken/publish/`, { based_on: published.version }, second.app),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const res = await second.app.inject({ method: 'GET', url: '/signals/v1/public/questions/?main_slug=overlast-in-de-openbare-ruimte&sub_slug=fietswrak' });
      expect((res.json() as any).results.map((q: any) => q.key)).toContain(newQuestion.key);
    });
  });
});
