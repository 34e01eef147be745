/**
 * A municipality file points to its areas (docs/routing.md): its `areas` names a GeoJSON
 * file per area type, imported at start where the database has none of that type (and not again);
 * reports then lie in them; a mistake in the file stops the start naming its JSON path. Without the
 * key the demo configuration's districts and neighbourhoods are used.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaSources, DEMO_MUNICIPALITY_FILE, importMissingAreas, readAreaSources } from '../src/areas/sources.ts';
import { MunicipalityFileError } from '../src/plugins/app-config.ts';
import { useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { postReport, validReport } from './support.ts';

const DAM: [number, number] = [4.8936, 52.3731];
const folder = mkdtempSync(path.join(tmpdir(), 'meldloket-area-sources-'));
const ring = [[4.88, 52.37], [4.9, 52.37], [4.9, 52.38], [4.88, 52.38], [4.88, 52.37]];
writeFileSync(path.join(folder, 'onderhoud.geojson'), JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { gebiedcode: 'OH-C', gebiednaam: 'Onderhoud Centrum' }, geometry: { type: 'Polygon', coordinates: [ring] } }] }));
const municipalityFile = path.join(folder, 'gemeente.json');
writeFileSync(municipalityFile, JSON.stringify({ municipality: 'Amsterdam', areas: [{ type_code: 'onderhoud', type_name: 'Onderhoudsgebied', file: 'onderhoud.geojson', code_property: 'gebiedcode', name_property: 'gebiednaam' }] }));

describe('a municipality file points to its areas', () => {
  const t = useTestApp('pglite', { config: { municipalityFile } });

  it('imports the named file at start where the database has none of that type, once; the next report lies in it', async () => {
    const token = await mintToken(t().app, ACCOUNTS.coordinator.email);
    const list = await t().app.inject({ method: 'GET', url: '/signals/v1/private/areas/', headers: bearer(token) });
    expect(list.json().types).toEqual(expect.arrayContaining([{ code: 'onderhoud', name: 'Onderhoudsgebied', count: 1 }]));
    expect(list.json().results.find((a: { code: string }) => a.code === 'OH-C')).toMatchObject({ name: 'Onderhoud Centrum', type: { code: 'onderhoud' } });
    // a later start finds the type and leaves it (a change in the settings is kept)
    expect(await importMissingAreas(t().app.db, areaSources(municipalityFile))).toEqual([]);
    const res = await postReport(t().app, validReport({ location: { geometrie: { type: 'Point', coordinates: DAM } } }));
    expect(res.status).toBe(201);
    const found = await t().app.inject({ method: 'GET', url: '/signals/v1/private/signals/?area_type_code=onderhoud&area_code=OH-C', headers: bearer(token) });
    expect(found.json().results.map((r: { id: number }) => r.id).length).toBeGreaterThan(0);
  });

  it('names a mistake in the file with its JSON path', () => {
    const check = (areas: unknown) => () => readAreaSources(municipalityFile, { areas });
    expect(check([{ type_code: 'buurt', type_name: 'Buurt', file: 'bestaat-niet.geojson' }])).toThrow(MunicipalityFileError);
    expect(check([{ type_code: 'buurt', type_name: 'Buurt', file: 'bestaat-niet.geojson' }])).toThrow(/\/areas\/0\/file: het bestand .*bestaat-niet\.geojson bestaat niet/);
    expect(check([{ type_code: 'Buurt!', type_name: 'Buurt', file: 'onderhoud.geojson' }])).toThrow(/\/areas\/0\/type_code/);
    expect(check({})).toThrow(/\/areas: verwacht een lijst/);
  });

  it('without areas in the file: the demo configuration, the stand-in districts and their neighbourhoods', () => {
    expect(areaSources().map((s) => [s.typeCode, path.basename(s.file)])).toEqual([['stadsdeel', 'districts.json'], ['buurt', 'buurten.geojson']]);
    expect(areaSources(DEMO_MUNICIPALITY_FILE)).toEqual(areaSources());
  });
});
