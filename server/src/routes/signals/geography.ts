/**
 * GET /signals/v1/public/signals/geography (docs/reference/api.md#geography): open reports in public
 * categories as GeoJSON, by bbox or exact lon/lat, optionally one feature per
 * sub-category (group_by=category). Paged by `geopage` (4000), X-Total-Count and
 * Link headers. Unlike the reference, no match gives `"features": []` (docs/architecture.md).
 * The rows of a page are counted and paged in SQL (services/geography).
 */
import { ApiError } from '../../http/api-error.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequestSchema, baseUrl, pageNumberSchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { publicGeography, type PublicGeographyRow } from '../../services/geography/index.ts';
import { API_PATHS, GEO_PAGE_SIZE, MAP_CLUSTERS, spanInPixels } from '@meldloket/engine';

const invalidChoice = (v: string) => `Selecteer een geldige keuze. ${v} is geen beschikbare keuze.`;

/** ISO-8601 in UTC with microseconds and +00:00, as PostgreSQL writes it in JSON. */
export const utcIso = (d: Date) => d.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');

/** Response schema of a GeoJSON FeatureCollection of points whose properties follow `properties`. */
export function featureCollectionSchema<P extends object>(properties: P) {
  return {
    type: 'object',
    properties: {
      type: { type: 'string' },
      features: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            type: { type: 'string' },
            geometry: { type: 'object', properties: { type: { type: 'string' }, coordinates: { type: 'array', items: { type: 'number' } } } },
            properties: { type: 'object', properties },
          },
        },
      },
    },
  } as const;
}

/** A public report's properties on the map (the geography call, a single report of the clusters call). */
const reportPropertiesSchema = {
  category: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      slug: { type: 'string' },
      parent: { type: 'object', properties: { name: { type: 'string' }, slug: { type: 'string' } } },
    },
  },
  created_at: { type: 'string' },
} as const;

const publicFeatures = featureCollectionSchema(reportPropertiesSchema);

/** X-Total-Count and the Link header (self, next, prev by `geopage`) of a geography page. */
/** A page of located rows as a GeoJSON FeatureCollection of points, each with its `properties`. */
export function pointFeatureCollection<R extends { lng: number; lat: number }, P>(rows: R[], properties: (row: R) => P) {
  return {
    type: 'FeatureCollection' as const,
    features: rows.map((r) => ({ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [r.lng, r.lat] }, properties: properties(r) })),
  };
}

export function geoPageHeaders(request: FastifyRequest, reply: FastifyReply, count: number, page: number) {
  const pages = Math.max(1, Math.ceil(count / GEO_PAGE_SIZE));
  const url = new URL(request.url, baseUrl(request));
  const pageUrl = (p: number) => {
    const u = new URL(url);
    u.searchParams.set('geopage', String(p));
    return u.href;
  };
  const links = [`<${url.href}>; rel="self"`];
  if (page < pages) links.push(`<${pageUrl(page + 1)}>; rel="next"`);
  if (page > 1) links.push(`<${pageUrl(page - 1)}>; rel="prev"`);
  reply.header('X-Total-Count', String(count)).header('Link', links.join(', '));
}

/** `bbox=w,s,e,n` as numbers, or a 400 on `bbox`. */
function parseBbox(text: string): [number, number, number, number] {
  const box = text.split(',').map((p) => Number(p.trim()));
  if (box.length !== 4 || !box.every(Number.isFinite) || box[0]! >= box[2]! || box[1]! >= box[3]!) {
    throw ApiError.field('bbox', 'Ongeldige bbox: verwacht west,zuid,oost,noord.');
  }
  return box as [number, number, number, number];
}

