/**
 * The national map services by default, the stand-ins as the offline fallback (docs/operations.md),
 * and the municipality's configuration in one file, handed to the app by /app-config.js.
 * A local fake speaks the national services' formats (no internet in tests).
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideMapServices, describeMapServices, parseMapServices, type MapServices, type NationalServices } from '../src/plugins/map-services.ts';
import { readMunicipalityFile } from '../src/plugins/app-config.ts';
import { buildTestApp } from './helpers.ts';

let fake: Server;
let base = '';
let unreachable = '';
const asked: string[] = [];

beforeAll(async () => {
  fake = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url?.includes('/wmts/')) response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    else if (request.url?.includes('/suggest')) response.writeHead(200, { 'content-type': 'application/json' }).end('{"response":{"numFound":0,"docs":[]}}');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
  // a port nobody listens on: take one and close it again
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  unreachable = `http://127.0.0.1:${(closed.address() as { port: number }).port}`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(() => new Promise((resolve) => fake.close(resolve)));

const national = (origin: string): NationalServices => ({
  tiles: `${origin}/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:28992/{z}/{x}/{y}.png`,
  addressSuggest: `${origin}/bzk/locatieserver/search/v3_1/suggest`,
  reverseGeocode: `${origin}/bzk/locatieserver/search/v3_1/reverse`,
  probes: [`${origin}/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:28992/5/16/16.png`, `${origin}/bzk/locatieserver/search/v3_1/suggest?q=Amstel&rows=1`],
});

describe('deciding the map services', () => {
  it('takes the national services when they answer', async () => {
    const services = await decideMapServices('auto', national(base), 2000);
    expect(services.choice).toBe('national');
    expect(services.appConfig.map?.tiles.url).toBe(national(base).tiles);
    expect(services.appConfig.map?.tiles.attribution).toMatch(/Kadaster/);
    expect(services.origins).toEqual([base]);
    expect(asked.some((u) => u.includes('/wmts/'))).toBe(true);
    expect(describeMapServices(services)).toMatch(/landelijke diensten van PDOK/);
  });

  it('falls back to the stand-ins, and says so, when they do not answer', async () => {
    const services = await decideMapServices('auto', national(unreachable), 1000);
    expect(services).toMatchObject({ choice: 'stand-in', appConfig: {}, origins: [] });
    expect(describeMapServices(services)).toMatch(/ingebouwde stand-ins, geen echte kaart \(de landelijke kaartdiensten \(PDOK\) antwoordden niet binnen 1 s\)/);
  });

  it('asks nothing when the choice is set', async () => {
    const before = asked.length;
    expect((await decideMapServices('stand-in', national(base))).choice).toBe('stand-in');
    expect((await decideMapServices('national', national(unreachable))).choice).toBe('national');
    expect(asked.length).toBe(before);
  });

  it('refuses an unknown MAP_SERVICES value in Dutch', () => {
    expect(parseMapServices(undefined)).toBe('auto');
    expect(() => parseMapServices('pdok')).toThrow('MAP_SERVICES="pdok" is onbekend: kies national, stand-in of auto.');
  });
});

describe('/app-config.js', () => {
  it('hands the app the national services and the municipality, and the CSP allows exactly those hosts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gemeente-'));
    const file = path.join(dir, 'gemeente.json');
    writeFileSync(file, JSON.stringify({ municipality: 'Utrecht', contact: { phone: '14 030' }, map: { municipality: ['Utrecht'] } }));
    const t = await buildTestApp('pglite', { config: { municipalityFile: file }, mapServices: decideMapServices('auto', national(base), 2000) });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/app-config.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
      const config = JSON.parse(response.body.replace(/^window\.__MELDLOKET_CONFIG__ = /, '').replace(/;\n$/, ''));
      expect(config).toMatchObject({
        municipality: 'Utrecht',
        contact: { phone: '14 030' },
        map: { municipality: ['Utrecht'], tiles: { url: national(base).tiles } },
        endpoints: { addressSuggest: national(base).addressSuggest },
      });
      const csp = String((await t.app.inject({ method: 'GET', url: '/signals/' })).headers['content-security-policy']);
      expect(csp).toContain(`img-src 'self' data: blob: ${base}`);
      expect(csp).toContain(`connect-src 'self' ${base}`);
    } finally {
      await t.close();
    }
  });

  it('answers at once while the national services are still being asked, and switches when they have answered', async () => {
    let settle: (services: MapServices) => void = () => undefined;
    const deciding = new Promise<MapServices>((resolve) => (settle = resolve));
    const t = await buildTestApp('pglite', { mapServicesInBackground: deciding });
    try {
      // the probe has not settled: the first page gets the stand-ins, and the CSP names no outside host
      expect((await t.app.inject({ method: 'GET', url: '/app-config.js' })).body).toBe('// Meldloket: deze installatie gebruikt de standaardinstellingen.\n');
      expect(String((await t.app.inject({ method: 'GET', url: '/signals/' })).headers['content-security-policy'])).not.toMatch(/https?:\/\//);
      settle(await decideMapServices('auto', national(base), 2000));
      await deciding;
      expect((await t.app.inject({ method: 'GET', url: '/app-config.js' })).body).toContain(national(base).tiles);
      expect(String((await t.app.inject({ method: 'GET', url: '/signals/' })).headers['content-security-policy'])).toContain(`img-src 'self' data: blob: ${base}`);
      expect(t.app.mapServices.choice).toBe('national');
    } finally {
      await t.close();
    }
  });

  it('is empty with the stand-ins and no municipality file, and the CSP names no outside host', async () => {
    const t = await buildTestApp('pglite');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/app-config.js' })).body).toBe('// Meldloket: deze installatie gebruikt de standaardinstellingen.\n');
      const csp = String((await t.app.inject({ method: 'GET', url: '/signals/' })).headers['content-security-policy']);
      expect(csp).not.toMatch(/https?:\/\//);
    } finally {
      await t.close();
    }
  });
});

describe('the municipality file', () => {
  it('names the file when it is no JSON object', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gemeente-'));
    const file = path.join(dir, 'gemeente.json');
    writeFileSync(file, '{ "municipality": ');
    expect(() => readMunicipalityFile(file)).toThrow(`${file}: kan het bestand niet lezen als JSON`);
    writeFileSync(file, '["Utrecht"]');
    expect(() => readMunicipalityFile(file)).toThrow(`${file}: verwacht een JSON-object`);
  });
});
