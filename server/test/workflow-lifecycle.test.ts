/**
 * The life of a report through the workflow (docs/back-office-incident.md): the mails of docs/reference/statuses.md#states-and-transitions's status
 * table in the outbox, the reaction request answered through its link, the 5-day sweep
 * with a fake clock (once across two server processes on one PostgreSQL, and after a
 * restart), the survey after closing whose reopen answer asks to reopen, the reporter
 * context; on PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp, withTwoProcesses } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { postReport, validReport } from './support.ts';
import type { FastifyInstance } from 'fastify';

const P = '/signals/v1/private/signals';
const DAY = 24 * 60 * 60 * 1000;

/** A clock the tests move by hand. */
function fakeClock(start = Date.now()) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
}

async function tokenFor(app: FastifyInstance) {
  return mintToken(app, ACCOUNTS.coordinator.email);
}

async function patchAs(app: FastifyInstance, token: string, id: number, body: unknown) {
  const res = await app.inject({ method: 'PATCH', url: `${P}/${id}`, headers: bearer(token), payload: body as object });
  return { status: res.statusCode, body: res.json() as any };
}

const mailsTo = (app: FastifyInstance, to: string) => app.db.selectFrom('outbox').selectAll().where('to', '=', to).orderBy('id').execute();
const linkIn = (text: string, pattern: RegExp) => text.match(pattern)?.[0];