/** The category filter of the map's calls: every main category known, every sub-category public; else a 400 per field. */
async function checkCategories(app: FastifyInstance, q: { maincategory_slug?: string[]; category_slug?: string[] }): Promise<void> {
  const tree = await app.categories.tree();
  const errors: Record<string, string[]> = {};
  for (const slug of q.maincategory_slug ?? []) if (!tree.some((m) => m.slug === slug)) (errors.maincategory_slug ??= []).push(invalidChoice(slug));
  for (const slug of q.category_slug ?? []) {
    if (!tree.some((m) => m.sub_categories.some((s) => s.slug === slug && s.is_public_accessible))) (errors.category_slug ??= []).push(invalidChoice(slug));
  }
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
}

const categoryFilterSchema = {
  maincategory_slug: { type: 'array', items: { type: 'string' } },
  category_slug: { type: 'array', items: { type: 'string' } },
} as const;

/** A public report's properties on the map: its category and when it was made. */
const reportProperties = (r: PublicGeographyRow) => ({
  category: {
    name: r.public_name || r.name,
    slug: r.slug,
    parent: { name: r.main_public_name || r.main_name, slug: r.main_slug },
  },
  created_at: utcIso(new Date(r.created_at)),
});

const clusterFeatures = featureCollectionSchema({
  cluster: { type: 'boolean' },
  point_count: { type: 'integer' },
  expansion_zoom: { type: 'integer' },
  ...reportPropertiesSchema,
} as const);

export const geographyRoutes: RoutePlugin = async (app) => {
  app.get(API_PATHS.publicClusters, {
    schema: {
      querystring: {
        type: 'object',
        required: ['bbox', 'zoom'],
        properties: {
          bbox: { type: 'string' },
          zoom: { type: 'integer', minimum: 0, maximum: MAP_CLUSTERS.zoomLimit },
          ...categoryFilterSchema,
        },
      },
      response: { 200: clusterFeatures, 400: badRequestSchema },
    },
    handler: async (request) => {
      const q = request.query;
      const box = parseBbox(q.bbox);
      const span = spanInPixels(box, q.zoom);
      if (span.x > MAP_CLUSTERS.maxSpanPx || span.y > MAP_CLUSTERS.maxSpanPx) {
        throw ApiError.field('bbox', `Het gebied is te groot voor zoomniveau ${q.zoom}: hoogstens ${MAP_CLUSTERS.maxSpanPx} pixels breed en hoog.`);
      }
      await checkCategories(app, q);
      const items = await app.mapClusters.view({ mainSlugs: q.maincategory_slug, subSlugs: q.category_slug }, box, q.zoom);
      return {
        type: 'FeatureCollection' as const,
        features: items.map((item) => ({
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [item.lng, item.lat] },
          properties: item.kind === 'cluster' ? { cluster: true, point_count: item.count, expansion_zoom: item.expansionZoom } : reportProperties(item.row),
        })),
      };
    },
  });


  app.get(API_PATHS.publicGeography, {
    schema: {
      querystring: {
        type: 'object',
        properties: {
          bbox: { type: 'string' },
          lon: { type: 'number' },
          lat: { type: 'number' },
          ...categoryFilterSchema,
          group_by: { type: 'string', enum: ['category'] },
          geopage: pageNumberSchema,
          ordering: { type: 'string' },
        },
      },
      response: { 200: publicFeatures, 400: badRequestSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      const hasPoint = q.lon !== undefined && q.lat !== undefined;
      if (!q.bbox && !hasPoint) throw new ApiError(400, { non_field_errors: ['Either bbox or lon/lat must be filled in'] });
      const box = q.bbox ? parseBbox(q.bbox) : undefined;
      await checkCategories(app, q);

      const page = q.geopage ?? 1;
      const filter = {
        box,
        point: hasPoint ? { lon: q.lon!, lat: q.lat! } : undefined,
        mainSlugs: q.maincategory_slug,
        subSlugs: q.category_slug,
        groupByCategory: q.group_by === 'category',
      };
      const { count, rows } = await publicGeography(app.db, filter, page, GEO_PAGE_SIZE);
      geoPageHeaders(request, reply, count, page);

      return pointFeatureCollection(rows, reportProperties);
    },
  });
};
