/**
 * 'Mijn meldingen' (my signals): a link by e-mail, its expiry, and the privacy rules —
 * a link shows the reports of the address it was mailed to and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { postReport, validReport } from './support.ts';
import { LINKS_PER_HOUR, TOKEN_SECONDS } from '../src/my-signals/index.ts';

const BASE = '/signals/v1/my/signals';

describe.each(DATABASE_TARGETS)('my signals on %s', (target) => {
  let offset = 0;
  const t = useTestApp(target, { now: () => new Date(Date.now() + offset) });

  const report = async (email: string, text = 'Er ligt grofvuil naast de container') => {
    const res = await postReport(t().app, validReport({ text, reporter: { email, phone: null, sharing_allowed: false } }));
    expect(res.status).toBe(201);
    return res.body.signal_id as string;
  };
  const requestLink = async (email: string) => {
    const before = (await t().app.outbox.list(100)).length;
    const res = await t().app.inject({ method: 'POST', url: `${BASE}/request-auth-token`, payload: { email } });
    const mails = await t().app.outbox.list(100);
    return { status: res.statusCode, body: res.body, mail: mails.length > before ? mails[0] : undefined };
  };
  const keyOf = (mail: { text: string } | undefined) => {
    const match = mail?.text.match(/http:\/\/localhost:8080\/mijn-meldingen\/([A-Za-z0-9_-]+)/);
    if (!match) throw new Error(`no link in mail: ${mail?.text}`);
    return match[1];
  };
  const get = async (url: string, key?: string) => {
    const res = await t().app.inject({ method: 'GET', url, headers: key ? { authorization: `Token ${key}` } : {} });
    return { status: res.statusCode, body: res.json() as any, headers: res.headers };
  };

  let annaKey = '';
  let annaReport = '';
  let bobReport = '';

  it('mails no link to an address without reports, but answers the same', async () => {
    annaReport = await report('anna@example.com', 'Kapotte lantaarn bij de brug');
    bobReport = await report('Bob@Example.com', 'Vuilniszakken op de stoep bij nummer 12');
    const unknown = await requestLink('niemand@example.com');
    expect(unknown.status).toBe(200);
    expect(unknown.mail).toBeUndefined();
    const known = await requestLink('anna@example.com');
    expect(known.status).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.mail).toMatchObject({ to: 'anna@example.com', subject: 'Uw link naar Mijn meldingen' });
    expect(known.mail!.text).toContain('2 uur');
    annaKey = keyOf(known.mail);
  });

  it('refuses a malformed e-mail address with a Dutch field error', async () => {
    const res = await t().app.inject({ method: 'POST', url: `${BASE}/request-auth-token`, payload: { email: 'geen-adres' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Voer een geldig e-mailadres in.'] });
    const missing = await t().app.inject({ method: 'POST', url: `${BASE}/request-auth-token`, payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('shows the holder of a link their own reports only, with status and category', async () => {
    expect((await get(`${BASE}/me`, annaKey)).body).toEqual({ email: 'anna@example.com' });
    const list = await get(`${BASE}/`, annaKey);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({
      uuid: annaReport,
      text: 'Kapotte lantaarn bij de brug',
      status: { state: 'OPEN', state_display: 'Open' },
      category: { name: 'Grofvuil', parent: { name: 'Afval' } },
    });
    expect(JSON.stringify(list.body)).not.toContain('Vuilniszakken');
    const detail = await get(`${BASE}/${annaReport}`, annaKey);
    expect(detail.status).toBe(200);
    expect(detail.body.handling_message).toEqual(expect.any(String));
    expect(detail.body.location.address_text).toContain('Dam 1');
    expect(detail.body).not.toHaveProperty('reporter');
  });

  it("never shows another person's report, however it is asked for", async () => {
    const other = await get(`${BASE}/${bobReport}`, annaKey);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: 'No Signal matches the given query.' });
    expect((await get(`${BASE}/${bobReport}/history`, annaKey)).status).toBe(404);
    // Bob's link (his address in other capitals) shows Bob's report and not Anna's.
    const bobKey = keyOf((await requestLink('bob@example.com')).mail);
    const bobList = await get(`${BASE}/`, bobKey);
    expect(bobList.body.results.map((r: { uuid: string }) => r.uuid)).toEqual([bobReport]);
    expect((await get(`${BASE}/${annaReport}`, bobKey)).status).toBe(404);
  });

  it('answers 401 without a working link', async () => {
    const none = await get(`${BASE}/`);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Token');
    expect((await get(`${BASE}/`, 'verzonnen-sleutel')).body).toEqual({ detail: 'Invalid token.' });
    const bearer = await t().app.inject({ method: 'GET', url: `${BASE}/me`, headers: { authorization: `Bearer ${annaKey}` } });
    expect(bearer.statusCode).toBe(401);
    expect((await get(`${BASE}/not-a-uuid`, annaKey)).status).toBe(404);
  });

  it('shows the public history: status changes for the reporter, internal steps left out', async () => {
    const db = t().app.db;
    const set = (state: string, state_text: string | null) => db.updateTable('signal').set({ state, state_text, updated_at: new Date() }).where('uuid', '=', annaReport).execute();
    await set('b', 'We gaan ermee aan de slag.');
    await set('ingepland', 'Interne planning: ploeg 3');
    await set('o', 'De lamp is vervangen.');
    const history = await get(`${BASE}/${annaReport}/history`, annaKey);
    expect(history.status).toBe(200);
    expect(history.body.map((h: { action: string }) => h.action)).toEqual(['Status gewijzigd naar: Afgesloten', 'Status gewijzigd naar: Open', 'Status gewijzigd naar: Open']);
    expect(history.body[0]).toMatchObject({ what: 'UPDATE_STATUS', description: 'De lamp is vervangen.', _signal: annaReport });
    expect(JSON.stringify(history.body)).not.toContain('ploeg 3');
    expect((await get(`${BASE}/${annaReport}`, annaKey)).body.status).toEqual({ state: 'CLOSED', state_display: 'Gesloten' });
  });

  it('leaves out reports older than twelve months', async () => {
    const old = await report('anna@example.com', 'Oude melding');
    const longAgo = new Date();
    longAgo.setMonth(longAgo.getMonth() - 13);
    await t().app.db.updateTable('signal').set({ created_at: longAgo }).where('uuid', '=', old).execute();
    const list = await get(`${BASE}/`, annaKey);
    expect(list.body.results.map((r: { uuid: string }) => r.uuid)).toEqual([annaReport]);
    expect((await get(`${BASE}/${old}`, annaKey)).status).toBe(404);
  });

  it('lets a link expire after two hours, and a newer link replaces an older one', async () => {
    const first = annaKey;
    const second = keyOf((await requestLink('anna@example.com')).mail);
    expect((await get(`${BASE}/me`, first)).status).toBe(401);
    expect((await get(`${BASE}/me`, second)).status).toBe(200);
    offset = (TOKEN_SECONDS - 5) * 1000;
    expect((await get(`${BASE}/me`, second)).status).toBe(200);
    offset = (TOKEN_SECONDS + 1) * 1000;
    const expired = await get(`${BASE}/`, second);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ detail: 'Invalid token.' });
    offset = 0;
  });

  it(`mails at most ${LINKS_PER_HOUR} links an hour to one address`, async () => {
    await report('carla@example.com');
    const mailed: boolean[] = [];
    for (let i = 0; i < LINKS_PER_HOUR + 2; i++) {
      const res = await requestLink('carla@example.com');
      expect(res.status).toBe(200);
      mailed.push(res.mail !== undefined);
    }
    expect(mailed.filter(Boolean)).toHaveLength(LINKS_PER_HOUR);
    expect(mailed.slice(LINKS_PER_HOUR)).toEqual([false, false]);
  });
});
