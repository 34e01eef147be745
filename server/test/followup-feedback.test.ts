import { describe, expect, it } from 'vitest';
import { useFollowupStand } from './followup-support.ts';

const stand = useFollowupStand();

async function requestSurvey() {
  const signal = stand().signals.add({ state: 'b' });
  const res = await stand().app.inject({ method: 'POST', url: '/dev/followup/feedback', payload: { signal_id: signal.uuid } });
  expect(res.statusCode).toBe(201);
  const link = stand().mail.linkTo('melder@example.com', /http:\/\/meldloket\.test\/kto\/not_satisfied\/[0-9a-f-]{36}/);
  return { signal, uuid: link.split('/').pop()! };
}

const form = (uuid: string) => stand().app.inject({ method: 'GET', url: `/signals/v1/public/feedback/forms/${uuid}` });
const put = (uuid: string, body: unknown) => stand().app.inject({ method: 'PUT', url: `/signals/v1/public/feedback/forms/${uuid}`, payload: body as object });

describe('satisfaction survey', () => {
  it('closes the report and mails three links, one per satisfaction indication', async () => {
    const { signal, uuid } = await requestSurvey();
    expect(signal.state).toBe('o');
    const text = stand().mail.sent.at(-1)!.text;
    for (const kind of ['satisfied', 'not_satisfied', 'not_received']) expect(text).toContain(`http://meldloket.test/kto/${kind}/${uuid}`);
  });

  it('lists standard answers for each indication', async () => {
    const res = await stand().app.inject({ method: 'GET', url: '/signals/v1/public/feedback/standard_answers/' });
    const results: { satisfaction: string; is_satisfied: boolean }[] = res.json().results;
    expect(new Set(results.map((r) => r.satisfaction))).toEqual(new Set(['satisfied', 'not_satisfied', 'not_received']));
    expect(results.filter((r) => r.is_satisfied).every((r) => r.satisfaction === 'satisfied')).toBe(true);
  });

  it('serves an open form with the report number, stores one answer, then answers 410 filled out', async () => {
    const { signal, uuid } = await requestSurvey();
    const open = await form(uuid);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ uuid, id_display: signal.display });
    const res = await put(uuid, { satisfaction: 'satisfied', text_list: ['Het ging snel'], text_extra: 'Dank!', allows_contact: true });
    expect(res.statusCode).toBe(200);
    const row = await stand().db.selectFrom('feedback_request').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ satisfaction: 'satisfied', is_satisfied: true, allows_contact: true, text_list: ['Het ging snel'], text_extra: 'Dank!' });
    for (const again of [await form(uuid), await put(uuid, { satisfaction: 'satisfied', text_list: ['Het ging snel'] })]) {
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ detail: 'filled out' });
    }
  });

  it('asks to reopen the report when the reporter says the problem is not solved', async () => {
    const { signal, uuid } = await requestSurvey();
    const res = await put(uuid, { satisfaction: 'not_satisfied', text_list: ['Het probleem is niet opgelost'], allows_contact: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().reopened).toBe(true);
    expect(signal.state).toBe('reopen requested');
  });

  it('answers 410 expired after 14 days', async () => {
    const { uuid } = await requestSurvey();
    const real = stand().clock.now;
    stand().clock.now = new Date(real.getTime() + 15 * 24 * 3600 * 1000);
    try {
      expect((await form(uuid)).json()).toEqual({ detail: 'expired' });
      expect((await put(uuid, { satisfaction: 'satisfied', text_extra: 'x' })).statusCode).toBe(410);
    } finally {
      stand().clock.now = real;
    }
  });

  it('refuses unknown choices, an empty answer and an unknown form', async () => {
    const { uuid } = await requestSurvey();
    const wrong = await put(uuid, { satisfaction: 'satisfied', text_list: ['Het probleem is niet opgelost'] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ text_list: ['"Het probleem is niet opgelost" is een ongeldige keuze.'] });
    const empty = await put(uuid, { satisfaction: 'not_received', text_list: [], text_extra: ' ' });
    expect(empty.json()).toEqual({ non_field_errors: ['Kies minstens één antwoord of vul een toelichting in.'] });
    expect((await put(uuid, { satisfaction: 'blij' })).json()).toEqual({ satisfaction: ['"blij" is een ongeldige keuze.'] });
    expect((await form('0f5d6a52-8a8c-4b7e-9f55-1d1c3b7a9e01')).statusCode).toBe(404);
    expect((await form(uuid)).statusCode).toBe(200);
  });
});
