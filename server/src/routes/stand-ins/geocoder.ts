/**
 * A PDOK-Locatieserver-style geocoder over the bundled address register:
 * `suggest` (free text, filtered by `fq`), `reverse` (nearest address to an RD
 * or WGS84 point) and `lookup` (one document by id). Same response shape as
 * PDOK: `{response: {numFound, start, maxScore, docs}}`.
 */
import { rdToWgs84, wgs84ToRd } from '@meldloket/engine';
import { ADDRESSES, STREET_RECORDS, distanceMetres, type StandInAddress, type StandInStreet } from './addresses.ts';
import { LOOKUP_SCHEMA, REVERSE_SCHEMA, SUGGEST_SCHEMA } from './schemas.ts';
import type { RoutePlugin } from '../../http/typed.ts';

type Doc = Record<string, unknown>;

const normalise = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const words = (text: string): string[] => normalise(text).split(' ').filter(Boolean);

interface Indexed<T> {
  record: T;
  words: string[];
}

const addressIndex: Indexed<StandInAddress>[] = ADDRESSES.map((a) => ({
  record: a,
  words: words(`${a.straatnaam} ${a.huisnummer} ${a.huis_nlt} ${a.postcode} ${a.postcode.slice(0, 4)} ${a.postcode.slice(4)} ${a.woonplaatsnaam}`),
}));
const streetIndex: Indexed<StandInStreet>[] = STREET_RECORDS.map((s) => ({ record: s, words: words(`${s.straatnaam} ${s.woonplaatsnaam}`) }));

function matches(entryWords: string[], queryWords: string[]): boolean {
  return queryWords.every((q) => entryWords.some((w) => w.startsWith(q)));
}

const point = (lng: number, lat: number): string => `POINT(${lng} ${lat})`;

function rdPoint(lat: number, lng: number): string {
  const { x, y } = wgs84ToRd({ lat, lng });
  return `POINT(${x.toFixed(3)} ${y.toFixed(3)})`;
}

export function addressDoc(a: StandInAddress, score = 1): Doc {
  return {
    type: 'adres',
    id: a.id,
    score,
    weergavenaam: a.weergavenaam,
    straatnaam: a.straatnaam,
    huisnummer: a.huisnummer,
    ...(a.huisletter ? { huisletter: a.huisletter } : {}),
    ...(a.huisnummertoevoeging ? { huisnummertoevoeging: a.huisnummertoevoeging } : {}),
    huis_nlt: a.huis_nlt,
    postcode: a.postcode,
    woonplaatsnaam: a.woonplaatsnaam,
    gemeentenaam: a.gemeentenaam,
    stadsdeel: a.stadsdeel,
    bron: 'BAG',
    centroide_ll: point(a.lng, a.lat),
    centroide_rd: rdPoint(a.lat, a.lng),
  };
}

function streetDoc(s: StandInStreet, score = 1): Doc {
  return {
    type: 'weg',
    id: s.id,
    score,
    weergavenaam: s.weergavenaam,
    straatnaam: s.straatnaam,
    woonplaatsnaam: s.woonplaatsnaam,
    gemeentenaam: s.gemeentenaam,
    bron: 'BAG',
    centroide_ll: point(s.lng, s.lat),
    centroide_rd: rdPoint(s.lat, s.lng),
  };
}

