/**
 * PATCH /signals/v1/private/signals/{id} (docs/reference/api.md#private, docs/reference/statuses.md#transitions): every edge of the
 * transition graph, allowed and refused with the exact body (generated from the
 * contract's table, written out here as the contract gives it), every per-state rule
 * and its error shape, each block with its history, atomicity, permissions and
 * scoping, on PGlite and PostgreSQL.
 */
import { STATE_CODES, STATE_NAMES, TRANSITIONS } from '@meldloket/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken, staffWithPermissions } from './private-support.ts';
import { postReport, validReport } from './support.ts';

const P = '/signals/v1/private/signals';

/** docs/reference/statuses.md#transitions, "Allowed transitions", as written there. */
const CONTRACT_GRAPH: Record<string, string> = {
  m: 'm, i, b, ready to send, o, a, ingepland, reaction requested, forward to external',
  i: 'm, i, ingepland, closure requested, o, ready to send, b, a, reaction requested, forward to external',
  b: 'm, ingepland, b, o, a, ready to send, closure requested, reaction requested, forward to external',
  ingepland: 'm, ingepland, b, o, a, closure requested, reaction requested, forward to external',
  h: 'ingepland, a',
  'ready to send': 'sent, send failed, a',
  sent: 'done external, a',
  'send failed': 'm, ready to send, a',
  'done external': 'o, a, b',
  o: 'reopened, reopen requested',
  a: 'a, reopened, b',
  reopened: 'reopened, b, o, a, ready to send, m, reaction requested, forward to external',
  s: '',
  'closure requested': 'm, closure requested, i, o, a, b, forward to external',
  'reopen requested': 'o, reopened, a',
  'reaction requested': 'm, i, b, ingepland, o, a, reaction requested, reaction received, ready to send, forward to external',
  'reaction received': 'm, i, b, o, a, ingepland, reaction requested, ready to send, forward to external',
  'forward to external': 'closure requested, m, i, b, forward to external, ingepland, o, a, reaction requested, reaction received, ready to send',
};
const allowed = (from: string) => (CONTRACT_GRAPH[from] ? CONTRACT_GRAPH[from].split(', ') : []);

/** A status block that satisfies every per-state rule of `to`. */
function statusFor(to: string) {
  return {
    state: to,
    text: 'Tekst bij de status',
    send_email: to === 'forward to external',
    ...(to === 'ready to send' ? { target_api: 'gisib' } : {}),
    ...(to === 'forward to external' ? { email_override: 'aannemer@example.com' } : {}),
  };
}

describe('the engine holds the contract’s graph', () => {
  it('has the 18 codes with their names and exactly the contract’s edges', () => {
    expect([...STATE_CODES].sort()).toEqual(Object.keys(CONTRACT_GRAPH).sort());
    expect(STATE_NAMES['reopen requested']).toBe('Verzoek tot heropenen');
    for (const from of STATE_CODES) expect([...TRANSITIONS[from]].sort(), from).toEqual(allowed(from).sort());
  });
});