async function answerReaction(app: FastifyInstance, sessionUuid: string, answer: string) {
  const session = (await app.inject({ method: 'GET', url: `/signals/v1/public/qa/sessions/${sessionUuid}` })).json();
  if (!session.path_questions) return session;
  const question = session.path_questions.find((q: any) => q.field_type === 'plain_text');
  await app.inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${sessionUuid}/answers`, payload: [{ question_uuid: question.uuid, payload: answer }] });
  return (await app.inject({ method: 'POST', url: `/signals/v1/public/qa/sessions/${sessionUuid}/submit` })).json();
}

describe.each(DATABASE_TARGETS)('the life of a report (%s)', (target) => {
  const clock = fakeClock();
  const t = useTestApp(target, { now: clock.now });
  let token: string;
  let n = 0;

  beforeAll(async () => {
    token = await tokenFor(t().app);
  });

  /** A fresh report by a reporter of its own (so mails and counts do not mix between tests). */
  const report = async (email: string | null = `melder${++n}@example.com`) => {
    const res = await postReport(t().app, validReport({ reporter: { email, phone: null } }));
    expect(res.status).toBe(201);
    return { id: res.body.id as number, uuid: res.body.signal_id as string, email: email! };
  };
  const patch = (id: number, body: unknown) => patchAs(t().app, token, id, body);
  const history = async (id: number) => (await t().app.inject({ method: 'GET', url: `${P}/${id}/history`, headers: bearer(token) })).json() as any[];
  const state = async (id: number) => t().app.db.selectFrom('signal').select(['state', 'state_text']).where('id', '=', id).executeTakeFirstOrThrow();

  it('mails the reporter on entering Afgehandeld (with the survey links), Reactie gevraagd and Heropend; other statuses only with send_email', async () => {
    const { id, email } = await report();
    expect((await t().app.inject({ method: 'GET', url: `${P}/${id}`, headers: bearer(token) })).json().reporter.allows_contact).toBe(true);
    const confirmation = (await mailsTo(t().app, email)).length; // the thank-you mail of the create call
    expect((await patch(id, { status: { state: 'b', text: 'We gaan ermee aan de slag', send_email: false } })).status).toBe(200);
    expect(await mailsTo(t().app, email)).toHaveLength(confirmation);
    await patch(id, { status: { state: 'ingepland', text: 'Morgen komt de ploeg', send_email: true } });
    const planned = (await mailsTo(t().app, email)).at(-1)!;
    expect(planned.subject).toBe(`Nieuws over uw melding SIG-${id}`);
    expect(planned.text).toContain('gewijzigd naar: Ingepland');
    expect(planned.text).toContain('Morgen komt de ploeg');

    await patch(id, { status: { state: 'o', text: 'Het grofvuil is opgehaald.', send_email: true } });
    const closed = (await mailsTo(t().app, email)).at(-1)!;
    expect(closed.subject).toBe(`Uw melding SIG-${id} is afgehandeld`);
    expect(closed.text).toContain('Het grofvuil is opgehaald.');
    for (const kind of ['satisfied', 'not_satisfied', 'not_received']) expect(closed.text).toMatch(new RegExp(`http://localhost:8080/kto/${kind}/[0-9a-f-]{36}`));
    expect((await history(id)).map((e) => e.what)).toContain('CREATE_FEEDBACK');

    await patch(id, { status: { state: 'reopened', text: 'We kijken er opnieuw naar.' } });
    const reopened = (await mailsTo(t().app, email)).at(-1)!;
    expect(reopened.subject).toBe(`Uw melding SIG-${id} is heropend`);
    expect(reopened.text).toContain('We kijken er opnieuw naar.');
  });

  it('mails nothing to the reporter of a child report (made by splitting) when it closes', async () => {
    const parent = await report();
    const child = await report(parent.email);
    await t().app.db.updateTable('signal').set({ parent_id: parent.id }).where('id', '=', child.id).execute();
    const before = (await mailsTo(t().app, parent.email)).length;
    expect((await patch(child.id, { status: { state: 'o', text: 'Deel klaar.' } })).status).toBe(200);
    expect(await mailsTo(t().app, parent.email)).toHaveLength(before);
    expect((await patch(parent.id, { status: { state: 'o', text: 'Alles klaar.' } })).status).toBe(200);
    expect(await mailsTo(t().app, parent.email)).toHaveLength(before + 1);
  });

  it('tells staff who asked for it that a report was assigned to them or routed to their department', async () => {
    const { id } = await report();
    const db = t().app.db;
    await db.updateTable('staff_user').set({ notification_on_user_assignment: true }).where('username', '=', ACCOUNTS.behandelaar.email).execute();
    await db.updateTable('staff_user').set({ notification_on_department_assignment: true }).where('username', '=', ACCOUNTS.lezer.email).execute();
    const grn = await db.selectFrom('department').select('id').where('code', '=', 'GRN').executeTakeFirstOrThrow();
    const before = { user: (await mailsTo(t().app, ACCOUNTS.behandelaar.email)).length, department: (await mailsTo(t().app, ACCOUNTS.lezer.email)).length };
    expect((await patch(id, { assigned_user_email: ACCOUNTS.behandelaar.email, routing_departments: [{ id: grn.id }] })).status).toBe(200);
    const toUser = await mailsTo(t().app, ACCOUNTS.behandelaar.email);
    const toDepartment = await mailsTo(t().app, ACCOUNTS.lezer.email);
    expect(toUser).toHaveLength(before.user + 1);
    expect(toUser.at(-1)).toMatchObject({ subject: `Melding SIG-${id} is aan u toegewezen`, text: expect.stringContaining(`http://localhost:8080/manage/incident/${id}`) });
    expect(toDepartment).toHaveLength(before.department + 1);
    expect(toDepartment.at(-1)!.subject).toBe(`Melding SIG-${id} is aan uw afdeling toegewezen`);
    // the same assignment again tells nobody
    await patch(id, { assigned_user_email: ACCOUNTS.behandelaar.email, routing_departments: [{ id: grn.id }] });
    expect(await mailsTo(t().app, ACCOUNTS.behandelaar.email)).toHaveLength(before.user + 1);
    expect(await mailsTo(t().app, ACCOUNTS.lezer.email)).toHaveLength(before.department + 1);
  });

  it('forwards to an external party by mail to email_override', async () => {
    const { id } = await report();
    const party = `aannemer${n}@example.com`;
    await patch(id, { status: { state: 'forward to external', text: 'Graag de container legen', send_email: true, email_override: party } });
    const [mail] = await mailsTo(t().app, party);
    expect(mail!.subject).toBe(`Verzoek tot afhandeling van melding SIG-${id}`);
    expect(mail!.text).toContain('Graag de container legen');
  });

  it('lets the external party page hook into forward to external (in the transaction) and answer as the system', async () => {
    const { id, uuid } = await report();
    const party = `partij${n}@example.com`;
    t().app.workflow.setExternalForward(async (db, event) => {
      await db.insertInto('signal_note').values({ signal_id: event.signal.id, text: `Link gemaakt voor ${event.email}`, created_by: null, created_at: event.at }).execute();
      return { to: event.email, subject: `Extern ${event.followup.display}`, text: `${event.text}\nhttp://localhost:8080/incident/extern/abc` };
    });
    try {
      await patch(id, { status: { state: 'forward to external', text: 'Graag legen', send_email: true, email_override: party } });
    } finally {
      t().app.workflow.setExternalForward(undefined);
    }
    const [mail] = await mailsTo(t().app, party);
    expect(mail).toMatchObject({ subject: `Extern SIG-${id}`, text: 'Graag legen\nhttp://localhost:8080/incident/extern/abc' });
    expect((await history(id)).map((e) => e.description)).toContain(`Link gemaakt voor ${party}`);
    // the party's answer, as the system; a move the graph does not allow is a FlowError
    await t().app.workflow.systemStatus(uuid, 'closure requested', 'Container geleegd');
    expect(await state(id)).toEqual({ state: 'closure requested', state_text: 'Container geleegd' });
    expect((await history(id))[0]).toMatchObject({ action: 'Status gewijzigd naar: Extern: verzoek tot afhandeling', who: 'Signalen systeem' });
    await expect(t().app.workflow.systemStatus(uuid, 'sent', 'x')).rejects.toMatchObject({ field: 'state', message: 'Invalid state transition from `Extern: verzoek tot afhandeling` to `Extern: verzonden`.' });
  });

  it('reaction requested: a reply link by mail; the answer moves the report to Reactie ontvangen, in the history', async () => {
    const { id, email } = await report();
    const { status, body } = await patch(id, { status: { state: 'reaction requested', text: 'Staat de container er nog?' } });
    expect(status).toBe(200);
    expect(body.status).toMatchObject({ state: 'reaction requested', text: 'Staat de container er nog?' });
    const mail = (await mailsTo(t().app, email)).at(-1)!;
    expect(mail.subject).toBe(`Wij hebben een vraag over uw melding SIG-${id}`);
    const link = linkIn(mail.text, /http:\/\/localhost:8080\/incident\/reactie\/[0-9a-f-]{36}/)!;
    expect(link).toBeDefined();
    const submitted = await answerReaction(t().app, link.split('/').pop()!, 'Ja, hij staat er nog');
    expect(submitted.uuid).toBe(link.split('/').pop());
    expect(await state(id)).toEqual({ state: 'reaction received', state_text: 'Ja, hij staat er nog' });
    const [changed, received] = await history(id);
    expect(changed).toMatchObject({ what: 'UPDATE_STATUS', action: 'Status gewijzigd naar: Reactie ontvangen', description: 'Ja, hij staat er nog', who: 'Signalen systeem' });
    // the reporter's answer, with the question, written with the change (one instant)
    expect(received).toMatchObject({ what: 'RECEIVE_SESSION', action: 'Reactie van de melder ontvangen op de vraag:', description: 'Staat de container er nog?', who: 'Signalen systeem', when: changed.when });
    const only = (await t().app.inject({ method: 'GET', url: `${P}/${id}/history?what=RECEIVE_SESSION`, headers: bearer(token) })).json();
    expect(only.map((e: any) => e.what)).toEqual(['RECEIVE_SESSION']);
  });

  it('keeps the answer in the history when the report moved on before the answer could change it', async () => {
    const { id, uuid } = await report();
    await patch(id, { status: { state: 'o', text: 'Al opgelost.' } });
    const event = { what: 'RECEIVE_SESSION', question: 'Waar staat hij?' } as const;
    await expect(t().app.workflow.systemStatus(uuid, 'reaction received', 'Bij de boom', event)).rejects.toMatchObject({ field: 'state' });
    expect(await state(id)).toEqual({ state: 'o', state_text: 'Al opgelost.' });
    const entries = await history(id);
    expect(entries[0]).toMatchObject({ what: 'RECEIVE_SESSION', description: 'Waar staat hij?' });
    expect(entries.filter((e) => e.what === 'UPDATE_STATUS').map((e) => e.description)).toEqual(['Al opgelost.']);
  });

  it('after 5 days without an answer the system moves the report on with ‘Geen reactie ontvangen.’; the link is dead then', async () => {
    const waiting = await report();
    const answered = await report();
    for (const r of [waiting, answered]) await patch(r.id, { status: { state: 'reaction requested', text: 'Waar precies?' } });
    const sessionOf = async (r: { email: string }) => linkIn((await mailsTo(t().app, r.email)).at(-1)!.text, /reactie\/([0-9a-f-]{36})/)!.split('/').pop()!;
    await answerReaction(t().app, await sessionOf(answered), 'Bij de ingang');
    clock.advance(5 * DAY - 60_000);
    expect(await t().app.workflow.closeUnansweredReactions()).toBe(0);
    expect((await state(waiting.id)).state).toBe('reaction requested');
    clock.advance(2 * 60_000);
    expect(await t().app.workflow.closeUnansweredReactions()).toBe(1);
    expect(await state(waiting.id)).toEqual({ state: 'reaction received', state_text: 'Geen reactie ontvangen.' });
    expect(await state(answered.id)).toEqual({ state: 'reaction received', state_text: 'Bij de ingang' });
    const [changed, lapsed] = await history(waiting.id);
    expect(changed).toMatchObject({ action: 'Status gewijzigd naar: Reactie ontvangen', description: 'Geen reactie ontvangen.', who: 'Signalen systeem' });
    expect(lapsed).toMatchObject({ what: 'NOT_RECEIVED_SESSION', action: 'Geen reactie van de melder ontvangen binnen 5 dagen op de vraag:', description: 'Waar precies?', who: 'Signalen systeem', when: changed.when });
    // the answered request has its RECEIVE_SESSION and no NOT_RECEIVED_SESSION
    expect((await history(answered.id)).map((e) => e.what).filter((w) => w.endsWith('_SESSION'))).toEqual(['RECEIVE_SESSION']);
    // a second sweep finds nothing; the link answers 410
    expect(await t().app.workflow.closeUnansweredReactions()).toBe(0);
    const late = await t().app.inject({ method: 'GET', url: `/signals/v1/public/qa/sessions/${await sessionOf(waiting)}` });
    expect(late.statusCode).toBe(410);
  });

  it('a negative survey answer marked to reopen moves Afgehandeld to Verzoek tot heropenen, in the history', async () => {
    const { id, email } = await report();
    await patch(id, { status: { state: 'o', text: 'Opgeruimd.' } });
    const form = linkIn((await mailsTo(t().app, email)).at(-1)!.text, /kto\/not_satisfied\/[0-9a-f-]{36}/)!.split('/').pop()!;
    const put = await t().app.inject({ method: 'PUT', url: `/signals/v1/public/feedback/forms/${form}`, payload: { satisfaction: 'not_satisfied', text_list: ['Het probleem is niet opgelost'] } });
    expect(put.statusCode).toBe(200);
    expect((await state(id)).state).toBe('reopen requested');
    // the reporter did not tick 'allows contact'
    const detail = (await t().app.inject({ method: 'GET', url: `${P}/${id}`, headers: bearer(token) })).json();
    expect(detail.reporter.allows_contact).toBe(false);
    const entries = await history(id);
    expect(entries[0]).toMatchObject({ what: 'UPDATE_STATUS', action: 'Status gewijzigd naar: Verzoek tot heropenen', who: 'Signalen systeem' });
    expect(entries.map((e) => e.what)).toContain('RECEIVE_FEEDBACK');
    // the handler decides: reopen (with a text, and a mail) or close again
    expect((await patch(id, { status: { state: 'reopened', text: 'We gaan opnieuw kijken.' } })).status).toBe(200);
  });

  it('gives the reporter context: reports, open ones, positive and negative surveys, and the reports nearby', async () => {
    const email = `vaste-melder${++n}@example.com`;
    const a = await report(email);
    const b = await report(email);
    const c = await report(email.toUpperCase());
    await patch(a.id, { status: { state: 'o', text: 'Klaar.' } });
    await patch(b.id, { status: { state: 'o', text: 'Klaar.' } });
    const formOf = async (r: { uuid: string }) => (await t().app.db.selectFrom('feedback_request').select('uuid').where('signal_uuid', '=', r.uuid).executeTakeFirstOrThrow()).uuid;
    await t().app.inject({ method: 'PUT', url: `/signals/v1/public/feedback/forms/${await formOf(a)}`, payload: { satisfaction: 'satisfied', text_list: ['Het ging snel'] } });
    await t().app.inject({ method: 'PUT', url: `/signals/v1/public/feedback/forms/${await formOf(b)}`, payload: { satisfaction: 'not_satisfied', text_list: ['Het duurde te lang'] } });
    const context = (await t().app.inject({ method: 'GET', url: `${P}/${c.id}/context`, headers: bearer(token) })).json();
    expect(context.reporter).toEqual({ signal_count: 3, open_count: 1, positive_count: 1, negative_count: 1 });
    expect(context.near.signal_count).toBeGreaterThanOrEqual(2); // every report of this file lies on the Dam, in grofvuil
    // 'near': the same subcategory within 50 m. Away from the Dam there is nothing; then one report 20 m off, one 68 m off.
    const at = (lng: number) => ({ location: { geometrie: { type: 'Point', coordinates: [lng, 52.3731] } }, reporter: { email: null } });
    await patch(c.id, { location: at(4.9).location });
    const near = async () => (await t().app.inject({ method: 'GET', url: `${P}/${c.id}/context`, headers: bearer(token) })).json().near.signal_count;
    expect(await near()).toBe(0);
    await postReport(t().app, validReport(at(4.9003)));
    await postReport(t().app, validReport(at(4.901)));
    expect(await near()).toBe(1);
    const list = (await t().app.inject({ method: 'GET', url: `${P}/${c.id}/context/reporter/`, headers: bearer(token) })).json();
    expect(list.count).toBe(3);
    expect(list.results.map((r: any) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(list.results[1]).toMatchObject({ status: { state: 'o', state_display: 'Afgehandeld' }, feedback: { is_satisfied: false }, can_view_signal: true });
    const silent = await report(null);
    expect((await t().app.inject({ method: 'GET', url: `${P}/${silent.id}/context`, headers: bearer(token) })).json().reporter).toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the 5-day sweep across server processes (postgres)', () => {
  it('moves each lapsed report once when two processes sweep at the same time, and after a restart', async () => {
    const clock = fakeClock();
    await withTwoProcesses({ now: clock.now }, async (a, b, another) => {
      const token = await tokenFor(a.app);
      const ids: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await postReport(a.app, validReport({ reporter: { email: `parallel${i}@example.com` } }));
        ids.push(res.body.id);
        // requests made in either process
        expect((await patchAs(i % 2 ? a.app : b.app, token, res.body.id, { status: { state: 'reaction requested', text: 'Waar?' } })).status).toBe(200);
      }
      clock.advance(5 * DAY + 60_000);
      const moved = await Promise.all([a.app.workflow.closeUnansweredReactions(), b.app.workflow.closeUnansweredReactions(), a.app.workflow.closeUnansweredReactions()]);
      expect(moved.reduce((x, y) => x + y, 0)).toBe(6);
      for (const id of ids) {
        const entries = await a.app.db.selectFrom('signal_history').select('description').where('signal_id', '=', id).where('what', '=', 'UPDATE_STATUS').where('description', '=', 'Geen reactie ontvangen.').execute();
        expect(entries, `report ${id}`).toHaveLength(1);
        const lapsed = await a.app.db.selectFrom('signal_history').select('id').where('signal_id', '=', id).where('what', '=', 'NOT_RECEIVED_SESSION').execute();
        expect(lapsed, `report ${id}`).toHaveLength(1);
      }

      // A request whose time runs out while no server runs is handled by the next start.
      const res = await postReport(b.app, validReport({ reporter: { email: 'herstart@example.com' } }));
      await patchAs(b.app, token, res.body.id, { status: { state: 'reaction requested', text: 'Nog daar?' } });
      await a.close();
      await b.close();
      clock.advance(5 * DAY + 60_000);
      const c = await another();
      // the start's catch-up runs in the background: wait for it (by a deadline, not a number of tries)
      await expect
        .poll(async () => (await c.app.db.selectFrom('signal').select('state').where('id', '=', res.body.id).executeTakeFirstOrThrow()).state, { timeout: 60_000, interval: 100 })
        .toBe('reaction received');
    });
  }, 120_000);
});
