/**
 * One problem, many reporters (docs/duplicates.md): merging duplicates, following a report, its
 * status mails to every reporter and follower (one per address, each to one address),
 * undo, the one-click unfollow, permissions — and the races: two handlers merging the
 * same pair, a follow confirmed while the report closes. On PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { postReport, validReport } from './support.ts';

const P = '/signals/v1/private';
const F = '/signals/v1/public/followers';

describe.each(DATABASE_TARGETS)('duplicates and followers (%s)', (target) => {
  const t = useTestApp(target);
  const app = () => t().app;
  const call = async (account: keyof typeof ACCOUNTS | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
    const headers = account ? bearer(await mintToken(app(), ACCOUNTS[account].email)) : {};
    const res = await app().inject({ method, url, headers, payload: payload as object });
    return { status: res.statusCode, body: res.json() as any };
  };
  const report = async (email: string | null) => {
    const res = await postReport(app(), validReport({ reporter: email ? { email, sharing_allowed: false } : {} }));
    expect(res.status).toBe(201);
    return (await app().db.selectFrom('signal').select('id').where('uuid', '=', res.body.signal_id).executeTakeFirstOrThrow()).id;
  };
  const mails = async () => (await app().outbox.list(1000)).map((m) => ({ to: m.to, subject: m.subject, text: m.text }));
  const mailsTo = async (to: string) => (await mails()).filter((m) => m.to === to);
  const link = (text: string, path: string) => new RegExp(`${path}/([\\w-]+)`).exec(text)?.[1];
  const close = (id: number, text = 'De lamp is vervangen.') => call('coordinator', 'PATCH', `${P}/signals/${id}`, { status: { state: 'o', text } });
  /** A verified follower of report `id`, by the links of the mails. */
  const follow = async (id: number, email: string) => {
    const asked = await app().inject({ method: 'POST', url: `${F}/`, payload: { signal: id, email } });
    expect(asked.statusCode).toBe(201);
    const verify = (await mailsTo(email)).reverse().find((m) => m.subject.startsWith('Bevestig'))!;
    return link(verify.text, '/volgen/bevestig')!;
  };
  const confirm = (token: string) => app().inject({ method: 'POST', url: `${F}/verify`, payload: { token } });

  it('merge: the duplicates close with a text their reporters understand, their reporters follow the main report, its closing mails each of them once', async () => {
    const main = await report('eerste@example.com');
    const dup = await report('derde@example.com');
    const same = await report('eerste@example.com'); // the main report's own reporter again: no second mail
    const anonymous = await report(null);
    expect((await confirm(await follow(main, 'tweede@example.com'))).statusCode).toBe(200);

    const merged = await call('coordinator', 'POST', `${P}/signals/${main}/merge`, { duplicates: [dup, same, anonymous] });
    expect(merged).toMatchObject({ status: 200, body: { merged: [dup, same, anonymous] } });
    const dupRow = await app().db.selectFrom('signal').select(['state', 'state_text']).where('id', '=', dup).executeTakeFirstOrThrow();
    expect(dupRow).toEqual({ state: 'o', state_text: `Deze melding is samengevoegd met SIG-${main}. U krijgt voortaan de berichten over die melding.` });
    const told = await mailsTo('derde@example.com');
    expect(told.map((m) => m.subject)).toContain(`Uw melding SIG-${dup} is samengevoegd met SIG-${main}`);
    // the duplicate's history says what happened, the main report's notes name the duplicate
    const history = await call('coordinator', 'GET', `${P}/signals/${dup}/history`);
    expect(history.body.map((h: any) => h.description)).toContain(dupRow.state_text);

    const followers = await call('coordinator', 'GET', `${P}/signals/${main}/followers`);
    expect(followers.body).toMatchObject({ reporters: 5, count: 2, duplicates: [{ id: dup }, { id: same }, { id: anonymous }] });
    expect(followers.body.results.map((f: any) => [f.email, f.kind, f.origin.id])).toEqual([
      ['tweede@example.com', 'follower', main],
      ['derde@example.com', 'reporter', dup],
    ]);
    expect((await call('coordinator', 'GET', `${P}/signals/${dup}/followers`)).body.merged_into).toMatchObject({ id: main, id_display: `SIG-${main}` });

    const before = (await mails()).length;
    expect((await close(main)).status).toBe(200);
    const sent = (await mails()).slice(0, (await mails()).length - before);
    // one mail per address, each to that address only, never naming another
    expect(sent.map((m) => m.to).sort()).toEqual(['derde@example.com', 'eerste@example.com', 'tweede@example.com']);
    for (const m of sent) {
      expect(m.text).toContain(`SIG-${main}`);
      for (const other of ['eerste', 'tweede', 'derde'].map((n) => `${n}@example.com`).filter((a) => a !== m.to)) expect(m.text).not.toContain(other);
    }
    const followerMail = sent.find((m) => m.to === 'tweede@example.com')!;
    expect(followerMail.text).toContain('De lamp is vervangen.');
    expect(link(followerMail.text, '/volgen/stoppen')).toBeTruthy();
  });

  it('undo: the duplicate gets its state back, its reporter stops following, the main report no longer mails them', async () => {
    const main = await report('hoofd@example.com');
    const dup = await report('dubbel@example.com');
    await call('coordinator', 'PATCH', `${P}/signals/${dup}`, { status: { state: 'b', text: null } });
    expect((await call('coordinator', 'POST', `${P}/signals/${main}/merge`, { duplicates: [dup] })).status).toBe(200);
    const undone = await call('coordinator', 'POST', `${P}/signals/${dup}/unmerge`);
    expect(undone).toMatchObject({ status: 200, body: { main, state: 'b' } });
    expect(await app().db.selectFrom('signal').select(['state', 'state_text']).where('id', '=', dup).executeTakeFirstOrThrow()).toEqual({ state: 'b', state_text: null });
    expect((await call('coordinator', 'GET', `${P}/signals/${main}/followers`)).body).toMatchObject({ reporters: 1, count: 0, duplicates: [], results: [] });
    // a second undo has nothing to undo
    expect((await call('coordinator', 'POST', `${P}/signals/${dup}/unmerge`)).status).toBe(400);
    await close(main);
    expect((await mailsTo('dubbel@example.com')).filter((m) => m.subject.includes(`SIG-${main}`) && !m.subject.includes('samengevoegd'))).toEqual([]);
  });

  it('refuses a merge into itself, into a closed report, of a closed report, all or nothing', async () => {
    const main = await report('a@example.com');
    const open = await report('b@example.com');
    const closed = await report('c@example.com');
    await close(closed);
    expect((await call('coordinator', 'POST', `${P}/signals/${main}/merge`, { duplicates: [main] })).body).toEqual({ duplicates: ['Een melding kan niet met zichzelf worden samengevoegd.'] });
    expect((await call('coordinator', 'POST', `${P}/signals/${main}/merge`, { duplicates: [open, closed] })).body).toEqual({ duplicates: [`Melding SIG-${closed} is al afgesloten of samengevoegd.`] });
    expect((await app().db.selectFrom('signal').select('state').where('id', '=', open).executeTakeFirstOrThrow()).state).toBe('m');
    expect((await call('coordinator', 'POST', `${P}/signals/${closed}/merge`, { duplicates: [open] })).status).toBe(400);
    expect((await call('coordinator', 'POST', `${P}/signals/${main}/merge`, { duplicates: [] })).status).toBe(400);
    expect((await call('coordinator', 'POST', `${P}/signals/${main}/merge`, { duplicates: ['x'] })).status).toBe(400);
  });

  it('permissions: 401 without a token, 403 for read-only staff, contact details of followers only with sia_can_view_contact_details', async () => {
    const main = await report('a@example.com');
    const dup = await report('b@example.com');
    expect((await call(null, 'POST', `${P}/signals/${main}/merge`, { duplicates: [dup] })).status).toBe(401);
    expect((await call(null, 'GET', `${P}/signals/${main}/followers`)).status).toBe(401);
    expect((await call('lezer', 'POST', `${P}/signals/${main}/merge`, { duplicates: [dup] })).status).toBe(403);
    expect((await call('lezer', 'POST', `${P}/signals/${dup}/unmerge`)).status).toBe(403);
    expect((await call('coordinator', 'POST', `${P}/signals/${main}/merge`, { duplicates: [dup] })).status).toBe(200);
    // a reader who may see every category, without the contact-details permission
    const db = app().db;
    const user = await db.insertInto('staff_user').values({ username: 'kijker@meldloket.local', email: 'kijker@meldloket.local', password_hash: null }).returning('id').executeTakeFirstOrThrow();
    const perms = await db.selectFrom('permission').select('id').where('codename', 'in', ['sia_read', 'sia_can_view_all_categories']).execute();
    await db.insertInto('user_permission').values(perms.map((p) => ({ user_id: user.id, permission_id: p.id }))).execute();
    const res = await app().inject({ method: 'GET', url: `${P}/signals/${main}/followers`, headers: bearer(await mintToken(app(), 'kijker@meldloket.local')) });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveLength(1);
    expect(res.json().results[0]).not.toHaveProperty('email');
    expect(JSON.stringify(res.json())).not.toContain('b@example.com');
    expect((await call('coordinator', 'GET', `${P}/signals/${main}/followers`)).body.results[0].email).toBe('b@example.com');
  });

  it('following: confirmed by the link once, refused for a closed report, stopped with one click from the mail', async () => {
    const main = await report('melder@example.com');
    expect((await app().inject({ method: 'POST', url: `${F}/`, payload: { signal: main, email: 'geen-adres' } })).json()).toEqual({ email: ['Voer een geldig e-mailadres in.'] });
    expect((await app().inject({ method: 'POST', url: `${F}/`, payload: { signal: 999999, email: 'x@example.com' } })).statusCode).toBe(404);
    const token = await follow(main, 'Volger@Example.com');
    // not confirmed yet: closing does not mail it
    const first = await confirm(token);
    expect(first.json()).toEqual({ id_display: `SIG-${main}`, state_display: 'Gemeld', already_verified: false });
    expect((await confirm(token)).json().already_verified).toBe(true);
    const confirmed = (await mailsTo('Volger@Example.com')).filter((m) => m.subject === `U volgt melding SIG-${main}`);
    expect(confirmed).toHaveLength(1);
    expect((await confirm('onbekend')).statusCode).toBe(404);

    const stop = link(confirmed[0]!.text, '/volgen/stoppen')!;
    expect((await app().inject({ method: 'POST', url: `${F}/unsubscribe`, payload: { token: stop } })).json()).toEqual({ id_display: `SIG-${main}` });
    expect((await app().inject({ method: 'POST', url: `${F}/unsubscribe`, payload: { token: stop } })).statusCode).toBe(404);
    await close(main);
    expect((await mailsTo('Volger@Example.com')).filter((m) => m.subject.startsWith('Nieuws'))).toEqual([]);
    const refused = await app().inject({ method: 'POST', url: `${F}/`, payload: { signal: main, email: 'laat@example.com' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'Deze melding is al afgehandeld.' });
  });

  it('two handlers merging the same pair at once (and the pair the other way round): one merge, one mail', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await report(`a${round}@example.com`);
      const b = await report(`b${round}@example.com`);
      const results = await Promise.all([
        call('coordinator', 'POST', `${P}/signals/${a}/merge`, { duplicates: [b] }),
        call('behandelaar', 'POST', `${P}/signals/${a}/merge`, { duplicates: [b] }),
        call('coordinator', 'POST', `${P}/signals/${b}/merge`, { duplicates: [a] }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
      const merges = await app().db.selectFrom('signal_merge').selectAll().where('duplicate_id', 'in', [a, b]).execute();
      expect(merges).toHaveLength(1);
      const loser = merges[0]!.duplicate_id === a ? `a${round}@example.com` : `b${round}@example.com`;
      expect((await mailsTo(loser)).filter((m) => m.subject.includes('samengevoegd'))).toHaveLength(1);
    }
  });

  it('a follow confirmed while the report closes: the follower hears of the closing exactly once, in either order', async () => {
    for (let round = 0; round < 4; round++) {
      const main = await report(`melder${round}@example.com`);
      const address = `volger${round}@example.com`;
      const token = await follow(main, address);
      // started in both orders
      const confirming = round % 2 ? confirm(token) : undefined;
      const closing = close(main);
      const [verified, closed] = await Promise.all([confirming ?? confirm(token), closing]);
      expect(verified.statusCode).toBe(200);
      expect(closed.status).toBe(200);
      const heard = (await mailsTo(address)).filter((m) => /Afgehandeld/.test(m.text));
      expect(heard).toHaveLength(1);
      expect((await mailsTo(`melder${round}@example.com`)).filter((m) => m.subject.includes('afgehandeld'))).toHaveLength(1);
    }
  });

  it('a merge while the main report closes: either the merge is refused or the duplicate\'s reporter hears of the closing once', async () => {
    for (let round = 0; round < 3; round++) {
      const main = await report(`m${round}@example.com`);
      const dup = await report(`d${round}@example.com`);
      const [merged] = await Promise.all([call('coordinator', 'POST', `${P}/signals/${main}/merge`, { duplicates: [dup] }), close(main)]);
      const closing = (await mailsTo(`d${round}@example.com`)).filter((m) => m.subject === `Nieuws over melding SIG-${main}`);
      expect(closing).toHaveLength(merged.status === 200 ? 1 : 0);
      if (merged.status !== 200) expect(merged.body).toEqual({ duplicates: [`Melding SIG-${main} is afgesloten; kies een open melding als hoofdmelding.`] });
    }
  });

  it("the list gives each report's number of reporters and sorts on it ('meest gemeld')", async () => {
    const one = await report('een@example.com');
    const three = await report('drie@example.com');
    const two = await report('twee@example.com');
    await call('coordinator', 'POST', `${P}/signals/${three}/merge`, { duplicates: [await report('x@example.com'), await report(null)] });
    await call('coordinator', 'POST', `${P}/signals/${two}/merge`, { duplicates: [await report('y@example.com')] });
    // an unconfirmed follower does not count; a confirmed one does
    await follow(one, 'onbevestigd@example.com');
    const mine = (body: any) => body.results.filter((r: any) => [one, two, three].includes(r.id)).map((r: any) => [r.id, r.reporters]);
    const most = await call('coordinator', 'GET', `${P}/signals/?ordering=-reporters&page_size=100`);
    expect(most.status).toBe(200);
    expect(mine(most.body)).toEqual([[three, 3], [two, 2], [one, 1]]);
    const counts = most.body.results.map((r: any) => r.reporters);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    const least = await call('coordinator', 'GET', `${P}/signals/?ordering=reporters&page_size=100`);
    expect(mine(least.body)).toEqual([[one, 1], [two, 2], [three, 3]]);
  });

  it("'Is dit hetzelfde probleem?': the open reports of the subcategory near the point, without text or reporter data", async () => {
    const near = (lon: number, lat: number, sub = 'grofvuil') => app().inject({ method: 'GET', url: `${F}/nearby?main_slug=afval&sub_slug=${sub}&lon=${lon}&lat=${lat}` });
    const here = await report('hier@example.com');
    const closed = await report('dicht@example.com');
    await close(closed);
    const atDam = await near(4.8936, 52.3731);
    expect(atDam.statusCode).toBe(200);
    const ids = atDam.json().results.map((r: any) => r.id);
    expect(ids).toContain(here);
    expect(ids).not.toContain(closed);
    const item = atDam.json().results.find((r: any) => r.id === here);
    expect(Object.keys(item).sort()).toEqual(['created_at', 'distance', 'geometry', 'id', 'id_display', 'status']);
    expect(JSON.stringify(atDam.json())).not.toMatch(/grofvuil naast|@example/);
    // 40 m away it is still offered, 200 m away not
    expect((await near(4.8936, 52.3731 + 40 / 111195)).json().results.map((r: any) => r.id)).toContain(here);
    expect((await near(4.8936, 52.3731 + 200 / 111195)).json().results.map((r: any) => r.id)).not.toContain(here);
    expect((await near(4.8936, 52.3731, 'bestaat-niet')).statusCode).toBe(400);
    expect((await app().inject({ method: 'GET', url: `${F}/nearby?main_slug=afval&sub_slug=grofvuil&lon=x&lat=52` })).statusCode).toBe(400);

    // the radius is the subcategory's: at 250 m, 200 m away it is offered; the bounds hold; only who may edit categories sets it
    const grofvuil = (await app().db.selectFrom('category').select('id').where('slug', '=', 'grofvuil').executeTakeFirstOrThrow()).id;
    expect((await call('beheerder', 'GET', `${P}/categories/${grofvuil}`)).body.nearby_radius).toBe(50);
    expect((await call('beheerder', 'PATCH', `${P}/categories/${grofvuil}`, { nearby_radius: 9 })).status).toBe(400);
    expect((await call('lezer', 'PATCH', `${P}/categories/${grofvuil}`, { nearby_radius: 250 })).status).toBe(403);
    const set = await call('beheerder', 'PATCH', `${P}/categories/${grofvuil}`, { nearby_radius: 250 });
    expect(set.status).toBe(200);
    expect(set.body.nearby_radius).toBe(250);
    expect((await near(4.8936, 52.3731 + 200 / 111195)).json().results.map((r: any) => r.id)).toContain(here);
    expect((await near(4.8936, 52.3731 + 300 / 111195)).json().results.map((r: any) => r.id)).not.toContain(here);
  });

  it("'Meest gemeld' as a filter: reporters_min gives the reports with at least that many reporters and followers", async () => {
    const single = await report('alleen@example.com');
    const main = await report('hoofd@example.com');
    await call('coordinator', 'POST', `${P}/signals/${main}/merge`, { duplicates: [await report('dubbel@example.com')] });
    const two = await call('coordinator', 'GET', `${P}/signals/?reporters_min=2&page_size=100`);
    expect(two.status).toBe(200);
    const ids = two.body.results.map((r: any) => r.id);
    expect(ids).toContain(main);
    expect(ids).not.toContain(single);
    expect(two.body.results.every((r: any) => r.reporters >= 2)).toBe(true);
    expect(two.body.count).toBe(two.body.results.length);
    for (const bad of ['0', 'veel', '-1']) {
      const refused = await call('coordinator', 'GET', `${P}/signals/?reporters_min=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.reporters_min).toEqual(['Voer een geheel getal in van 1 of meer.']);
    }
  });
});
