/**
 * The routing rules and areas in the settings (docs/routing.md): a coordinator (sia_routing_write) sees
 * the dry run of a new rule on the last reports, saves it (audit history with before/after) and
 * the next report follows it; re-routing on demand; a handler without the permission is refused;
 * mistakes are 400s in Dutch. Area import from GeoJSON in WGS84 and in RD, listed, and used for
 * the next report. On PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { wgs84ToRd } from '@meldloket/engine';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { postReport, validReport } from './support.ts';
import { IMPORT_MESSAGES } from '../src/areas/import.ts';
import { ROUTING_MESSAGES } from '../src/routing/settings.ts';

const P = '/signals/v1/private';
const DAM: [number, number] = [4.8936, 52.3731];
type Account = 'coordinator' | 'behandelaar' | 'beheerder';

describe.each(DATABASE_TARGETS)('routing settings (%s)', (target) => {
  const t = useTestApp(target);
  const tokens: Partial<Record<Account, string>> = {};
  const call = async (account: Account, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => {
    const res = await t().app.inject({ method, url: `${P}${url}`, headers: bearer(tokens[account]!), ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as any };
  };
  const report = async (point: [number, number] = DAM) => {
    const res = await postReport(t().app, validReport({ location: { geometrie: { type: 'Point', coordinates: point } } }));
    expect(res.status).toBe(201);
    return (await t().app.db.selectFrom('signal').select('id').where('uuid', '=', res.body.signal_id).executeTakeFirstOrThrow()).id;
  };
  const id = async (table: 'department' | 'area', code: string) => (await t().app.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    for (const account of ['coordinator', 'behandelaar', 'beheerder'] as const) tokens[account] = await mintToken(t().app, ACCOUNTS[account].email);
  });

  it('a handler without sia_routing_write may not read, try or change the rules', async () => {
    for (const [method, url] of [['GET', '/routing-rules/'], ['PUT', '/routing-rules/'], ['POST', '/routing-rules/dry-run/'], ['GET', '/routing-rules/history/']] as const) {
      expect((await call('behandelaar', method, url, method === 'GET' ? undefined : { rules: [] })).status).toBe(403);
    }
  });

  it('a coordinator sees the dry run of a new rule, saves it, and the next report follows it; the change is in the history', async () => {
    const earlier = [await report(), await report()];
    const { body: current } = await call('coordinator', 'GET', '/routing-rules/');
    expect(current.results).toHaveLength(1); // the demo rule
    const centrum = await id('area', 'A');
    const [asc, aeg] = [await id('department', 'ASC'), await id('department', 'AEG')];
    const grofvuil = (await t().app.db.selectFrom('category').select('id').where('slug', '=', 'grofvuil').executeTakeFirstOrThrow()).id;
    const rule = { name: 'Grofvuil in Centrum naar het ASC', conditions: { sub_categories: [grofvuil], areas: [centrum] }, routing: [asc] };
    const rules = [...current.results, rule];

    const dry = await call('coordinator', 'POST', '/routing-rules/dry-run/', { rules, last: 50 });
    expect(dry.status).toBe(200);
    const move = dry.body.moves.find((m: any) => m.from.join() === 'AEG' && m.to.join() === 'ASC');
    expect(move.count).toBeGreaterThanOrEqual(2);
    expect(move.sample).toEqual(expect.arrayContaining(earlier));
    // nothing was saved by the dry run
    expect((await call('coordinator', 'GET', '/routing-rules/')).body.results).toHaveLength(1);

    const saved = await call('coordinator', 'PUT', '/routing-rules/', { rules });
    expect(saved.status).toBe(200);
    expect(saved.body.results.map((r: any) => r.name)).toEqual([current.results[0].name, rule.name]);
    const next = await report();
    const detail = await call('coordinator', 'GET', `/signals/${next}`);
    expect(detail.body.routing_departments.map((d: any) => d.code)).toEqual(['ASC']);
    // earlier reports stay as they were until routed again on demand
    expect((await call('coordinator', 'GET', `/signals/${earlier[0]}`)).body.routing_departments).toEqual([]);
    const rerouted = await call('coordinator', 'POST', `/signals/${earlier[0]}/reroute/`, {});
    expect(rerouted.status).toBe(200);
    expect(rerouted.body.routing_departments.map((d: any) => d.code)).toEqual(['ASC']);
    const history = await call('coordinator', 'GET', `/signals/${earlier[0]}/history`);
    expect(history.body[0]).toMatchObject({ what: 'UPDATE_ROUTING_ASSIGNMENT', who: ACCOUNTS.coordinator.email, description: `Volgens routeringsregel "${rule.name}"` });

    const audit = await call('coordinator', 'GET', '/routing-rules/history/');
    expect(audit.body.results[0]).toMatchObject({ who: ACCOUNTS.coordinator.email });
    expect(audit.body.results[0].before.map((r: any) => r.name)).toEqual([current.results[0].name]);
    expect(audit.body.results[0].after.map((r: any) => r.name)).toEqual([current.results[0].name, rule.name]);
    void aeg;

    // back to the demo rule alone (the rest of the file expects it)
    expect((await call('coordinator', 'PUT', '/routing-rules/', { rules: current.results })).status).toBe(200);
    expect((await call('coordinator', 'GET', `/signals/${await report()}`)).body.routing_departments).toEqual([]);
  });

  it('refuses unknown references and malformed rules with a 400 naming the place', async () => {
    const bad = await call('coordinator', 'PUT', '/routing-rules/', { rules: [{ name: 'x', routing: [999999], conditions: { areas: [999998], sources: ['Postduif'] } }] });
    expect(bad).toEqual({ status: 400, body: { rules: { 0: { routing: [ROUTING_MESSAGES.unknownDepartment(999999)], areas: [ROUTING_MESSAGES.unknownArea(999998)], sources: [ROUTING_MESSAGES.unknownSource('Postduif')] } } } });
    expect((await call('coordinator', 'PUT', '/routing-rules/', { rules: [{ name: 'x', routing: [] }] })).status).toBe(400);
    expect((await call('coordinator', 'PUT', '/routing-rules/', { rules: [{ name: 'x', routing: [1], conditions: { time_from: '25:00' } }] })).status).toBe(400);
    expect((await call('coordinator', 'PUT', '/routing-rules/', {})).status).toBe(400);
  });

  it('imports areas from GeoJSON in RD, lists them, and the next report lies in one', async () => {
    // a square of 400 m around the Dam, in RD metres
    const { x, y } = wgs84ToRd({ lng: DAM[0], lat: DAM[1] });
    const square = [[x - 200, y - 200], [x + 200, y - 200], [x + 200, y + 200], [x - 200, y + 200], [x - 200, y - 200]];
    const geojson = { type: 'FeatureCollection', crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::28992' } }, features: [{ type: 'Feature', properties: { code: 'DAM1', naam: 'Damplein' }, geometry: { type: 'Polygon', coordinates: [square] } }] };
    expect((await call('coordinator', 'POST', '/areas/import/', { type_code: 'onderhoud', type_name: 'Onderhoudsgebied', geojson })).status).toBe(403);
    const imported = await call('beheerder', 'POST', '/areas/import/', { type_code: 'onderhoud', type_name: 'Onderhoudsgebied', geojson });
    expect(imported).toEqual({ status: 200, body: { type_code: 'onderhoud', count: 1 } });
    const list = await call('coordinator', 'GET', '/areas/');
    expect(list.body.types).toEqual(expect.arrayContaining([{ code: 'onderhoud', name: 'Onderhoudsgebied', count: 1 }]));
    expect(list.body.results.find((a: any) => a.code === 'DAM1')).toMatchObject({ name: 'Damplein', type: { code: 'onderhoud', name: 'Onderhoudsgebied' } });
    const inside = await report();
    const found = await call('coordinator', 'GET', '/signals/?area_type_code=onderhoud&area_code=DAM1');
    expect(found.body.results.map((r: any) => r.id)).toContain(inside);
  });

  it('lists the areas with their polygons for the map on ?geometry=true only; no token is a 401, a staff member without sia_read a 403', async () => {
    const plain = await call('coordinator', 'GET', '/areas/');
    expect(plain.status).toBe(200);
    expect(plain.body.results.every((a: any) => !('geometry' in a))).toBe(true);
    const shaped = await call('coordinator', 'GET', '/areas/?geometry=true');
    expect(shaped.status).toBe(200);
    const noord = shaped.body.results.find((a: any) => a.code === 'N' && a.type.code === 'stadsdeel');
    expect(noord.geometry.type).toMatch(/^(Multi)?Polygon$/);
    expect(noord.geometry.coordinates.flat(3).length).toBeGreaterThan(6);
    expect(shaped.body.results.length).toBe(plain.body.results.length);
    expect(shaped.body.results.every((a: any) => /^(Multi)?Polygon$/.test(a.geometry.type))).toBe(true);

    expect((await t().app.inject({ method: 'GET', url: `${P}/areas/?geometry=true` })).statusCode).toBe(401);
    const email = 'zonder-rol-gebieden@gemeente.nl';
    await t().app.db.insertInto('staff_user').values({ username: email, email, first_name: 'Zonder', last_name: 'Rol', is_active: true, is_staff: true, is_superuser: false }).execute();
    const refused = await t().app.inject({ method: 'GET', url: `${P}/areas/?geometry=true`, headers: bearer(await mintToken(t().app, email)) });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a file that is no FeatureCollection, has no code, or lies outside the Netherlands', async () => {
    const imp = (geojson: object) => call('beheerder', 'POST', '/areas/import/', { type_code: 'x', type_name: 'X', geojson });
    expect(await imp({ type: 'Feature' })).toEqual({ status: 400, body: { file: [IMPORT_MESSAGES.notCollection] } });
    const ring = [[4.89, 52.37], [4.9, 52.37], [4.9, 52.38], [4.89, 52.37]];
    expect(await imp({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }] })).toEqual({ status: 400, body: { file: [IMPORT_MESSAGES.noCode(0, 'code')] } });
    const far = [[10, 10], [11, 10], [11, 11], [10, 10]];
    expect(await imp({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { code: 'a' }, geometry: { type: 'Polygon', coordinates: [far] } }] })).toEqual({ status: 400, body: { file: [IMPORT_MESSAGES.outside(0)] } });
  });
});