/** Parses PDOK filter queries such as `gemeentenaam:(amsterdam)`, `type:adres`, `bron:BAG`. */
export function parseFilters(fq: string | string[] | undefined): Map<string, string[]> {
  const filters = new Map<string, string[]>();
  for (const entry of ([] as string[]).concat(fq ?? [])) {
    const colon = entry.indexOf(':');
    if (colon < 0) continue;
    const key = entry.slice(0, colon).trim().toLowerCase();
    const values = entry
      .slice(colon + 1)
      .replace(/[()"]/g, ' ')
      .split(/\s+(?:or|OR)\s+|,/)
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean);
    filters.set(key, [...(filters.get(key) ?? []), ...values]);
  }
  return filters;
}

function passes(doc: Doc, filters: Map<string, string[]>): boolean {
  for (const [key, values] of filters) {
    const actual = doc[key];
    if (actual === undefined) return false;
    if (!values.includes(String(actual).toLowerCase())) return false;
  }
  return true;
}

const response = (docs: Doc[], numFound = docs.length) => ({
  response: { numFound, start: 0, maxScore: docs.length ? Number(docs[0].score) : 0, numFoundExact: true, docs },
});

function rowsOf(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 100) : fallback;
}

export const geocoder: RoutePlugin = async (app) => {
  app.get('/suggest', { schema: SUGGEST_SCHEMA }, async (request) => {
    const queryWords = words(request.query.q ?? '');
    const rows = rowsOf(request.query.rows, 10);
    if (queryWords.length === 0) return response([]);
    const filters = parseFilters(request.query.fq);
    const wanted = filters.get('type');
    const docs: Doc[] = [];
    const full = normalise(request.query.q ?? '');
    if (!wanted || wanted.includes('weg')) {
      for (const s of streetIndex) if (matches(s.words, queryWords)) docs.push(streetDoc(s.record, normalise(s.record.straatnaam) === full ? 12 : 8));
    }
    if (!wanted || wanted.includes('adres')) {
      for (const a of addressIndex) {
        if (!matches(a.words, queryWords)) continue;
        const exactNumber = queryWords.some((q) => q === normalise(a.record.huis_nlt) || q === String(a.record.huisnummer));
        docs.push(addressDoc(a.record, exactNumber ? 10 : 5));
      }
    }
    filters.delete('type');
    const kept = docs.filter((d) => passes(d, filters));
    kept.sort((a, b) => Number(b.score) - Number(a.score) || String(a.weergavenaam).localeCompare(String(b.weergavenaam), 'nl', { numeric: true }));
    return response(kept.slice(0, rows), kept.length);
  });

  app.get('/reverse', { schema: REVERSE_SCHEMA }, async (request, reply) => {
    const q = request.query;
    let origin: { lat: number; lng: number } | null = null;
    const x = Number(q.X ?? q.x);
    const y = Number(q.Y ?? q.y);
    if (Number.isFinite(x) && Number.isFinite(y) && (q.X ?? q.x) !== undefined) origin = rdToWgs84({ x, y });
    else if (q.lat !== undefined && q.lon !== undefined && Number.isFinite(Number(q.lat)) && Number.isFinite(Number(q.lon))) {
      origin = { lat: Number(q.lat), lng: Number(q.lon) };
    }
    if (!origin) return reply.code(400).send({ error: 'Geef X en Y (RD) of lat en lon op.' });
    const maxDistance = Number(q.distance);
    const rows = rowsOf(q.rows, 10);
    const filters = parseFilters(q.fq);
    const wantedTypes = (q.type ?? 'adres').toLowerCase();
    if (!wantedTypes.includes('adres')) return response([]);
    const from = origin;
    const docs = ADDRESSES.map((a) => ({ a, afstand: distanceMetres(from, a) }))
      .filter(({ afstand }) => !Number.isFinite(maxDistance) || afstand <= maxDistance)
      .sort((m, n) => m.afstand - n.afstand)
      .map(({ a, afstand }) => ({ ...addressDoc(a), afstand: Number(afstand.toFixed(1)) }))
      .filter((d) => passes(d, filters));
    return response(docs.slice(0, rows), docs.length);
  });

  app.get('/lookup', { schema: LOOKUP_SCHEMA }, async (request) => {
    const id = request.query.id ?? '';
    const address = ADDRESSES.find((a) => a.id === id);
    if (address) return response([addressDoc(address)]);
    const street = STREET_RECORDS.find((s) => s.id === id);
    return response(street ? [streetDoc(street)] : []);
  });
};
