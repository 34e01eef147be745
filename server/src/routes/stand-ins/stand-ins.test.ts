import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wgs84ToRd } from '@meldloket/engine';
import { standIns, standInRegister } from './index.ts';

const ADDRESSES = standInRegister().addresses;

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(standIns, { prefix: '/stand-ins' });
  await app.ready();
});
afterAll(() => app.close());

interface Docs {
  response: { numFound: number; docs: Array<Record<string, string | number>> };
}

const get = async <T>(url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T, res };
};

describe('address register', () => {
  it('holds a few thousand addresses in the default municipality', () => {
    expect(ADDRESSES.length).toBeGreaterThan(3000);
    expect(new Set(ADDRESSES.map((a) => a.straatnaam)).size).toBeGreaterThan(200);
    for (const a of ADDRESSES) expect(a.postcode).toMatch(/^1[01]\d\d[A-Z]{2}$/);
  });
});

describe('suggest', () => {
  const fq = 'fq=gemeentenaam:(amsterdam)&fq=type:adres&fq=bron:BAG';

  it('finds addresses by street and number, exact number first', async () => {
    const { body } = await get<Docs>(`/stand-ins/locatieserver/v3_1/suggest?${fq}&q=${encodeURIComponent('Damrak 1')}`);
    expect(body.response.numFound).toBeGreaterThan(1);
    const first = body.response.docs[0];
    expect(first).toMatchObject({ straatnaam: 'Damrak', huis_nlt: '1', woonplaatsnaam: 'Amsterdam', type: 'adres' });
    expect(first.weergavenaam).toMatch(/^Damrak 1, 1012[A-Z]{2} Amsterdam$/);
    expect(first.centroide_ll).toMatch(/^POINT\(4\.89\d* 52\.37\d*\)$/);
  });

  it('finds addresses by postcode with or without a space', async () => {
    const postcode = ADDRESSES.find((a) => a.straatnaam === 'Rokin')!.postcode;
    const spaced = `${postcode.slice(0, 4)} ${postcode.slice(4)}`;
    const a = await get<Docs>(`/stand-ins/locatieserver/v3_1/suggest?${fq}&q=${encodeURIComponent(spaced)}`);
    const b = await get<Docs>(`/stand-ins/locatieserver/v3_1/suggest?${fq}&q=${postcode.toLowerCase()}`);
    expect(a.body.response.docs.length).toBeGreaterThan(0);
    expect(a.body.response.docs.every((d) => d.postcode === postcode)).toBe(true);
    expect(b.body.response.docs.map((d) => d.id)).toEqual(a.body.response.docs.map((d) => d.id));
  });

  it('ignores accents and case', async () => {
    const { body } = await get<Docs>(`/stand-ins/locatieserver/v3_1/suggest?${fq}&q=chassestraat`);
    expect(body.response.docs[0].straatnaam).toBe('Chasséstraat');
  });

  it('finds nothing outside the filtered municipality or for an unknown street', async () => {
    const other = await get<Docs>('/stand-ins/locatieserver/v3_1/suggest?fq=gemeentenaam:(utrecht)&q=damrak');
    expect(other.body.response).toMatchObject({ numFound: 0, docs: [] });
    const unknown = await get<Docs>(`/stand-ins/locatieserver/v3_1/suggest?${fq}&q=qwxyzstraat`);
    expect(unknown.body.response.numFound).toBe(0);
  });

  it('returns streets only for type weg and limits rows', async () => {
    const { body } = await get<Docs>('/stand-ins/locatieserver/v3_1/suggest?fq=type:weg&q=van&rows=5');
    expect(body.response.docs).toHaveLength(5);
    expect(body.response.docs.every((d) => d.type === 'weg')).toBe(true);
  });
});

describe('reverse', () => {
  it('gives the nearest address within the distance for an RD point', async () => {
    const target = ADDRESSES.find((a) => a.straatnaam === 'Dam' && a.huis_nlt === '1')!;
    const { x, y } = wgs84ToRd(target);
    const { body } = await get<Docs>(`/stand-ins/locatieserver/v3_1/reverse?X=${x}&Y=${y}&type=adres&rows=1&distance=30`);
    expect(body.response.docs).toHaveLength(1);
    expect(body.response.docs[0]).toMatchObject({ straatnaam: 'Dam', huis_nlt: '1' });
    expect(Number(body.response.docs[0].afstand)).toBeLessThan(1);
  });

  it('gives nothing when no address lies within the distance', async () => {
    const { x, y } = wgs84ToRd({ lat: 52.33, lng: 4.7 });
    const { body } = await get<Docs>(`/stand-ins/locatieserver/v3_1/reverse?X=${x}&Y=${y}&type=adres&rows=1&distance=30`);
    expect(body.response.docs).toEqual([]);
  });

  it('refuses a request without a point', async () => {
    const { status } = await get('/stand-ins/locatieserver/v3_1/reverse?type=adres');
    expect(status).toBe(400);
  });
});

