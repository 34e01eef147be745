/**
 * Importing areas from GeoJSON (docs/routing.md): a FeatureCollection of Polygons and
 * MultiPolygons in WGS84, or in RD (EPSG:28992, named in the file's `crs` or recognised by its
 * metre coordinates) converted with proj4 (the engine's `transformPoint`). Each feature's code and
 * name are read from the properties the settings name (default `code` and `naam`/`name`). The
 * areas of that type are replaced as a whole; reports keep their links to areas that stay.
 * Every mistake is named in Dutch with the feature's place in the file.
 */
import { transformPoint } from '@meldloket/engine';
import type { Db } from '../db/index.ts';
import { invalid } from '../domain/errors.ts';
import type { AreaGeometry } from './index.ts';

export const IMPORT_MESSAGES = {
  notCollection: 'Het bestand is geen GeoJSON FeatureCollection.',
  empty: 'Het bestand bevat geen gebieden.',
  tooMany: (max: number) => `Het bestand bevat meer dan ${max} gebieden.`,
  notPolygon: (i: number) => `Gebied ${i + 1}: de geometrie is geen Polygon of MultiPolygon.`,
  badCoordinates: (i: number) => `Gebied ${i + 1}: ongeldige coördinaten.`,
  noCode: (i: number, key: string) => `Gebied ${i + 1}: de eigenschap "${key}" (code) ontbreekt.`,
  duplicate: (code: string) => `De code "${code}" komt meer dan eens voor.`,
  outside: (i: number) => `Gebied ${i + 1} ligt niet in Nederland; is het coördinatenstelsel juist (WGS84 of RD)?`,
  crs: (name: string) => `Het coördinatenstelsel ${name} wordt niet ondersteund; gebruik WGS84 (EPSG:4326) of RD (EPSG:28992).`,
};

export const MAX_IMPORT_AREAS = 5000;

export interface ImportOptions {
  typeCode: string;
  typeName: string;
  codeProperty?: string;
  nameProperty?: string;
}

export interface ParsedArea {
  code: string;
  name: string;
  geometry: AreaGeometry;
}

type Position = [number, number];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPosition = (p: unknown): p is number[] => Array.isArray(p) && p.length >= 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n));
const isRing = (r: unknown): r is number[][] => Array.isArray(r) && r.length >= 4 && r.every(isPosition);

/** 'rd' or 'wgs84' from the file's crs member; undefined when it names none. */
function crsOf(collection: Record<string, unknown>): 'rd' | 'wgs84' | undefined {
  const name = isObject(collection.crs) && isObject(collection.crs.properties) ? String(collection.crs.properties.name ?? '') : '';
  if (!name) return undefined;
  if (/28992/.test(name)) return 'rd';
  if (/4326|CRS84/i.test(name)) return 'wgs84';
  throw invalid({ file: [IMPORT_MESSAGES.crs(name)] });
}

/** Parses and checks a GeoJSON FeatureCollection into WGS84 areas. */
export function parseAreas(collection: unknown, options: ImportOptions): ParsedArea[] {
  if (!isObject(collection) || collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) throw invalid({ file: [IMPORT_MESSAGES.notCollection] });
  const features = collection.features as unknown[];
  if (features.length === 0) throw invalid({ file: [IMPORT_MESSAGES.empty] });
  if (features.length > MAX_IMPORT_AREAS) throw invalid({ file: [IMPORT_MESSAGES.tooMany(MAX_IMPORT_AREAS)] });
  const declared = crsOf(collection);
  const codeKey = options.codeProperty || 'code';
  const nameKeys = options.nameProperty ? [options.nameProperty] : ['naam', 'name'];
  const errors: string[] = [];
  const areas: ParsedArea[] = [];
  const seen = new Set<string>();
  features.forEach((f, i) => {
    const geometry = isObject(f) && isObject(f.geometry) ? f.geometry : undefined;
    const properties = isObject(f) && isObject(f.properties) ? f.properties : {};
    if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return void errors.push(IMPORT_MESSAGES.notPolygon(i));
    const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as unknown[];
    if (!Array.isArray(polygons) || !polygons.every((p) => Array.isArray(p) && p.length > 0 && p.every(isRing))) return void errors.push(IMPORT_MESSAGES.badCoordinates(i));
    const raw = properties[codeKey];
    if (raw === undefined || raw === null || String(raw).trim() === '') return void errors.push(IMPORT_MESSAGES.noCode(i, codeKey));
    const code = String(raw).trim();
    if (seen.has(code)) return void errors.push(IMPORT_MESSAGES.duplicate(code));
    seen.add(code);
    const name = String(nameKeys.map((k) => properties[k]).find((v) => v !== undefined && v !== null && String(v).trim() !== '') ?? code).trim();
    const first = (polygons[0] as number[][][])[0]![0]!;
    const rd = declared ? declared === 'rd' : Math.abs(first[0]!) > 180 || Math.abs(first[1]!) > 90;
    const convert = (p: number[]): Position => {
      const [x, y] = rd ? transformPoint('EPSG:28992', 'EPSG:4326', [p[0]!, p[1]!]) : [p[0]!, p[1]!];
      return [Number(x.toFixed(7)), Number(y.toFixed(7))];
    };
    const rings = (polygons as number[][][][]).map((polygon) => polygon.map((ring) => ring.map(convert)));
    const inside = rings.every((polygon) => polygon.every((ring) => ring.every(([x, y]) => x > 3 && x < 7.5 && y > 50.5 && y < 54)));
    if (!inside) return void errors.push(IMPORT_MESSAGES.outside(i));
    areas.push({ code, name, geometry: geometry.type === 'Polygon' ? { type: 'Polygon', coordinates: rings[0]! } : { type: 'MultiPolygon', coordinates: rings } });
  });
  if (errors.length) throw invalid({ file: errors.slice(0, 20) });
  return areas;
}

/** Stores the areas of a type (created when new), replacing that type's areas; returns how many. */
export async function importAreas(db: Db, collection: unknown, options: ImportOptions): Promise<{ type_code: string; count: number }> {
  const areas = parseAreas(collection, options);
  await db.transaction().execute((trx) => storeAreas(trx, areas, options));
  return { type_code: options.typeCode, count: areas.length };
}

/** Replaces the areas of a type with `areas` (the type made when new), inside the caller's transaction. */
export async function storeAreas(trx: Db, areas: ParsedArea[], options: ImportOptions): Promise<void> {
  const type = await trx
    .insertInto('area_type')
    .values({ code: options.typeCode, name: options.typeName })
    .onConflict((oc) => oc.column('code').doUpdateSet({ name: options.typeName }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const existing = new Map((await trx.selectFrom('area').select(['id', 'code']).where('type_id', '=', type.id).execute()).map((a) => [a.code, a.id]));
  const codes = new Set(areas.map((a) => a.code));
  const gone = [...existing].filter(([code]) => !codes.has(code)).map(([, id]) => id);
  if (gone.length) await trx.deleteFrom('area').where('id', 'in', gone).execute();
  for (const a of areas) {
    const id = existing.get(a.code);
    if (id) await trx.updateTable('area').set({ name: a.name, geometry: JSON.stringify(a.geometry) }).where('id', '=', id).execute();
    else await trx.insertInto('area').values({ type_id: type.id, code: a.code, name: a.name, geometry: JSON.stringify(a.geometry) }).execute();
  }
}
