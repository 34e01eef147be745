/**
 * POST /signals/v1/private/signals/{id}/status-mail-preview (docs/back-office-incident.md): the mail a status
 * change would send, before it is saved — exactly the mail the PATCH then puts in the
 * outbox (one decision, one set of templates), or why none goes; the rights of the status
 * change itself (401/403 in the API's shape), the PATCH's error shapes, nothing written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken, staffWithPermissions } from './private-support.ts';
import { postReport, validReport } from './support.ts';

const P = '/signals/v1/private/signals';

describe.each(DATABASE_TARGETS)('the status mail preview (%s)', (target) => {
  const t = useTestApp(target);
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const app = t().app;
    for (const account of ['coordinator', 'lezer', 'behandelaar'] as const) tokens[account] = await mintToken(app, ACCOUNTS[account].email);
    // may write, may not change a status
    tokens.schrijver = await staffWithPermissions(app, 'Schrijver', 'schrijver@meldloket.local', ['sia_read', 'sia_write', 'sia_can_view_all_categories']);
  });

  const report = async (overrides: Record<string, unknown> = {}) => {
    const res = await postReport(t().app, validReport(overrides));
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const preview = async (id: number, body: unknown, account = 'coordinator') => {
    const res = await t().app.inject({ method: 'POST', url: `${P}/${id}/status-mail-preview`, headers: bearer(tokens[account]!), payload: body as object });
    return { status: res.statusCode, body: res.json() as any };
  };
  const patch = async (id: number, body: unknown) => {
    const res = await t().app.inject({ method: 'PATCH', url: `${P}/${id}`, headers: bearer(tokens.coordinator!), payload: body as object });
    return res.statusCode;
  };
  const outbox = (to: string) => t().app.db.selectFrom('outbox').select(['to', 'subject', 'text']).where('to', '=', to).orderBy('id').execute();
  const counts = async (id: number) => ({
    outbox: Number((await t().app.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    history: Number((await t().app.db.selectFrom('signal_history').select((eb) => eb.fn.countAll<string>().as('n')).where('signal_id', '=', id).executeTakeFirstOrThrow()).n),
    state: (await t().app.db.selectFrom('signal').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state,
  });

  it('shows exactly the mail the change then sends, and writes nothing', async () => {
    const email = 'voorbeeld@example.com';
    const id = await report({ reporter: { email, phone: null, sharing_allowed: false } });
    const status = { state: 'ingepland', text: 'Volgende week komt een ploeg langs.', send_email: true };
    const before = await counts(id);
    const shown = await preview(id, { status });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ send: true, to: email, subject: `Nieuws over uw melding SIG-${id}`, has_links: false, followers: 0 });
    expect(shown.body.text).toContain('Volgende week komt een ploeg langs.');
    expect(await counts(id)).toEqual(before);

    const earlier = (await outbox(email)).length; // the confirmation of receipt
    expect(await patch(id, { status })).toBe(200);
    expect((await outbox(email)).slice(earlier)).toEqual([{ to: email, subject: shown.body.subject, text: shown.body.text }]);
  });

  it('names the links a mail gets when it is sent (the survey of Afgehandeld)', async () => {
    const id = await report({ reporter: { email: 'afgehandeld@example.com', phone: null, sharing_allowed: false } });
    expect(await outbox('afgehandeld@example.com')).toHaveLength(1);
    const shown = await preview(id, { status: { state: 'o', text: 'De kast is opgehaald.', send_email: true } });
    expect(shown.body).toMatchObject({ send: true, subject: `Uw melding SIG-${id} is afgehandeld`, has_links: true });
    expect(shown.body.text).toContain('[persoonlijke link, gemaakt bij het versturen]');
    expect((await counts(id)).state).toBe('m');
    expect(await outbox('afgehandeld@example.com')).toHaveLength(1); // the confirmation of receipt only
  });

  it('says why no mail goes: no address, a status that mails nothing, a child report', async () => {
    const silent = await report({ reporter: { email: null, phone: '0612345678', sharing_allowed: false } });
    expect((await preview(silent, { status: { state: 'o', text: 'Klaar', send_email: true } })).body).toEqual({ send: false, reason: 'no_email', followers: 0 });
    const id = await report();
    expect((await preview(id, { status: { state: 'b', text: 'Mee bezig', send_email: false } })).body).toEqual({ send: false, reason: 'not_sent', followers: 0 });
    const child = await report();
    await t().app.db.updateTable('signal').set({ parent_id: id }).where('id', '=', child).execute();
    expect((await preview(child, { status: { state: 'o', text: 'Klaar', send_email: true } })).body).toEqual({ send: false, reason: 'child', followers: 0 });
  });

  it('counts the followers who get their own mail of the change, as many as the change then mails', async () => {
    const id = await report({ reporter: { email: null, phone: '0612345678', sharing_allowed: false } });
    const db = t().app.db;
    for (const [n, email] of ['buur1@example.com', 'buur2@example.com'].entries()) {
      await db.insertInto('signal_follower').values({ signal_id: id, origin_signal_id: id, kind: 'follower', email, email_lower: email, verified: true, unsubscribe_token: `preview-${id}-${n}`, created_at: new Date() }).execute();
    }
    const status = { state: 'ingepland', text: 'Volgende week.', send_email: true };
    expect((await preview(id, { status })).body).toEqual({ send: false, reason: 'no_email', followers: 2 });
    expect((await preview(id, { status: { ...status, send_email: false } })).body).toEqual({ send: false, reason: 'no_email', followers: 0 });
    const before = Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await patch(id, { status })).toBe(200);
    const after = Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect(after - before).toBe(2);
  });

  it('masks the reporter’s address for a staff member who may not see contact details', async () => {
    const id = await report();
    // the coordinator may see contact details; a role without them gets the detail's mask
    const db = t().app.db;
    const role = await db.selectFrom('role').select('id').where('name', '=', 'Coördinator').executeTakeFirstOrThrow();
    const perm = await db.selectFrom('permission').select('id').where('codename', '=', 'sia_can_view_contact_details').executeTakeFirstOrThrow();
    await db.deleteFrom('role_permission').where('role_id', '=', role.id).where('permission_id', '=', perm.id).execute();
    try {
      const token = await mintToken(t().app, ACCOUNTS.coordinator.email);
      const res = await t().app.inject({ method: 'POST', url: `${P}/${id}/status-mail-preview`, headers: bearer(token), payload: { status: { state: 'reopened', text: 'Toch niet klaar' } } });
      expect(res.statusCode).toBe(400); // m → reopened is not in the graph: the PATCH's own answer
      const ok = await t().app.inject({ method: 'POST', url: `${P}/${id}/status-mail-preview`, headers: bearer(token), payload: { status: { state: 'b', text: 'Mee bezig', send_email: true } } });
      expect(ok.json()).toMatchObject({ send: true, to: '*****' });
    } finally {
      await db.insertInto('role_permission').values({ role_id: role.id, permission_id: perm.id }).execute();
    }
  });

  it('refuses as the status change does: 401 without a token, 403 without the right or outside the departments, 400 in the PATCH’s shapes, 404 unknown', async () => {
    const id = await report();
    const body = { status: { state: 'b', text: 'x', send_email: true } };
    expect((await t().app.inject({ method: 'POST', url: `${P}/${id}/status-mail-preview`, payload: body })).statusCode).toBe(401);
    expect(await preview(id, body, 'lezer')).toEqual({ status: 403, body: { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' } });
    expect(await preview(id, body, 'schrijver')).toEqual({ status: 403, body: { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' } });
    const bridge = await report({ category: { sub_category: '/signals/v1/public/terms/categories/civiele-constructies/sub_categories/bruggen' } });
    expect((await preview(bridge, body, 'behandelaar')).status).toBe(403);
    expect(await preview(id, { status: { state: 'x' } })).toEqual({ status: 400, body: { status: { state: ['"x" is een ongeldige keuze.'] } } });
    expect(await preview(id, { status: { state: 'o' } })).toEqual({ status: 400, body: { text: ['This field is required when changing `state` to `Afgehandeld`.'] } });
    expect((await preview(id, {})).status).toBe(400);
    expect((await preview(id, [])).status).toBe(400);
    expect((await preview(999999, body)).status).toBe(404);
  });
});