interface Collection {
  type: string;
  features: Array<{ id: string; geometry: { coordinates: [number, number] }; properties: Record<string, string | number> }>;
}

describe('wfs', () => {
  const damBox = '4.885,52.368,4.902,52.378';

  it('returns streetlights of every object type inside the bbox', async () => {
    const { body, res } = await get<Collection>(`/stand-ins/wfs?typeName=lichtpunten&bbox=${damBox}`);
    expect(res.headers['content-type']).toContain('application/geo+json');
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.length).toBeGreaterThan(20);
    for (const f of body.features) {
      const [lng, lat] = f.geometry.coordinates;
      expect(lng).toBeGreaterThanOrEqual(4.885);
      expect(lat).toBeLessThanOrEqual(52.378);
    }
    const types = new Set(body.features.map((f) => f.properties.objecttype));
    for (const t of ['1', '2', '3', '4', '5', '10']) expect(types).toContain(t);
    expect(body.features.some((f) => f.properties.meldingstatus === 1)).toBe(true);
  });

  it('applies an OGC filter with a BBOX envelope wrapped in And', async () => {
    const filter =
      '<Filter><And><BBOX><gml:Envelope srsName="EPSG:4326"><lowerCorner>4.885 52.368</lowerCorner><upperCorner>4.902 52.378</upperCorner></gml:Envelope></BBOX>' +
      '<PropertyIsEqualTo><PropertyName>status</PropertyName><Literal>1</Literal></PropertyIsEqualTo></And></Filter>';
    const { body } = await get<Collection>(`/stand-ins/wfs?typeName=containers&Filter=${encodeURIComponent(filter)}`);
    expect(body.features.length).toBeGreaterThan(3);
    expect(body.features.every((f) => f.properties.status === 1)).toBe(true);
    const all = await get<Collection>(`/stand-ins/wfs?typeName=containers&bbox=${damBox}`);
    expect(all.body.features.length).toBeGreaterThan(body.features.length);
  });

  it('serves oak trees with the registration states of the spec', async () => {
    const { body } = await get<Collection>('/stand-ins/wfs?typeName=eikenbomen&bbox=4.8,52.3,5.0,52.4');
    const states = new Set(body.features.map((f) => f.properties.Registratie));
    for (const s of ['Deels bestreden', 'Melding', 'Registratie', 'Bestreden', 'Geen EPR', 'EPR (niet bestrijden)']) expect(states).toContain(s);
    expect(body.features[0].properties.GlobalID).toMatch(/^\{[0-9A-F-]+\}$/);
  });

  it('serves street trees of many genera, and a filter on soortnaam inside Not leaves out every Quercus', async () => {
    const all = await get<Collection>(`/stand-ins/wfs/bomen?bbox=${damBox}`);
    const genera = new Set(all.body.features.map((f) => String(f.properties.soortnaam).split(' ')[0]));
    for (const g of ['Tilia', 'Ulmus', 'Platanus', 'Fraxinus', 'Acer', 'Quercus']) expect(genera).toContain(g);
    expect(all.body.features[0].properties.boomnummer).toMatch(/^\d+$/);

    const notOak =
      '<Not><PropertyIsLike wildCard="*" singleChar="." escapeChar="!"><PropertyName>soortnaam</PropertyName><Literal>Quercus*</Literal></PropertyIsLike></Not>';
    const filter =
      '<Filter><And><BBOX><gml:Envelope srsName="EPSG:4326"><lowerCorner>4.885 52.368</lowerCorner><upperCorner>4.902 52.378</upperCorner></gml:Envelope></BBOX>' +
      `${notOak}</And></Filter>`;
    const filtered = await get<Collection>(`/stand-ins/wfs/bomen?Filter=${encodeURIComponent(filter)}`);
    const oaks = all.body.features.filter((f) => String(f.properties.soortnaam).startsWith('Quercus'));
    expect(oaks.length).toBeGreaterThan(0);
    expect(filtered.body.features.length).toBe(all.body.features.length - oaks.length);
    expect(filtered.body.features.filter((f) => /quercus/i.test(String(f.properties.soortnaam)))).toEqual([]);

    // The same clause without Not keeps only the oaks; the wildcard is the filter's own.
    const onlyOaks = filter.replace(notOak, notOak.replace('<Not>', '').replace('</Not>', ''));
    const kept = await get<Collection>(`/stand-ins/wfs/bomen?Filter=${encodeURIComponent(onlyOaks)}`);
    expect(kept.body.features.map((f) => f.id)).toEqual(oaks.map((f) => f.id));
  });

  it('serves the layers under the short names of the app configuration; clocks are objecttype 1', async () => {
    const clocks = await get<Collection>(`/stand-ins/wfs/clocks?bbox=${damBox}`);
    expect(clocks.body.features.length).toBeGreaterThan(0);
    expect(clocks.body.features.every((f) => f.properties.objecttype === '1')).toBe(true);
    const lights = await get<Collection>(`/stand-ins/wfs/streetlights?bbox=${damBox}`);
    expect(lights.body.features.length).toBeGreaterThan(clocks.body.features.length);
    const suggest = await get<Docs>('/stand-ins/locatieserver/v3/suggest?q=rokin');
    expect(suggest.body.response.docs[0].straatnaam).toBe('Rokin');
  });

  it('answers an error for an unknown layer and on request', async () => {
    expect((await get('/stand-ins/wfs?typeName=bankjes')).status).toBe(400);
    const failing = await get<{ error: { message: string } }>('/stand-ins/wfs?typeName=containers&fail=1');
    expect(failing.status).toBe(500);
    expect(failing.body.error.message).toBeTruthy();
  });
});

