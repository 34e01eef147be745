import { describe, expect, it } from 'vitest';
import { useFollowupStand } from './followup-support.ts';
import path from 'node:path';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipart(fields: Record<string, string>, files: { name: string; filename: string; data: Buffer; type: string }[]) {
  const boundary = '----followup' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const stand = useFollowupStand();

async function requestReaction(question = 'Kunt u een foto sturen van de plek?') {
  const signal = stand().signals.add();
  const res = await stand().app.inject({ method: 'POST', url: '/dev/followup/reaction-request', payload: { signal_id: signal.uuid, question } });
  expect(res.statusCode).toBe(201);
  const link = stand().mail.linkTo('melder@example.com', /http:\/\/meldloket\.test\/incident\/reactie\/[0-9a-f-]{36}/);
  const uuid = link.split('/').pop()!;
  return { signal, uuid };
}

const session = (uuid: string) => stand().app.inject({ method: 'GET', url: `/signals/v1/public/qa/sessions/${uuid}` });
const answers = (uuid: string, body: unknown) => stand().app.inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${uuid}/answers`, payload: body as object });
const submit = (uuid: string) => stand().app.inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${uuid}/submit` });

describe('reply request (reaction requested)', () => {
  it('gives a report without an address an empty address_text in the snapshot, and the questionnaire its explanation key', async () => {
    const signal = stand().signals.add({ location: { lat: 52.3731, lng: 4.8936, addressText: null, address: null, stadsdeel: null } as never });
    const res = await stand().app.inject({ method: 'POST', url: '/dev/followup/reaction-request', payload: { signal_id: signal.uuid, question: 'Waar precies?' } });
    expect(res.statusCode).toBe(201);
    const uuid = stand().mail.linkTo('melder@example.com', /http:\/\/meldloket\.test\/incident\/reactie\/[0-9a-f-]{36}/).split('/').pop()!;
    const body = (await session(uuid)).json();
    expect(body.signal_snapshot.location.address_text).toBe('');
    const questionnaire = await stand().app.inject({ method: 'GET', url: new URL(body._links['sia:questionnaire'].href).pathname });
    expect(questionnaire.statusCode).toBe(200);
    expect(questionnaire.json()).toHaveProperty('explanation', null);
  });

  it('mails the reporter a link to the reply page and sets the report to reaction requested', async () => {
    const { signal } = await requestReaction('Staat de container er nog?');
    expect(signal.state).toBe('reaction requested');
    const mail = stand().mail.sent.at(-1)!;
    expect(mail.subject).toBe(`Wij hebben een vraag over uw melding ${signal.display}`);
    expect(mail.text).toContain('Staat de container er nog?');
  });

  it('serves the session with its question, explanation, snapshot and links', async () => {
    const { signal, uuid } = await requestReaction('Staat de container er nog?');
    const res = await session(uuid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.uuid).toBe(uuid);
    expect(body._links['sia:public-signal'].href).toBe(`http://meldloket.test/signals/v1/public/signals/${signal.uuid}`);
    expect(body._links['sia:post-submit'].href).toMatch(new RegExp(`/qa/sessions/${uuid}/submit$`));
    expect(body._links['sia:questionnaire'].href).toMatch(/\/qa\/questionnaires\/[0-9a-f-]{36}$/);
    expect(body.path_questions.map((q: { field_type: string; label: string; required: boolean }) => [q.field_type, q.label, q.required])).toEqual([
      ['plain_text', 'Staat de container er nog?', true],
      ['image', "Foto's toevoegen", false],
    ]);
    expect(body.signal_snapshot.location.geometrie).toEqual({ type: 'Point', coordinates: [4.8936, 52.3731] });
    expect(body.questionnaire_explanation.sections[0].text).toBe(signal.text);
    expect(body.submit_before).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+0[12]:00$/);
    expect(body.can_freeze).toBe(false);
  });

  it('serves the questionnaire with its first question', async () => {
    const { uuid } = await requestReaction('Waar precies?');
    const href: string = (await session(uuid)).json()._links['sia:questionnaire'].href;
    const res = await stand().app.inject({ method: 'GET', url: new URL(href).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.json().first_question).toMatchObject({ field_type: 'plain_text', label: 'Waar precies?', short_label: 'Uw antwoord' });
  });

  it('answers 404 for an unknown session and 400 for a malformed uuid', async () => {
    const unknown = await session('0f5d6a52-8a8c-4b7e-9f55-1d1c3b7a9e01');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Niet gevonden.' });
    const malformed = await session('niet-een-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(['“niet-een-uuid” is geen geldige UUID.']);
  });

  it('has no list and refuses PATCH and DELETE on a session', async () => {
    const { uuid } = await requestReaction();
    expect((await stand().app.inject({ method: 'GET', url: '/signals/v1/public/qa/sessions/' })).statusCode).toBe(404);
    expect((await stand().app.inject({ method: 'PATCH', url: `/signals/v1/public/qa/sessions/${uuid}`, payload: {} })).statusCode).toBe(405);
    expect((await stand().app.inject({ method: 'DELETE', url: `/signals/v1/public/qa/sessions/${uuid}` })).statusCode).toBe(405);
  });
});

describe('answers', () => {
  it('stores a text answer and reports bad ones per question instead of a 400', async () => {
    const { uuid } = await requestReaction();
    const [text, image] = (await session(uuid)).json().path_questions;
    const bad = await answers(uuid, [
      { question_uuid: text.uuid, payload: 12 },
      { question_uuid: image.uuid, payload: 'foto' },
      { question_uuid: '0f5d6a52-8a8c-4b7e-9f55-1d1c3b7a9e01', payload: 'onbekend' },
    ]);
    expect(bad.statusCode).toBe(200);
    expect(bad.json().path_validation_errors_by_uuid).toEqual({
      [text.uuid]: "Submitted answer does not validate. 12 is not of type 'string'",
      [image.uuid]: 'It is not possible to answer "Attachment" questions via this endpoint',
    });
    const good = await answers(uuid, [{ question_uuid: text.uuid, payload: 'Ja, hij staat er nog' }]);
    expect(good.json().path_answered_question_uuids).toEqual([text.uuid]);
    expect(good.json().can_freeze).toBe(true);
    expect(good.json().started_at).not.toBeNull();
  });

  it('answers 400 when the body is not a list, or an item misses its fields', async () => {
    const { uuid } = await requestReaction();
    const notList = await answers(uuid, { question_uuid: 'x', payload: 'y' });
    expect(notList.statusCode).toBe(400);
    expect(notList.json()).toEqual({ non_field_errors: ['Verwachtte een lijst met items, maar kreeg type "dict".'] });
    const missing = await answers(uuid, [{ payload: 'y' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual([{ question_uuid: ['Dit veld is vereist.'] }]);
  });
});

describe('attachments', () => {
  it('stores photos for the image question and lists them as its answer', async () => {
    const { uuid } = await requestReaction();
    const [, image] = (await session(uuid)).json().path_questions;
    const form = multipart({ question_uuid: image.uuid }, [
      { name: 'file', filename: 'plek.png', data: PNG, type: 'image/png' },
      { name: 'file', filename: 'plek2.png', data: PNG, type: 'image/png' },
    ]);
    const res = await stand().app.inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${uuid}/attachments`, ...form });
    expect(res.statusCode).toBe(201);
    expect(res.json().path_answered_question_uuids).toEqual([image.uuid]);
    const stored = await stand().db.selectFrom('qa_answer').select('payload').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((stored.payload as { original_filename: string }[]).map((p) => p.original_filename)).toEqual(['plek.png', 'plek2.png']);
  });

  it('refuses a file that is not an image, a lying extension and a non-image question', async () => {
    const { uuid } = await requestReaction();
    const [text, image] = (await session(uuid)).json().path_questions;
    const url = `/signals/v1/public/qa/sessions/${uuid}/attachments`;
    const pdf = await stand().app.inject({ method: 'POST', url, ...multipart({ question_uuid: image.uuid }, [{ name: 'file', filename: 'brief.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' }]) });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toEqual({ file: ["Files of type 'application/pdf' are not allowed!"] });
    const lying = await stand().app.inject({ method: 'POST', url, ...multipart({ question_uuid: image.uuid }, [{ name: 'file', filename: 'foto.jpg', data: PNG, type: 'image/jpeg' }]) });
    expect(lying.json()).toEqual({ file: ["'image/png' does not match filename extension!"] });
    const wrongQuestion = await stand().app.inject({ method: 'POST', url, ...multipart({ question_uuid: text.uuid }, [{ name: 'file', filename: 'plek.png', data: PNG, type: 'image/png' }]) });
    expect(wrongQuestion.statusCode).toBe(400);
    expect(wrongQuestion.json()).toEqual({ question: ['This question is not an attachment question'] });
  });
});

describe('submit and access', () => {
  it('refuses to freeze an incomplete session with a 400, not a 500', async () => {
    const { uuid } = await requestReaction();
    const res = await submit(uuid);
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().path_validation_errors_by_uuid)).toEqual(['Dit veld is vereist.']);
  });

  it('freezes the session, records the reaction on the report, then answers 410 Already used!', async () => {
    const { signal, uuid } = await requestReaction();
    const [text] = (await session(uuid)).json().path_questions;
    await answers(uuid, [{ question_uuid: text.uuid, payload: 'Hij staat er nog steeds' }]);
    const res = await submit(uuid);
    expect(res.statusCode).toBe(200);
    expect(signal.state).toBe('reaction received');
    expect(stand().signals.history.at(-1)).toEqual({ uuid: signal.uuid, state: 'reaction received', text: 'Hij staat er nog steeds' });
    for (const again of [await session(uuid), await submit(uuid), await answers(uuid, [])]) {
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ detail: 'Already used!' });
    }
  });

  it('answers 410 Expired! after the 5 days to answer', async () => {
    const { uuid } = await requestReaction();
    const real = stand().clock.now;
    stand().clock.now = new Date(real.getTime() + 5 * 24 * 3600 * 1000 + 60_000);
    try {
      const res = await session(uuid);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ detail: 'Expired!' });
    } finally {
      stand().clock.now = real;
    }
  });

  it('answers 410 when the report left the reaction-requested state or a newer request was made', async () => {
    const first = await requestReaction();
    first.signal.state = 'b';
    const moved = await session(first.uuid);
    expect(moved.statusCode).toBe(410);
    expect(moved.json().detail).toBe(`Session ${first.uuid} is invalidated, associated signal not in state REACTIE_GEVRAAGD.`);

    const older = await requestReaction();
    await stand().app.inject({ method: 'POST', url: '/dev/followup/reaction-request', payload: { signal_id: older.signal.uuid, question: 'Nog een vraag' } });
    const superseded = await session(older.uuid);
    expect(superseded.statusCode).toBe(410);
    expect(superseded.json().detail).toBe(`Session ${older.uuid} is invalidated, a newer reaction request was issued.`);
  });

  it("answers any other failure with 500 and the contract's detail, on every session call", async () => {
    const { uuid } = await requestReaction();
    const get = stand().signals.get.bind(stand().signals);
    stand().signals.get = async () => {
      throw new Error('database weg');
    };
    try {
      for (const res of [await session(uuid), await answers(uuid, []), await submit(uuid)]) {
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ detail: 'An error occurred while processing the request.' });
      }
    } finally {
      stand().signals.get = get;
    }
    expect((await session(uuid)).statusCode).toBe(200);
  });

  it('checks frozen before expired', async () => {
    const { uuid } = await requestReaction();
    await stand().db.updateTable('qa_session').set({ frozen: true, submit_before: new Date('2020-01-01T00:00:00Z') }).where('uuid', '=', uuid).execute();
    expect((await session(uuid)).json()).toEqual({ detail: 'Already used!' });
  });
});

describe('no reaction within the days to answer', () => {
  it("moves the report on to 'reaction received' with 'Geen reactie ontvangen.', once", async () => {
    const { closeUnansweredReactions } = await import('../src/followup/index.ts');
    const { signal } = await requestReaction();
    const answered = await requestReaction();
    const [text] = (await session(answered.uuid)).json().path_questions;
    await answers(answered.uuid, [{ question_uuid: text.uuid, payload: 'Ja' }]);
    await submit(answered.uuid);
    const real = stand().clock.now;
    stand().clock.now = new Date(real.getTime() + 6 * 24 * 3600 * 1000);
    try {
      const opts = { db: stand().db, signals: stand().signals, mail: stand().mail, publicUrl: 'http://meldloket.test', maxUploadBytes: 20 * 1024 * 1024, files: stand().files, tmpDir: path.join(stand().mediaDir, 'tmp'), now: () => stand().clock.now };
      expect(await closeUnansweredReactions(stand().db, opts)).toBeGreaterThanOrEqual(1);
      expect(signal.state).toBe('reaction received');
      expect(stand().signals.history.filter((h) => h.uuid === signal.uuid).at(-1)).toEqual({ uuid: signal.uuid, state: 'reaction received', text: 'Geen reactie ontvangen.' });
      expect(answered.signal.state).toBe('reaction received');
      expect(stand().signals.history.filter((h) => h.uuid === answered.signal.uuid).at(-1)!.text).toBe('Ja');
      expect(await closeUnansweredReactions(stand().db, opts)).toBe(0);
    } finally {
      stand().clock.now = real;
    }
  });
});

describe('starting a reply request', () => {
  it('refuses an empty question, a report without e-mail and an unknown report', async () => {
    const noMail = stand().signals.add({ reporterEmail: null });
    const empty = await stand().app.inject({ method: 'POST', url: '/dev/followup/reaction-request', payload: { signal_id: noMail.uuid, question: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ text: ['Dit veld mag niet leeg zijn.'] });
    const res = await stand().app.inject({ method: 'POST', url: '/dev/followup/reaction-request', payload: { signal_id: noMail.uuid, question: 'Vraag?' } });
    expect(res.statusCode).toBe(404);
    const unknown = await stand().app.inject({ method: 'POST', url: '/dev/followup/reaction-request', payload: { signal_id: 'x', question: 'Vraag?' } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('legacy per-question API', () => {
  it('serves a question by uuid and takes an answer for a session, with the next question', async () => {
    const { uuid } = await requestReaction('Waar staat hij?');
    const [text, image] = (await session(uuid)).json().path_questions;
    const question = await stand().app.inject({ method: 'GET', url: `/signals/v1/public/qa/questions/${text.uuid}` });
    expect(question.statusCode).toBe(200);
    expect(question.json()).toMatchObject({ uuid: text.uuid, label: 'Waar staat hij?', field_type: 'plain_text' });
    const res = await stand().app.inject({ method: 'POST', url: `/signals/v1/public/qa/questions/${text.uuid}/answer`, payload: { payload: 'Bij de brug', session: uuid } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ payload: 'Bij de brug', session: uuid, next_question: { uuid: image.uuid } });
    expect((await session(uuid)).json().path_answered_question_uuids).toEqual([text.uuid]);
  });

  it('refuses a bad answer, an answer without session for a reply request, and an unknown question', async () => {
    const { uuid } = await requestReaction();
    const [text] = (await session(uuid)).json().path_questions;
    const url = `/signals/v1/public/qa/questions/${text.uuid}/answer`;
    expect((await stand().app.inject({ method: 'POST', url, payload: { payload: 5, session: uuid } })).json()).toEqual({ payload: ["Submitted answer does not validate. 5 is not of type 'string'"] });
    expect((await stand().app.inject({ method: 'POST', url, payload: { payload: 'x' } })).json()).toEqual({ session: ['Dit veld is vereist.'] });
    expect((await stand().app.inject({ method: 'GET', url: '/signals/v1/public/qa/questions/0f5d6a52-8a8c-4b7e-9f55-1d1c3b7a9e01' })).statusCode).toBe(404);
  });
});