describe.each(DATABASE_TARGETS)('PATCH a report (%s)', (target) => {
  const t = useTestApp(target);
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const app = t().app;
    for (const account of ['coordinator', 'lezer', 'behandelaar', 'admin'] as const) tokens[account] = await mintToken(app, ACCOUNTS[account].email);
    // A staff member who may write but change nothing in particular.
    tokens.schrijver = await staffWithPermissions(app, 'Schrijver', 'schrijver@meldloket.local', ['sia_read', 'sia_write', 'sia_can_view_all_categories']);
  });

  const report = async (overrides: Record<string, unknown> = {}) => {
    const res = await postReport(t().app, validReport(overrides));
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const setState = (id: number, state: string) => t().app.db.updateTable('signal').set({ state }).where('id', '=', id).execute();
  const patch = async (id: number, body: unknown, account = 'coordinator') => {
    const res = await t().app.inject({ method: 'PATCH', url: `${P}/${id}`, headers: bearer(tokens[account]!), payload: body as object });
    return { status: res.statusCode, body: res.json() as any };
  };
  const row = (id: number) => t().app.db.selectFrom('signal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const history = async (id: number) => (await t().app.inject({ method: 'GET', url: `${P}/${id}/history`, headers: bearer(tokens.coordinator!) })).json() as any[];

  it('allows every edge of the graph and refuses every other pair with the model’s top-level message', async () => {
    const id = await report();
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const from of STATE_CODES) {
      for (const to of STATE_CODES) {
        await setState(id, from);
        const { status, body } = await patch(id, { status: statusFor(to) });
        const ok = allowed(from).includes(to);
        expected.push(`${from} → ${to}: ${ok ? 200 : 400}${ok ? '' : ` Invalid state transition from \`${STATE_NAMES[from]}\` to \`${STATE_NAMES[to]}\`.`}`);
        outcomes.push(`${from} → ${to}: ${status}${status === 200 ? '' : ` ${body.state?.[0] ?? JSON.stringify(body)}`}`);
        if (status === 200) expect(body.status).toMatchObject({ state: to, state_display: STATE_NAMES[to], text: 'Tekst bij de status' });
        else expect(Object.keys(body)).toEqual(['state']);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('needs a text for Afgehandeld and Heropend (top-level, with the transition error beside it)', async () => {
    const id = await report();
    expect(await patch(id, { status: { state: 'o' } })).toEqual({ status: 400, body: { text: ['This field is required when changing `state` to `Afgehandeld`.'] } });
    expect(await patch(id, { status: { state: 'o', text: '   ' } })).toEqual({ status: 400, body: { text: ['This field is required when changing `state` to `Afgehandeld`.'] } });
    expect(await patch(id, { status: { state: 'reopened', text: '' } })).toEqual({
      status: 400,
      body: { state: ['Invalid state transition from `Gemeld` to `Heropend`.'], text: ['This field is required when changing `state` to `Heropend`.'] },
    });
    await setState(id, 'o');
    expect(await patch(id, { status: { state: 'reopened' } })).toEqual({ status: 400, body: { text: ['This field is required when changing `state` to `Heropend`.'] } });
    expect((await patch(id, { status: { state: 'reopened', text: 'Toch niet opgelost' } })).status).toBe(200);
  });

  it('needs target_api for Extern: te verzenden and refuses it elsewhere', async () => {
    const id = await report();
    expect(await patch(id, { status: { state: 'ready to send', text: 'x' } })).toEqual({ status: 400, body: { target_api: ['This field is required when changing `state` to `Extern: te verzenden`.'] } });
    expect(await patch(id, { status: { state: 'b', target_api: 'gisib' } })).toEqual({ status: 400, body: { target_api: ['This field can only be set when changing `state` to `Extern: te verzenden`.'] } });
    expect(await patch(id, { status: { state: 'ready to send', target_api: 'nope' } })).toEqual({ status: 400, body: { status: { target_api: ['"nope" is een ongeldige keuze.'] } } });
    const done = await patch(id, { status: { state: 'ready to send', target_api: 'straatnotes' } });
    expect(done.status).toBe(200);
    expect(done.body.status).toMatchObject({ state: 'ready to send', target_api: 'straatnotes', user: ACCOUNTS.coordinator.email });
  });

  it('refuses Sigmax without push_to_sigmax with 403 {"state": …}; a superuser may', async () => {
    const id = await report();
    const body = { status: { state: 'ready to send', target_api: 'sigmax' } };
    expect(await patch(id, body, 'behandelaar')).toEqual({ status: 403, body: { state: "You don't have permissions to push to Sigmax/CityControl." } });
    expect((await row(id)).state).toBe('m');
    expect((await patch(id, body, 'admin')).status).toBe(200);
  });

  it('reaction requested: a reporter e-mail (literal braces) and at most 1000 characters, nested under status', async () => {
    const silent = await report({ reporter: { email: null, phone: '0612345678' } });
    expect(await patch(silent, { status: { state: 'reaction requested', text: 'Waar precies?' } })).toEqual({
      status: 400,
      body: { status: { state: ['No email address known for signal with ID={{ signal.id }}.'] } },
    });
    const id = await report();
    expect(await patch(id, { status: { state: 'reaction requested', text: 'x'.repeat(1001) } })).toEqual({
      status: 400,
      body: { status: { text: ['Zorg ervoor dat dit veld niet meer dan 1000 karakters bevat.'] } },
    });
    expect((await patch(id, { status: { state: 'reaction requested', text: 'x'.repeat(1000) } })).status).toBe(200);
  });

  it('forward to external: email_override, send_email and text together, nested under status', async () => {
    const id = await report();
    const message = { status: { text: ['email_override, send_email, and text must all be set for DOORGEZET_NAAR_EXTERN flow'] } };
    const full = { state: 'forward to external', text: 'Graag ophalen', send_email: true, email_override: 'aannemer@example.com' };
    for (const missing of ['text', 'send_email', 'email_override'] as const) {
      const { [missing]: _, ...rest } = full;
      expect(await patch(id, { status: rest }), missing).toEqual({ status: 400, body: message });
    }
    expect(await patch(id, { status: { ...full, send_email: false } })).toEqual({ status: 400, body: message });
    expect((await patch(id, { status: full })).status).toBe(200);
  });

  it('checks the status block’s fields (nested) and the body’s type', async () => {
    const id = await report();
    expect(await patch(id, { status: { text: 'zonder status' } })).toEqual({ status: 400, body: { status: { state: ['Dit veld is vereist.'] } } });
    expect(await patch(id, { status: { state: 'x' } })).toEqual({ status: 400, body: { status: { state: ['"x" is een ongeldige keuze.'] } } });
    expect(await patch(id, { status: { state: 'b', send_email: 'ja' } })).toEqual({ status: 400, body: { status: { send_email: ['Moet een geldige boolean zijn.'] } } });
    expect(await patch(id, { status: 'b' })).toEqual({ status: 400, body: { status: { non_field_errors: ['Ongeldige gegevens. Verwachtte een dictionary, maar kreeg een str.'] } } });
    expect(await patch(id, [])).toEqual({ status: 400, body: { non_field_errors: ['Ongeldige gegevens. Verwachtte een dictionary, maar kreeg een list.'] } });
  });

  it('writes the status change into the history and the detail', async () => {
    const id = await report();
    const { body } = await patch(id, { status: { state: 'b', text: 'We gaan ermee aan de slag', send_email: false } });
    expect(body.status).toMatchObject({ state: 'b', state_display: 'In behandeling', text: 'We gaan ermee aan de slag', user: ACCOUNTS.coordinator.email, send_email: false });
    const [latest] = await history(id);
    expect(latest).toMatchObject({ what: 'UPDATE_STATUS', action: 'Status gewijzigd naar: In behandeling', description: 'We gaan ermee aan de slag', who: ACCOUNTS.coordinator.email });
    expect(latest.identifier).toMatch(/^UPDATE_STATUS_\d+$/);
  });

  it('notes: the first item, not empty, at most 3000 characters, in the detail and the history', async () => {
    const id = await report();
    expect(await patch(id, { notes: [{ text: '  ' }] })).toEqual({ status: 400, body: { notes: [{ text: ['De notitie mag niet leeg zijn'] }] } });
    expect(await patch(id, { notes: [{ text: 'x'.repeat(3001) }] })).toEqual({ status: 400, body: { notes: [{ text: ['Je hebt meer dan de maximale 3000 tekens ingevoerd.'] }] } });
    expect(await patch(id, { notes: [{}] })).toEqual({ status: 400, body: { notes: [{ text: ['Dit veld is vereist.'] }] } });
    expect(await patch(id, { notes: 'los' })).toEqual({ status: 400, body: { notes: ['Verwachtte een lijst met items, maar kreeg type "str".'] } });
    const { status, body } = await patch(id, { notes: [{ text: 'Doorgezet naar team Noord' }, { text: 'genegeerd' }] });
    expect(status).toBe(200);
    expect(body.notes).toEqual([{ text: 'Doorgezet naar team Noord', created_by: ACCOUNTS.coordinator.email, created_at: expect.any(String) }]);
    expect((await history(id))[0]).toMatchObject({ what: 'CREATE_NOTE', description: 'Doorgezet naar team Noord', who: ACCOUNTS.coordinator.email });
    expect((await patch(id, { notes: [{ text: 'x'.repeat(3000) }] })).status).toBe(200);
  });

  it('applies the blocks atomically: one failing block changes nothing', async () => {
    const id = await report();
    const before = await row(id);
    const historyBefore = await history(id);
    // The status is refused by the model's clean step, after the other blocks were applied in the transaction.
    const refused = await patch(id, {
      priority: { priority: 'high' },
      notes: [{ text: 'Mag niet blijven staan' }],
      type: { code: 'COM' },
      location: { geometrie: { type: 'Point', coordinates: [4.9, 52.37] } },
      assigned_user_email: ACCOUNTS.behandelaar.email,
      status: { state: 'o' },
    });
    expect(refused).toEqual({ status: 400, body: { text: ['This field is required when changing `state` to `Afgehandeld`.'] } });
    // A field error in one block stops the others too.
    expect((await patch(id, { priority: { priority: 'high' }, notes: [{ text: '' }] })).status).toBe(400);
    const after = await row(id);
    expect(after).toEqual(before);
    expect(await history(id)).toEqual(historyBefore);
    expect(await t().app.db.selectFrom('signal_note').select('id').where('signal_id', '=', id).execute()).toEqual([]);
    expect(await t().app.db.selectFrom('outbox').select('id').where('to', '=', 'aannemer@example.com').where('text', 'like', `%SIG-${id} %`).execute()).toEqual([]);
  });

  it('priority, type, location: each changes the report and writes its history entry', async () => {
    const id = await report();
    const { status, body } = await patch(id, {
      priority: { priority: 'high' },
      type: { code: 'REQ' },
      location: {
        geometrie: { type: 'Point', coordinates: [4.9, 52.37] },
        address: { openbare_ruimte: 'Damrak', huisnummer: 5, postcode: '1012LG', woonplaats: 'Amsterdam' },
        stadsdeel: 'A',
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      priority: { priority: 'high', created_by: ACCOUNTS.coordinator.email },
      type: { code: 'REQ', created_by: ACCOUNTS.coordinator.email },
      location: { geometrie: { type: 'Point', coordinates: [4.9, 52.37] }, stadsdeel: 'A', created_by: ACCOUNTS.coordinator.email },
    });
    expect(body.location.address_text).toContain('Damrak 5');
    const entries = (await history(id)).map((e) => `${e.what}: ${e.action}`);
    expect(entries).toEqual(expect.arrayContaining(['UPDATE_PRIORITY: Urgentie gewijzigd naar: Hoog', 'UPDATE_TYPE_ASSIGNMENT: Type gewijzigd naar: Aanvraag', expect.stringMatching(/^UPDATE_LOCATION: Locatie gewijzigd naar: Damrak 5/)]));
    expect(await patch(id, { priority: { priority: 'urgent' } })).toEqual({ status: 400, body: { priority: { priority: ['"urgent" is een ongeldige keuze.'] } } });
    expect(await patch(id, { type: { code: 'XYZ' } })).toEqual({ status: 400, body: { type: { code: ['"XYZ" is een ongeldige keuze.'] } } });
    expect(await patch(id, { location: { geometrie: { type: 'Point', coordinates: [0, 0] } } })).toEqual({
      status: 400,
      body: { location: { geometrie: ['The location coordinates (WS84) are not inside the bounding box we are accepting signals for.'] } },
    });
    expect(await patch(id, { location: {} })).toEqual({ status: 400, body: { location: { geometrie: ['Dit veld is vereist.'] } } });
  });

  it('assignment, routing and directing departments', async () => {
    const id = await report();
    const db = t().app.db;
    const dept = async (code: string) => (await db.selectFrom('department').select(['id', 'name']).where('code', '=', code).executeTakeFirstOrThrow());
    const [asc, aeg] = [await dept('ASC'), await dept('AEG')];
    const { body } = await patch(id, { assigned_user_email: ACCOUNTS.behandelaar.email, routing_departments: [{ id: asc.id }, { id: aeg.id }] });
    expect(body.assigned_user_email).toBe(ACCOUNTS.behandelaar.email);
    expect(body.routing_departments.map((d: any) => d.code)).toEqual(['AEG', 'ASC']);
    expect((await history(id)).slice(0, 2).map((e) => e.action)).toEqual(['Melding toegewezen aan: behandelaar@meldloket.local', `Routering: afdeling/afdelingen gewijzigd naar: ${aeg.name}, ${asc.name}`]);
    expect(await patch(id, { assigned_user_email: 'niemand@example.com' })).toEqual({ status: 400, body: { assigned_user_email: ['Object met email=niemand@example.com bestaat niet.'] } });
    // only a colleague who may open and handle the report: not a read-only account of another department
    expect(await patch(id, { assigned_user_email: ACCOUNTS.lezer.email })).toEqual({
      status: 400,
      body: { assigned_user_email: [`${ACCOUNTS.lezer.email} kan deze melding niet openen of behandelen. Kies een medewerker van de afdeling van de melding.`] },
    });
    expect((await t().app.inject({ method: 'GET', url: `/signals/v1/private/signals/${id}`, headers: bearer(await mintToken(t().app, ACCOUNTS.behandelaar.email)) })).json().assigned_user_email).toBe(ACCOUNTS.behandelaar.email);
    // the choice the report page offers: active colleagues of the report's departments who may handle it
    const assignable = await t().app.inject({ method: 'GET', url: `/signals/v1/private/signals/${id}/assignable-users/`, headers: bearer(await mintToken(t().app, ACCOUNTS.behandelaar.email)) });
    expect(assignable.statusCode).toBe(200);
    const usernames = assignable.json().results.map((u: any) => u.username);
    expect(usernames).toContain(ACCOUNTS.behandelaar.email);
    expect(usernames).not.toContain(ACCOUNTS.lezer.email); // read-only, another department
    expect(usernames).not.toContain('inactief@meldloket.local'); // switched off
    expect(usernames).not.toContain('beheerder@meldloket.local'); // no department
    for (const username of usernames) expect((await patch(id, { assigned_user_email: username })).status).toBe(200);
    expect((await t().app.inject({ method: 'GET', url: `/signals/v1/private/signals/${id}/assignable-users/`, headers: bearer(await mintToken(t().app, ACCOUNTS.lezer.email)) })).statusCode).toBe(403);
    expect(await patch(id, { routing_departments: [{ id: asc.id }, { id: 999999 }] })).toEqual({ status: 400, body: { routing_departments: [{}, { id: ['Ongeldige pk "999999" - object bestaat niet.'] }] } });
    expect((await patch(id, { assigned_user_email: null, routing_departments: null })).body).toMatchObject({ assigned_user_email: null, routing_departments: [] });
    // Directing departments: parents only.
    expect(await patch(id, { directing_departments: [{ id: asc.id }] })).toEqual({ status: 400, body: { directing_departments: ['Directing departments can only be set on a parent Signal'] } });
    const child = await report();
    await db.updateTable('signal').set({ parent_id: id }).where('id', '=', child).execute();
    const parent = await patch(id, { directing_departments: [{ id: asc.id }] });
    expect(parent.body.directing_departments).toEqual([{ id: asc.id, code: 'ASC', name: asc.name, is_intern: expect.any(Boolean) }]);
    expect(parent.body._links['sia:children']).toEqual([{ href: `http://localhost:8080${P}/${child}` }]);
    expect((await history(id))[0]).toMatchObject({ what: 'UPDATE_DIRECTING_DEPARTMENTS_ASSIGNMENT', action: `Regie gewijzigd naar: ${asc.name}` });
    const childBody = (await t().app.inject({ method: 'GET', url: `${P}/${child}`, headers: bearer(tokens.coordinator!) })).json();
    expect(childBody._links['sia:parent']).toEqual({ href: `http://localhost:8080${P}/${id}` });
  });

  it('a category change clears the assigned user and keeps a person\'s routing (docs/routing.md: routing by hand is kept); the same category is a no-op', async () => {
    const id = await report();
    const asc = await t().app.db.selectFrom('department').select('id').where('code', '=', 'ASC').executeTakeFirstOrThrow();
    await patch(id, { assigned_user_email: ACCOUNTS.behandelaar.email, routing_departments: [{ id: asc.id }] });
    const before = await history(id);
    const same = await patch(id, { category: { sub_category: '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil' } });
    expect(same.body).toMatchObject({ assigned_user_email: ACCOUNTS.behandelaar.email, routing_departments: [{ code: 'ASC' }], category: { sub_slug: 'grofvuil' } });
    expect(await history(id)).toEqual(before);
    const { status, body } = await patch(id, { category: { sub_category: 'http://localhost:8080/signals/v1/public/terms/categories/afval/sub_categories/huisafval', text: 'Hoort bij huisafval' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ category: { sub_slug: 'huisafval', text: 'Hoort bij huisafval', created_by: ACCOUNTS.coordinator.email }, assigned_user_email: null, routing_departments: [{ code: 'ASC' }] });
    const actions = (await history(id)).slice(0, 2).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['Categorie gewijzigd naar: Huisafval', 'Melding toegewezen aan: Niet toegewezen']));
    expect(await patch(id, { category: { sub_category: '/signals/v1/public/terms/categories/afval/sub_categories/bestaat-niet' } })).toEqual({
      status: 400,
      body: { category: { sub_category: ['Ongeldige hyperlink - Object bestaat niet.'] } },
    });
    expect(await patch(id, { category: {} })).toEqual({ status: 400, body: { category: ['Either the "sub_category" OR the "category_url" must be given'] } });
  });

  it('each block needs its permission (403 before anything is checked); the report’s departments decide (403)', async () => {
    const id = await report();
    for (const body of [{ status: { state: 'b' } }, { notes: [{ text: 'x' }] }, { category: { sub_category: 'x' } }]) {
      expect(await patch(id, body, 'schrijver')).toEqual({ status: 403, body: { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' } });
    }
    expect((await patch(id, { priority: { priority: 'low' } }, 'schrijver')).status).toBe(200);
    expect((await patch(id, { priority: { priority: 'high' } }, 'lezer')).status).toBe(403); // no sia_write
    // behandelaar works for ASC and AEG; bruggen belongs to CIV
    const bridge = await report({ category: { sub_category: '/signals/v1/public/terms/categories/civiele-constructies/sub_categories/bruggen' } });
    expect(await patch(bridge, { priority: { priority: 'high' } }, 'behandelaar')).toEqual({ status: 403, body: { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' } });
    expect((await row(bridge)).priority).toBe('normal');
    expect((await t().app.inject({ method: 'PATCH', url: `${P}/${id}`, payload: {} })).statusCode).toBe(401);
    expect((await patch(999999, { priority: { priority: 'high' } })).status).toBe(404);
  });

  it('serialises parallel status changes of one report (the second sees the first’s state)', async () => {
    const id = await report();
    const results = await Promise.all([patch(id, { status: { state: 'o', text: 'Klaar' } }), patch(id, { status: { state: 'o', text: 'Ook klaar' } })]);
    // m → o is allowed once; o → o is not.
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body).toEqual({ state: ['Invalid state transition from `Afgehandeld` to `Afgehandeld`.'] });
  });
});
