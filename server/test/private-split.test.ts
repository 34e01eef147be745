/**
 * Splitting semantics (docs/back-office-incident.md): kinds, has_changed_children, the detail's split
 * links, the children list, and the nearby reports with their 'link as children'
 * action — on PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { hasChangedChildrenSql, kindSql, splitInfo, splitLinks, UNLINK_MESSAGES, type Kind } from '../src/services/split/index.ts';
import { BULK_MESSAGES } from '../src/services/signals/index.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { validReport } from './support.ts';

const P = '/signals/v1/private';
const BASE = 'http://localhost:8080';
/** Dam 1 and points north of it, in metres. */
const DAM = [4.8936, 52.3731] as const;
const north = (metres: number) => [DAM[0], DAM[1] + metres / 111195] as [number, number];

describe.each(DATABASE_TARGETS)('splitting (%s)', (target) => {
  const t = useTestApp(target);
  const db = () => t().app.db;
  const call = async (account: keyof typeof ACCOUNTS, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t().app.inject({ method, url, headers: bearer(await mintToken(t().app, ACCOUNTS[account].email)), payload: payload as object });
    return { status: res.statusCode, body: res.json() as any };
  };
  const report = async (overrides: Record<string, unknown> = {}, at: [number, number] = [...DAM]) => {
    const res = await call('coordinator', 'POST', `${P}/signals/`, validReport({ source: 'Telefoon – ASC', priority: { priority: 'normal' }, type: { code: 'SIG' }, location: { geometrie: { type: 'Point', coordinates: at } }, ...overrides }));
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const split = async (parent: number, n: number) => {
    const children = Array.from({ length: n }, (_, i) => ({ ...validReport({ text: `Deel ${i + 1}` }), parent }));
    const res = await call('coordinator', 'POST', `${P}/signals/`, children);
    expect(res.status).toBe(201);
    return res.body.map((c: any) => c.id) as number[];
  };
  const ids = async (where: ReturnType<typeof kindSql>, among: number[]) =>
    (await db().selectFrom('signal').select('id').where('id', 'in', among).where(where).orderBy('id').execute()).map((r) => r.id);
  const touch = (id: number, at: Date) => db().updateTable('signal').set({ updated_at: at }).where('id', '=', id).execute();

  it('kinds: signal, parent_signal, child_signal and exclude_parent_signal, combined with OR', async () => {
    const single = await report();
    const parent = await report();
    const children = await split(parent, 2);
    const all = [single, parent, ...children];
    const kind = (...kinds: Kind[]) => ids(kindSql(kinds), all);
    expect(await kind('signal')).toEqual([single]);
    expect(await kind('parent_signal')).toEqual([parent]);
    expect(await kind('child_signal')).toEqual(children);
    expect(await kind('exclude_parent_signal')).toEqual([single, ...children]);
    expect(await kind('signal', 'parent_signal')).toEqual([single, parent]);
  });

  it('has_changed_children: a child changed after the parent did; any change of the parent marks them seen', async () => {
    const single = await report();
    const parent = await report();
    const [first] = await split(parent, 2);
    const among = [single, parent];
    const changed = (...values: boolean[]) => ids(hasChangedChildrenSql(values), among);
    // Right after the split the parent is as new as its children.
    expect(await changed(true)).toEqual([]);
    expect(await changed(false)).toEqual([parent]);
    expect(await changed(true, false)).toEqual([parent]);
    const row = await db().selectFrom('signal').selectAll().where('id', '=', parent).executeTakeFirstOrThrow();
    expect((await splitInfo(db(), row)).hasChangedChildren).toBe(false);

    await touch(first, new Date(Date.now() + 60_000));
    expect(await changed(true)).toEqual([parent]);
    expect(await changed(false)).toEqual([]);
    expect((await splitInfo(db(), (await db().selectFrom('signal').selectAll().where('id', '=', parent).executeTakeFirstOrThrow()))).hasChangedChildren).toBe(true);

    await touch(parent, new Date(Date.now() + 120_000));
    expect(await changed(true)).toEqual([]);
    expect(await changed(false)).toEqual([parent]);
  });

  it('split links: sia:children on the parent, sia:parent on a child, none on a standalone report', async () => {
    const single = await report();
    const parent = await report();
    const children = await split(parent, 2);
    const info = async (id: number) => splitInfo(db(), await db().selectFrom('signal').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    expect(splitLinks(BASE, await info(parent))).toEqual({ 'sia:children': children.map((c) => ({ href: `${BASE}${P}/signals/${c}` })) });
    expect(splitLinks(BASE, await info(children[1]))).toEqual({ 'sia:parent': { href: `${BASE}${P}/signals/${parent}` } });
    expect(splitLinks(BASE, await info(single))).toEqual({});
  });

  it('GET /children/: the abridged children, scoped; 403 for a parent the user may not see, 404 for an unknown one', async () => {
    const parent = await report();
    const children = await split(parent, 2);
    const res = await call('behandelaar', 'GET', `${P}/signals/${parent}/children/`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results[0]).toMatchObject({
      _links: { self: { href: `${BASE}${P}/signals/${children[0]}` } },
      id: children[0],
      status: { state: 'm', state_display: 'Gemeld' },
      category: { sub_slug: 'grofvuil', main_slug: 'afval' },
      can_view_signal: true,
    });
    expect(typeof res.body.results[0].category.departments).toBe('string');
    expect((await call('lezer', 'GET', `${P}/signals/${parent}/children/`)).status).toBe(403);
    expect((await call('behandelaar', 'GET', `${P}/signals/999999/children/`)).body).toEqual({ detail: 'No Signal matches the given query.' });
    expect((await t().app.inject({ method: 'GET', url: `${P}/signals/${parent}/children/` })).statusCode).toBe(401);
  });

  it('GET /nearby: open reports of the same subcategory within 50 m of the last 30 days, nearest first, not in a split', async () => {
    const centre = await report({}, north(10_000));
    const near = await report({ text: 'Op 30 meter' }, north(10_030));
    const nearer = await report({ text: 'Op 12 meter' }, north(10_012));
    await report({ text: 'Op 70 meter' }, north(10_070));
    const closed = await report({}, north(10_020));
    await db().updateTable('signal').set({ state: 'o' }).where('id', '=', closed).execute();
    const old = await report({}, north(10_020));
    await db().updateTable('signal').set({ created_at: new Date(Date.now() - 31 * 24 * 3600 * 1000) }).where('id', '=', old).execute();
    const otherParent = await report({}, north(10_020));
    await split(otherParent, 1);
    const other = await call('coordinator', 'GET', `${P}/categories/?page_size=1000`);
    const otherSub = other.body.results.find((c: any) => c._links['sia:parent'] && c.slug !== 'grofvuil' && c.is_active);
    await report({ category: { sub_category: otherSub._links.self.public } }, north(10_005));

    const res = await call('coordinator', 'GET', `${P}/signals/${centre}/nearby`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.id)).toEqual([nearer, near]);
    expect(res.body.count).toBe(2);
    expect(res.body.results[0]).toMatchObject({
      _links: { self: { href: `${BASE}${P}/signals/${nearer}` } },
      id_display: `SIG-${nearer}`,
      text: 'Op 12 meter',
      status: { state: 'm', state_display: 'Gemeld' },
      category: { sub_slug: 'grofvuil', main_slug: 'afval' },
      location: { geometrie: { type: 'Point', coordinates: north(10_012) } },
    });
    expect(res.body.results.map((r: any) => r.distance)).toEqual([12, 30]);
    expect((await call('lezer', 'GET', `${P}/signals/${centre}/nearby`)).status).toBe(403);
  });

  it('POST /nearby/link makes nearby reports children of this one, with history, and refuses what cannot be linked', async () => {
    const centre = await report({}, north(20_000));
    const a = await report({}, north(20_010));
    const b = await report({}, north(20_020));
    const res = await call('coordinator', 'POST', `${P}/signals/${centre}/nearby/link`, { signals: [a, b] });
    expect(res).toEqual({ status: 200, body: { children: [a, b] } });
    expect((await call('coordinator', 'GET', `${P}/signals/${centre}/nearby`)).body.count).toBe(0);
    const history = await db().selectFrom('signal_history').select(['what', 'description', 'who']).where('signal_id', '=', centre).orderBy('id').execute();
    expect(history).toEqual([a, b].map((id) => ({ what: 'CHILD_SIGNAL_CREATED', description: `Melding ${id}`, who: ACCOUNTS.coordinator.email })));
    const note = await db().selectFrom('signal_note').select('text').where('signal_id', '=', a).executeTakeFirstOrThrow();
    expect(note.text).toBe(`Gekoppeld als deelmelding aan melding ${centre} (melding in de buurt).`);

    const c = await report({}, north(20_030));
    expect(await call('coordinator', 'POST', `${P}/signals/${centre}/nearby/link`, { signals: [a, centre, 99999999] })).toEqual({
      status: 400,
      body: { signals: { [a]: ['Deze melding is al een deelmelding.'], [centre]: ['Een melding kan geen deelmelding van zichzelf worden.'], 99999999: [BULK_MESSAGES.noSuchParent(99999999)] } },
    });
    expect((await call('coordinator', 'POST', `${P}/signals/${a}/nearby/link`, { signals: [c] })).body).toEqual({ non_field_errors: [BULK_MESSAGES.parentIsChild] });
    expect((await call('coordinator', 'POST', `${P}/signals/${c}/nearby/link`, { signals: [centre] })).body).toEqual({ signals: { [centre]: ['Deze melding heeft zelf deelmeldingen.'] } });
    expect((await call('coordinator', 'POST', `${P}/signals/${centre}/nearby/link`, { signals: [] })).status).toBe(400);
    expect((await call('lezer', 'POST', `${P}/signals/${centre}/nearby/link`, { signals: [c] })).status).toBe(403);
    // Nothing of the refused calls was stored.
    expect((await db().selectFrom('signal').select('parent_id').where('id', '=', c).executeTakeFirstOrThrow()).parent_id).toBeNull();

    await split(centre, 8);
    expect((await call('coordinator', 'POST', `${P}/signals/${centre}/nearby/link`, { signals: [c] })).body).toEqual({ non_field_errors: [BULK_MESSAGES.parentFull] });
  });

  it('DELETE /nearby/link/{child} undoes a link: the report stands alone again, with history; a split child, a stranger and the read-only user are refused', async () => {
    const centre = await report({}, north(30_000));
    const a = await report({}, north(30_010));
    const b = await report({}, north(30_020));
    await call('coordinator', 'POST', `${P}/signals/${centre}/nearby/link`, { signals: [a, b] });
    const [made] = await split(centre, 1);
    // the children list says which can be undone
    const listed = (await call('coordinator', 'GET', `${P}/signals/${centre}/children/`)).body.results.map((c: any) => [c.id, c.linked]);
    expect(listed).toEqual([[a, true], [b, true], [made, false]]);

    expect(await call('lezer', 'DELETE', `${P}/signals/${centre}/nearby/link/${a}`)).toEqual({ status: 403, body: { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' } });
    expect((await t().app.inject({ method: 'DELETE', url: `${P}/signals/${centre}/nearby/link/${a}` })).statusCode).toBe(401);
    expect(await call('coordinator', 'DELETE', `${P}/signals/${centre}/nearby/link/${made}`)).toEqual({ status: 400, body: { non_field_errors: [UNLINK_MESSAGES.notLinked] } });
    expect(await call('coordinator', 'DELETE', `${P}/signals/${a}/nearby/link/${b}`)).toEqual({ status: 400, body: { non_field_errors: [UNLINK_MESSAGES.notAChild(b, a)] } });
    expect((await call('coordinator', 'DELETE', `${P}/signals/${centre}/nearby/link/99999999`)).status).toBe(404);
    expect((await db().selectFrom('signal').select('parent_id').where('id', '=', a).executeTakeFirstOrThrow()).parent_id).toBe(centre);

    expect(await call('coordinator', 'DELETE', `${P}/signals/${centre}/nearby/link/${a}`)).toEqual({ status: 200, body: { children: [b, made] } });
    expect((await db().selectFrom('signal').select('parent_id').where('id', '=', a).executeTakeFirstOrThrow()).parent_id).toBeNull();
    const latest = await db().selectFrom('signal_history').select(['what', 'action', 'description', 'who']).where('signal_id', '=', centre).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(latest).toEqual({ what: 'CHILD_SIGNAL_UNLINKED', action: 'Deelmelding ontkoppeld', description: `Melding ${a}`, who: ACCOUNTS.coordinator.email });
    const history = (await call('coordinator', 'GET', `${P}/signals/${centre}/history`)).body;
    expect(history[0]).toMatchObject({ what: 'CHILD_SIGNAL_UNLINKED', action: 'Deelmelding ontkoppeld', description: `Melding ${a}` });
    const notes = await db().selectFrom('signal_note').select('text').where('signal_id', '=', a).orderBy('id').execute();
    expect(notes.map((n) => n.text).at(-1)).toBe(`Ontkoppeld van melding ${centre}; weer een zelfstandige melding.`);
    // undone twice: it is no child any more
    expect((await call('coordinator', 'DELETE', `${P}/signals/${centre}/nearby/link/${a}`)).status).toBe(400);
    // and it can be linked again
    expect((await call('coordinator', 'POST', `${P}/signals/${centre}/nearby/link`, { signals: [a] })).status).toBe(200);
  });
});
