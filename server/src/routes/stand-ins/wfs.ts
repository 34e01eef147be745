/**
 * A WFS-style GetFeature service over the example layers. Accepts `typeName`
 * (or `typenames`, or a path `/wfs/{layer}` with the names containers, streetlights,
 * clocks, trees), a `bbox` of west,south,east,north in WGS84 and/or an OGC
 * `Filter` with a BBOX envelope and PropertyIsEqualTo / PropertyIsNotEqualTo /
 * PropertyIsLike clauses, each possibly inside Not (all wrapped in And), and
 * answers GeoJSON. The street-tree layer `bomen` is filtered that way on its
 * `soortnaam`: `<Not><PropertyIsLike …>Quercus*</…></Not>` leaves the oaks out. `count` limits
 * the number of features. A `fail=1` parameter answers 500, so the map's error
 * message can be seen.
 */
import { standInLayers, LAYER_NAMES, type LayerName, type PointFeature } from './layers.ts';
import { WFS_SCHEMA } from './schemas.ts';
import type { RoutePlugin } from '../../http/typed.ts';

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

interface Clause {
  op: 'PropertyIsEqualTo' | 'PropertyIsNotEqualTo' | 'PropertyIsLike';
  property: string;
  literal: string;
  /** Inside an OGC `Not`: the clause holds when the comparison does not. */
  negate?: boolean;
  /** PropertyIsLike's own wildCard, singleChar and escapeChar attributes (without them: `*` and no others). */
  like?: { wildCard: string; singleChar: string; escapeChar: string };
}

const attribute = (tag: string, name: string, fallback: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] || fallback;

export function parseBbox(text: string | undefined): Box | null {
  if (!text) return null;
  const [west, south, east, north] = text.split(',').slice(0, 4).map(Number);
  if (![west, south, east, north].every(Number.isFinite)) return null;
  return { west, south, east, north };
}

/** Reads the envelope and the property clauses out of an OGC filter. */
export function parseFilter(xml: string | undefined): { box: Box | null; clauses: Clause[] } {
  if (!xml) return { box: null, clauses: [] };
  let box: Box | null = null;
  const lower = /<(?:\w+:)?lowerCorner>\s*([-\d.]+)\s+([-\d.]+)\s*<\/(?:\w+:)?lowerCorner>/.exec(xml);
  const upper = /<(?:\w+:)?upperCorner>\s*([-\d.]+)\s+([-\d.]+)\s*<\/(?:\w+:)?upperCorner>/.exec(xml);
  if (lower && upper) box = { west: Number(lower[1]), south: Number(lower[2]), east: Number(upper[1]), north: Number(upper[2]) };
  const clauses: Clause[] = [];
  // A clause, with the opening of a `Not` right before it when it is negated.
  const clause = /(<(?:\w+:)?Not>\s*)?(<(?:\w+:)?(PropertyIsEqualTo|PropertyIsNotEqualTo|PropertyIsLike)\b[^>]*>)([\s\S]*?)<\/(?:\w+:)?\3>/g;
  for (let m = clause.exec(xml); m; m = clause.exec(xml)) {
    const property = /<(?:\w+:)?(?:PropertyName|ValueReference)>\s*([^<]+?)\s*</.exec(m[4])?.[1];
    const literal = /<(?:\w+:)?Literal>\s*([^<]*?)\s*</.exec(m[4])?.[1];
    if (property === undefined || literal === undefined) continue;
    const op = m[3] as Clause['op'];
    const like = op === 'PropertyIsLike'
      ? { wildCard: attribute(m[2], 'wildCard', '*'), singleChar: attribute(m[2], 'singleChar', ''), escapeChar: attribute(m[2], 'escapeChar', '') }
      : undefined;
    clauses.push({ op, property, literal, ...(m[1] ? { negate: true } : {}), ...(like ? { like } : {}) });
  }
  return { box, clauses };
}

function inside(feature: PointFeature, box: Box): boolean {
  const [lng, lat] = feature.geometry.coordinates;
  return lng >= box.west && lng <= box.east && lat >= box.south && lat <= box.north;
}

type LikeToken = { kind: 'any' } | { kind: 'one' } | { kind: 'char'; ch: string };

