import { describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { postReport, validReport } from './support.ts';
import { publicGeography } from '../src/services/geography/index.ts';

const sub = (main: string, slug: string) => ({ sub_category: `/signals/v1/public/terms/categories/${main}/sub_categories/${slug}` });

describe.each(DATABASE_TARGETS)('GET /signals/v1/public/signals/geography on %s', (target) => {
  const t = useTestApp(target);
  const get = async (query: string) => {
    const res = await t().app.inject({ method: 'GET', url: `/signals/v1/public/signals/geography?${query}` });
    return { status: res.statusCode, body: res.json() as any, headers: res.headers };
  };
  const at = (lng: number, lat: number) => ({ geometrie: { type: 'Point', coordinates: [lng, lat] } });

  it('answers an empty FeatureCollection before any report', async () => {
    const { status, body, headers } = await get('bbox=4.7,52.2,5.1,52.5');
    expect(status).toBe(200);
    expect(body).toEqual({ type: 'FeatureCollection', features: [] });
    expect(headers['x-total-count']).toBe('0');
  });

  it('finds open reports in public categories inside the box, without ids', async () => {
    await postReport(t().app, validReport({ location: at(4.9, 52.37), category: sub('afval', 'grofvuil') }));
    await postReport(t().app, validReport({ location: at(4.91, 52.36), category: sub('afval', 'grofvuil') }));
    await postReport(t().app, validReport({ location: at(4.92, 52.35), category: sub('wonen', 'leegstand') }));
    await postReport(t().app, validReport({ location: at(5.5, 52.0), category: sub('afval', 'grofvuil') }));
    const closed = await postReport(t().app, validReport({ location: at(4.93, 52.34), category: sub('afval', 'huisafval') }));
    await t().app.db.updateTable('signal').set({ state: 'o' }).where('uuid', '=', closed.body.signal_id).execute();

    const { body, headers } = await get('bbox=4.7,52.2,5.1,52.5');
    expect(body.features).toHaveLength(2);
    expect(headers['x-total-count']).toBe('2');
    expect(headers.link).toContain('rel="self"');
    const f = body.features[0];
    expect(f).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [4.9, 52.37] },
      properties: { category: { name: 'Grofvuil', slug: 'grofvuil', parent: { name: 'Afval', slug: 'afval' } }, created_at: expect.stringMatching(/\+00:00$/) },
    });
  });

  it('groups by category and matches a point exactly', async () => {
    const grouped = await get('bbox=4.7,52.2,5.1,52.5&group_by=category');
    expect(grouped.body.features).toHaveLength(1);
    const point = await get('lon=4.91&lat=52.36');
    expect(point.body.features).toHaveLength(1);
    expect((await get('lon=4.911&lat=52.36')).body.features).toEqual([]);
  });

  it('filters by main and sub-category slug', async () => {
    expect((await get('bbox=4.7,52.2,5.1,52.5&maincategory_slug=afval')).body.features).toHaveLength(2);
    expect((await get('bbox=4.7,52.2,5.1,52.5&category_slug=grofvuil&category_slug=huisafval')).body.features).toHaveLength(2);
    expect((await get('bbox=4.7,52.2,5.1,52.5&maincategory_slug=wegen-verkeer-straatmeubilair')).body.features).toEqual([]);
  });

  it('pages in SQL: a page holds at most its size, west to east, and a page past the end reads no rows', async () => {
    const box = [4.7, 52.2, 5.1, 52.5] as const;
    const first = await publicGeography(t().app.db, { box }, 1, 1);
    const second = await publicGeography(t().app.db, { box }, 2, 1);
    const past = await publicGeography(t().app.db, { box }, 3, 1);
    expect(first).toMatchObject({ count: 2, rows: [{ lng: 4.9, lat: 52.37 }] });
    expect(second).toMatchObject({ count: 2, rows: [{ lng: 4.91, lat: 52.36 }] });
    expect(past).toEqual({ count: 2, rows: [] });
    expect(await publicGeography(t().app.db, { box, groupByCategory: true }, 1, 10)).toMatchObject({ count: 1, rows: [{ lng: 4.9, slug: 'grofvuil' }] });

    const page2 = await get('bbox=4.7,52.2,5.1,52.5&geopage=2');
    expect(page2.status).toBe(200);
    expect(page2.body.features).toEqual([]);
    expect(page2.headers['x-total-count']).toBe('2');
    expect(page2.headers.link).toContain('rel="prev"');
    const huge = await get('bbox=4.7,52.2,5.1,52.5&geopage=900719925474099');
    expect(huge.status).toBe(200);
    expect(huge.body.features).toEqual([]);
  });

  it('refuses a request without bbox or lon/lat, a bad bbox and a category that is not public', async () => {
    const none = await get('group_by=category');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ non_field_errors: ['Either bbox or lon/lat must be filled in'] });
    const bad = await get('bbox=4.7,52.2');
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('bbox');
    const hidden = await get('bbox=4.7,52.2,5.1,52.5&category_slug=leegstand');
    expect(hidden.body).toEqual({ category_slug: ['Selecteer een geldige keuze. leegstand is geen beschikbare keuze.'] });
    const wrongType = await get('lon=oost&lat=52');
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toHaveProperty('lon');
  });
});
