import { describe, expect, it } from 'vitest';
import { MAP_CLUSTERS } from '@meldloket/engine';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { postReport, validReport } from './support.ts';

const sub = (main: string, slug: string) => ({ sub_category: `/signals/v1/public/terms/categories/${main}/sub_categories/${slug}` });
const at = (lng: number, lat: number) => ({ geometrie: { type: 'Point', coordinates: [lng, lat] } });
/** Around the Dam at street level (zoom 21: under 4096 px either way). */
const STREET = 'bbox=4.8998,52.3699,4.9022,52.3712&zoom=21';
/** The city at zoom 14. */
const CITY = 'bbox=4.85,52.35,4.99,52.39&zoom=14';

describe.each(DATABASE_TARGETS)('GET /signals/v1/public/signals/clusters on %s', (target) => {
  const t = useTestApp(target);
  const get = async (query: string) => {
    const res = await t().app.inject({ method: 'GET', url: `/signals/v1/public/signals/clusters?${query}` });
    return { status: res.statusCode, body: res.json() as any };
  };
  const clusters = (body: any) => body.features.filter((f: any) => f.properties.cluster).map((f: any) => f.properties.point_count);
  const reports = (body: any) => body.features.filter((f: any) => !f.properties.cluster);

  it('answers an empty FeatureCollection before any report', async () => {
    expect(await get(CITY)).toEqual({ status: 200, body: { type: 'FeatureCollection', features: [] } });
  });

  it('groups the open public reports close together on screen, and shows each one at street level', async () => {
    // three reports a few metres apart at the Dam, one 3.4 km east, one not public, one in a closed state
    for (const [lng, lat] of [
      [4.9, 52.37],
      [4.9001, 52.37],
      [4.9002, 52.3701],
      [4.95, 52.37],
    ] as const) {
      expect((await postReport(t().app, validReport({ location: at(lng, lat), category: sub('afval', 'grofvuil') }))).status).toBe(201);
    }
    await postReport(t().app, validReport({ location: at(4.9001, 52.3701), category: sub('wonen', 'leegstand') }));

    const city = await get(CITY);
    expect(city.status).toBe(200);
    expect(clusters(city.body)).toEqual([3]);
    const cluster = city.body.features.find((f: any) => f.properties.cluster);
    expect(cluster.properties.expansion_zoom).toBeGreaterThan(14);
    expect(cluster.properties.expansion_zoom).toBeLessThanOrEqual(MAP_CLUSTERS.maxZoom + 1);
    expect(reports(city.body)).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [4.95, 52.37] },
        properties: { category: { name: 'Grofvuil', slug: 'grofvuil', parent: { name: 'Afval', slug: 'afval' } }, created_at: expect.stringMatching(/\+00:00$/) },
      },
    ]);

    // past the deepest level of clusters every report is its own point, with its category and date
    const street = await get(STREET);
    expect(clusters(street.body)).toEqual([]);
    expect(reports(street.body).map((f: any) => f.geometry.coordinates)).toEqual(
      expect.arrayContaining([
        [4.9, 52.37],
        [4.9001, 52.37],
        [4.9002, 52.3701],
      ]),
    );
    expect(reports(street.body)).toHaveLength(3);
  });

  it('shows a new report at once, and follows the category filter', async () => {
    expect((await postReport(t().app, validReport({ location: at(4.9, 52.3705), category: sub('afval', 'grofvuil') }))).status).toBe(201);
    expect(reports((await get(STREET)).body)).toHaveLength(4);
    expect(clusters((await get(CITY)).body)).toEqual([4]);
    expect((await get(`${CITY}&maincategory_slug=afval`)).body.features).toHaveLength(2);
    expect((await get(`${CITY}&category_slug=container-is-vol`)).body.features).toEqual([]);
  });

  it('refuses a missing or bad bbox or zoom, a view too wide for its zoom and a category that is not public, in the API’s error shape', async () => {
    const noZoom = await get('bbox=4.85,52.35,4.99,52.39');
    expect(noZoom.status).toBe(400);
    expect(noZoom.body).toHaveProperty('zoom');
    const noBox = await get('zoom=14');
    expect(noBox.status).toBe(400);
    expect(noBox.body).toHaveProperty('bbox');
    const badBox = await get('bbox=4.99,52.35,4.85,52.39&zoom=14');
    expect(badBox).toEqual({ status: 400, body: { bbox: ['Ongeldige bbox: verwacht west,zuid,oost,noord.'] } });
    for (const zoom of ['-1', String(MAP_CLUSTERS.zoomLimit + 1), '12.5', 'ver']) {
      const bad = await get(`bbox=4.85,52.35,4.99,52.39&zoom=${zoom}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toHaveProperty('zoom');
    }
    // the whole country at street level would be millions of pixels wide
    const wide = await get('bbox=3.3,50.7,7.2,53.6&zoom=21');
    expect(wide).toEqual({ status: 400, body: { bbox: [`Het gebied is te groot voor zoomniveau 21: hoogstens ${MAP_CLUSTERS.maxSpanPx} pixels breed en hoog.`] } });
    expect((await get('bbox=3.3,50.7,7.2,53.6&zoom=7')).status).toBe(200);
    const hidden = await get(`${CITY}&category_slug=leegstand`);
    expect(hidden).toEqual({ status: 400, body: { category_slug: ['Selecteer een geldige keuze. leegstand is geen beschikbare keuze.'] } });
  });
});