/**
 * A LIKE pattern as a matcher: the wild card is any text, the single char one
 * character, the escape char makes the next one literal; `%` is a wild card too;
 * case-insensitive. Matched with the two-pointer wildcard algorithm (at most
 * text × pattern steps), never a backtracking regular expression: `%%%%%%%%#`
 * once froze the server for minutes.
 */
export function compileLike(pattern: string, like: NonNullable<Clause['like']> = { wildCard: '*', singleChar: '', escapeChar: '' }): (text: string) => boolean {
  const tokens: LikeToken[] = [];
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i]!;
    if (ch === like.escapeChar && i + 1 < pattern.length) tokens.push({ kind: 'char', ch: pattern[++i]!.toLowerCase() });
    else if (ch === like.wildCard || ch === '%') {
      if (tokens.at(-1)?.kind !== 'any') tokens.push({ kind: 'any' }); // ** is *
    } else if (ch === like.singleChar) tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'char', ch: ch.toLowerCase() });
  }
  return (value) => {
    const text = value.toLowerCase();
    let t = 0;
    let p = 0;
    let star = -1;
    let starText = 0;
    while (t < text.length) {
      const token = tokens[p];
      if (token && token.kind !== 'any' && (token.kind === 'one' || token.ch === text[t])) {
        p += 1;
        t += 1;
      } else if (token?.kind === 'any') {
        star = p;
        p += 1;
        starText = t;
      } else if (star >= 0) {
        p = star + 1;
        starText += 1;
        t = starText;
      } else return false;
    }
    while (tokens[p]?.kind === 'any') p += 1;
    return p === tokens.length;
  };
}

const matchers = new WeakMap<Clause, (text: string) => boolean>();

function compare(feature: PointFeature, clause: Clause): boolean {
  const value = feature.properties[clause.property];
  if (clause.op === 'PropertyIsLike') {
    let match = matchers.get(clause);
    if (!match) matchers.set(clause, (match = compileLike(clause.literal, clause.like)));
    return value !== undefined && match(String(value));
  }
  const equal = value !== undefined && String(value) === clause.literal;
  return clause.op === 'PropertyIsEqualTo' ? equal : !equal;
}

function holds(feature: PointFeature, clause: Clause): boolean {
  return clause.negate ? !compare(feature, clause) : compare(feature, clause);
}

/** Layers by the short names of the app's configuration; clocks are the streetlights of objecttype 1. */
const ALIASES: Record<string, { layer: LayerName; clauses: Clause[] }> = {
  containers: { layer: 'containers', clauses: [] },
  streetlights: { layer: 'lichtpunten', clauses: [] },
  clocks: { layer: 'lichtpunten', clauses: [{ op: 'PropertyIsEqualTo', property: 'objecttype', literal: '1' }] },
  trees: { layer: 'eikenbomen', clauses: [] },
};

export const wfs: RoutePlugin = async (app) => {
  app.get('/wfs/:layer?', { schema: WFS_SCHEMA }, async (request, reply) => {
    const q = request.query;
    if (q.fail === '1') return reply.code(500).send({ error: { message: 'De kaartlaag is tijdelijk niet beschikbaar.' } });
    const alias = ALIASES[request.params.layer ?? ''];
    const name = alias?.layer ?? (request.params.layer || (q.typeName ?? q.typename ?? q.typeNames ?? q.typenames ?? q.TYPENAME ?? '')).replace(/^\w+:/, '');
    if (!LAYER_NAMES.includes(name as LayerName)) {
      const names = [...LAYER_NAMES, ...Object.keys(ALIASES)].join(', ');
      return reply.code(400).send({ error: { message: `Onbekende laag '${name}'. Kies uit: ${names}.` } });
    }
    const parsed = parseFilter(q.Filter ?? q.filter ?? q.FILTER);
    const filterBox = parsed.box;
    const clauses = [...parsed.clauses, ...(alias?.clauses ?? [])];
    const box = filterBox ?? parseBbox(q.bbox ?? q.BBOX);
    const limit = Number(q.count) > 0 ? Number(q.count) : 2000;
    const features = standInLayers()[name as LayerName].filter((f) => (!box || inside(f, box)) && clauses.every((c) => holds(f, c))).slice(0, limit);
    return reply.type('application/geo+json; charset=utf-8').send({
      type: 'FeatureCollection',
      numberReturned: features.length,
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4326' } },
      features,
    });
  });
};
