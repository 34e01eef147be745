/**
 * The district (stadsdeel) of every report, derived on the server from its point whatever
 * the channel: the public create (the wizard), the private create (staff, API), a split
 * child, and a changed location. The polygons (`server/src/areas/districts.json`) agree with
 * the stand-in address register the address lookup answers from.
 */
import { describe, expect, it } from 'vitest';
import { STADSDEEL_LABELS } from '@meldloket/engine';
import { districtCode, districtIndex, districtOf, districts } from '../src/areas/districts.ts';
import { standInRegister } from '../src/routes/stand-ins/addresses.ts';
import { STREETS } from '../src/routes/stand-ins/streets.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { postReport, validReport } from './support.ts';

const CODE_OF = new Map(Object.entries(STADSDEEL_LABELS).map(([code, name]) => [name, code]));
/** Points of the stand-in register: Dam (Centrum), Mosplein (Noord), Javastraat (Oost), Osdorpplein (Nieuw-West). */
const DAM = [4.8936, 52.3731] as [number, number];
const MOSPLEIN = [4.914, 52.394] as [number, number];
const JAVASTRAAT = [4.94, 52.363] as [number, number];
const OSDORPPLEIN = [4.798, 52.359] as [number, number];
const OUTSIDE = [5.2, 52.1] as [number, number]; // inside the accepted box, outside every district

describe('districts from a point', () => {
  it('every stand-in street lies, at its centre, in the district the address lookup gives it', () => {
    const wrong = STREETS.filter(([, lat, lng, , , , district]) => districts().at(lng, lat) !== CODE_OF.get(district)).map(([name]) => name);
    expect(wrong).toEqual([]);
  });

  it('nearly every stand-in address agrees with the address lookup (streets drawn over a border may cross it at their ends)', () => {
    const addresses = standInRegister().addresses;
    const agree = addresses.filter((a) => districts().at(a.lng, a.lat) === CODE_OF.get(a.stadsdeel)).length;
    expect(agree / addresses.length).toBeGreaterThan(0.97);
    // every district of the register is drawn
    expect(new Set(addresses.map((a) => districts().at(a.lng, a.lat)))).toEqual(new Set(['A', 'E', 'K', 'M', 'N', 'F', 'T']));
  });

  it('outside every district: the code or name the client gave, else null', () => {
    expect(districtOf(...OUTSIDE)).toBeNull();
    expect(districtOf(...OUTSIDE, 'Weesp')).toBe('W');
    expect(districtOf(...OUTSIDE, 'W')).toBe('W');
    expect(districtOf(...OUTSIDE, 'Atlantis')).toBeNull();
    expect(districtOf(...OUTSIDE, 'null')).toBeNull();
    // the point wins over what a client says
    expect(districtOf(...DAM, 'Noord')).toBe('A');
    expect(districtCode('centrum')).toBe('A');
    expect(districtCode(12)).toBeNull();
  });

  it('an index over any collection; polygons whose box holds the point are the only ones tested', () => {
    const square = (code: string, x: number, y: number) => ({
      type: 'Feature' as const,
      properties: { code, name: code },
      geometry: { type: 'Polygon' as const, coordinates: [[[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1], [x, y]] as [number, number][]] },
    });
    const index = districtIndex({ features: [square('X', 0, 0), square('Y', 1, 0)] });
    expect(index.at(0.5, 0.5)).toBe('X');
    expect(index.at(1.5, 0.5)).toBe('Y');
    expect(index.at(3, 3)).toBeNull();
    expect(index.at(Number.NaN, 0)).toBeNull();
    expect(districtIndex({ features: [] }).at(0, 0)).toBeNull();
  });
});

describe.each(DATABASE_TARGETS)('the district of every report (%s)', (target) => {
  const t = useTestApp(target);
  const P = '/signals/v1/private/signals';
  const as = async (account: keyof typeof ACCOUNTS) => bearer(await mintToken(t().app, ACCOUNTS[account].email));
  const stored = async (id: number) => (await t().app.db.selectFrom('signal').select('stadsdeel').where('id', '=', id).executeTakeFirstOrThrow()).stadsdeel;
  const at = (coordinates: [number, number], extra: Record<string, unknown> = {}) => ({ geometrie: { type: 'Point', coordinates }, ...extra });

  it('the wizard (public create) sends no district, or a wrong one: the server stores the district of the point', async () => {
    const none = await postReport(t().app, validReport({ location: at(DAM) }));
    expect(none.status).toBe(201);
    const named = await postReport(t().app, validReport({ location: at(MOSPLEIN, { stadsdeel: 'A' }) }));
    expect(named.status).toBe(201);
    const ids = [none.body.signal_id, named.body.signal_id];
    const rows = await t().app.db.selectFrom('signal').select(['uuid', 'stadsdeel']).where('uuid', 'in', ids).execute();
    expect(Object.fromEntries(rows.map((r) => [r.uuid, r.stadsdeel]))).toEqual({ [ids[0]]: 'A', [ids[1]]: 'N' });
  });

  it('staff and API (private create), a split child and a moved report: the district follows the point', async () => {
    const headers = await as('coordinator');
    const created = await t().app.inject({ method: 'POST', url: `${P}/`, headers, payload: validReport({ source: 'Telefoon – ASC', priority: { priority: 'normal' }, type: { code: 'SIG' }, location: at(JAVASTRAAT) }) });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(await stored(id)).toBe('M');
    expect(created.json().location.stadsdeel).toBe('M');

    const children = await t().app.inject({ method: 'POST', url: `${P}/`, headers, payload: [{ ...validReport({ text: 'Deel 1', location: at(OSDORPPLEIN) }), parent: id }, { ...validReport({ text: 'Deel 2', location: at(JAVASTRAAT) }), parent: id }] });
    expect(children.statusCode).toBe(201);
    const [west, east] = children.json().map((c: { id: number }) => c.id);
    expect([await stored(west), await stored(east)]).toEqual(['F', 'M']);

    const moved = await t().app.inject({ method: 'PATCH', url: `${P}/${id}`, headers, payload: { location: at(DAM, { stadsdeel: 'T' }) } });
    expect(moved.statusCode).toBe(200);
    expect(await stored(id)).toBe('A');
    // the overview's district filter finds it
    const list = await t().app.inject({ method: 'GET', url: `${P}/?stadsdeel=A&page_size=100`, headers });
    expect(list.json().results.map((r: { id: number }) => r.id)).toContain(id);

    const outside = await t().app.inject({ method: 'PATCH', url: `${P}/${id}`, headers, payload: { location: at(OUTSIDE) } });
    expect(outside.statusCode).toBe(200);
    expect(await stored(id)).toBeNull();
  });
});