describe('tiles', () => {
  it('draws a PNG tile with the streets of the city', async () => {
    // Tile of zoom 10 (3.36 m/px) that contains the Dam (RD about 121400, 487400).
    const x = Math.floor((121400 + 285401.92) / (256 * 3.36));
    const y = Math.floor((903401.92 - 487400) / (256 * 3.36));
    const res = await app.inject({ method: 'GET', url: `/stand-ins/tiles/10/${x}/${y}.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
    const empty = await app.inject({ method: 'GET', url: '/stand-ins/tiles/10/0/0.png' });
    expect(res.rawPayload.length).toBeGreaterThan(empty.rawPayload.length);
  });

  it('answers 404 for a zoom level outside the grid', async () => {
    expect((await app.inject({ method: 'GET', url: '/stand-ins/tiles/40/1/1.png' })).statusCode).toBe(404);
  });
});

describe('stand-ins under hostile input (docs/security.md)', () => {
  it('matches LIKE wildcards without backtracking: single char, escape, %, and no match', async () => {
    const { compileLike } = await import('./wfs.ts');
    const like = { wildCard: '*', singleChar: '.', escapeChar: '!' };
    expect(compileLike('Quercus*', like)('quercus robur')).toBe(true);
    expect(compileLike('*rob.r', like)('Quercus robur')).toBe(true);
    expect(compileLike('Q!*', like)('Q*')).toBe(true);
    expect(compileLike('Q!*', like)('Qx')).toBe(false);
    expect(compileLike('%%%%%%%%#', like)('a'.repeat(5000))).toBe(false);
    expect(compileLike('*a*b*c', like)('xaxbxc')).toBe(true);
  });

  it('answers the worst wildcard filter (a backtracking pattern froze the server for minutes)', async () => {
    const clause = (pattern: string) =>
      `<PropertyIsLike wildCard="*" singleChar="." escapeChar="!"><PropertyName>soortnaam</PropertyName><Literal>${pattern}</Literal></PropertyIsLike>`;
    const filter = `<Filter><And>${clause('%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%#')}${clause('*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*!')}</And></Filter>`;
    const res = await get<Collection>(`/stand-ins/wfs/bomen?Filter=${encodeURIComponent(filter)}`);
    expect(res.status).toBe(200);
    expect(res.body.features).toEqual([]);
  });

  it('matches a wildcard pattern in steps linear in the text per wildcard, not by backtracking', async () => {
    const { compileLike } = await import('./wfs.ts');
    // a backtracking matcher needs about n^k steps for k wildcards on a text of n characters that
    // never matches: with 18 wildcards and 20,000 characters it would not end in this lifetime
    const pattern = `${'*a'.repeat(18)}!`;
    const like = { wildCard: '*', singleChar: '.', escapeChar: '!' };
    expect(compileLike(pattern, like)('a'.repeat(20_000))).toBe(false);
    expect(compileLike(pattern.slice(0, -1), like)('a'.repeat(20_000))).toBe(true);
  });

  it('answers a suggest matching the whole register (q=ams) from the index, with the right count', async () => {
    const { body } = await get<Docs>('/stand-ins/locatieserver/v3_1/suggest?q=ams&fq=type:adres&rows=5');
    expect(body.response.numFound).toBe(ADDRESSES.length);
    expect(body.response.docs).toHaveLength(5);
    const names = body.response.docs.map((d) => String(d.weergavenaam));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'nl', { numeric: true })));
  });
});
