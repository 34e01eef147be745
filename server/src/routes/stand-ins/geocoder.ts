/**
 * A PDOK-Locatieserver-style geocoder over the bundled address register:
 * `suggest` (free text, filtered by `fq`), `reverse` (nearest address to an RD
 * or WGS84 point) and `lookup` (one document by id). Same response shape as
 * PDOK: `{response: {numFound, start, maxScore, docs}}`.
 */
import { rdToWgs84, wgs84ToRd } from '@meldloket/engine';
import { standInRegister, distanceMetres, type StandInAddress, type StandInStreet } from './addresses.ts';
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
  /** Position in the register sorted by display name (Dutch, numbers numerically): the tie-break. */
  rank: number;
  /** What a filter query (`fq`) tests: the record's fields plus type and source, without building a document. */
  fields: Doc;
}

const collator = new Intl.Collator('nl', { numeric: true });

function indexOf<T extends { weergavenaam: string }>(records: T[], type: string, text: (r: T) => string): Indexed<T>[] {
  const entries = records.map((record) => ({ record, words: words(text(record)), rank: 0, fields: { ...record, type, bron: 'BAG' } as Doc }));
  [...entries].sort((a, b) => collator.compare(a.record.weergavenaam, b.record.weergavenaam)).forEach((e, i) => (e.rank = i));
  return entries;
}


/**
 * A prefix index: every distinct word, sorted, with the entries that hold it. The
 * entries whose words start with a query word are found by binary search, so a
 * suggest looks at the few candidates of its most selective word instead of the
 * whole register.
 */
class PrefixIndex<T> {
  private readonly words: string[];
  private readonly postings: number[][];
  constructor(private readonly entries: Indexed<T>[]) {
    const byWord = new Map<string, number[]>();
    entries.forEach((e, i) => {
      for (const w of new Set(e.words)) (byWord.get(w) ?? byWord.set(w, []).get(w)!).push(i);
    });
    this.words = [...byWord.keys()].sort();
    this.postings = this.words.map((w) => byWord.get(w)!);
  }

  /** The entries with a word starting with `prefix` (as indexes, each once). */
  private withPrefix(prefix: string): Set<number> {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found = new Set<number>();
    for (let i = lo; i < this.words.length && this.words[i]!.startsWith(prefix); i += 1) for (const id of this.postings[i]!) found.add(id);
    return found;
  }

  /** The entries that match every query word. */
  search(queryWords: string[]): Indexed<T>[] {
    let candidates: Set<number> | undefined;
    for (const q of queryWords) {
      const hits = this.withPrefix(q);
      candidates = candidates ? new Set([...candidates].filter((id) => hits.has(id))) : hits;
      if (candidates.size === 0) return [];
    }
    return [...(candidates ?? [])].map((id) => this.entries[id]!);
  }
}

function buildSearch() {
  const { addresses, streets } = standInRegister();
  const streetIndex = indexOf(streets, 'weg', (s) => `${s.straatnaam} ${s.woonplaatsnaam}`);
  return {
    addressSearch: new PrefixIndex(indexOf(addresses, 'adres', (a) => `${a.straatnaam} ${a.huisnummer} ${a.huis_nlt} ${a.postcode} ${a.postcode.slice(0, 4)} ${a.postcode.slice(4)} ${a.woonplaatsnaam}`)),
    streetSearch: new PrefixIndex(streetIndex),
    streetCount: streetIndex.length,
  };
}
let search: ReturnType<typeof buildSearch> | undefined;
/** The search indexes, built on first use (not at start: the server answers sooner). */
export const standInSearch = () => (search ??= buildSearch());

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
    const full = normalise(request.query.q ?? '');
    filters.delete('type');
    // Score and filter on the index entries; build documents only for the page returned.
    const hits: { score: number; rank: number; doc: () => Doc }[] = [];
    const { addressSearch, streetSearch, streetCount } = standInSearch();
    if (!wanted || wanted.includes('weg')) {
      for (const s of streetSearch.search(queryWords)) {
        if (!passes(s.fields, filters)) continue;
        const score = normalise(s.record.straatnaam) === full ? 12 : 8;
        hits.push({ score, rank: s.rank, doc: () => streetDoc(s.record, score) });
      }
    }
    if (!wanted || wanted.includes('adres')) {
      for (const a of addressSearch.search(queryWords)) {
        if (!passes(a.fields, filters)) continue;
        const exactNumber = queryWords.some((q) => q === normalise(a.record.huis_nlt) || q === String(a.record.huisnummer));
        const score = exactNumber ? 10 : 5;
        hits.push({ score, rank: a.rank + streetCount, doc: () => addressDoc(a.record, score) });
      }
    }
    hits.sort((a, b) => b.score - a.score || a.rank - b.rank);
    return response(hits.slice(0, rows).map((h) => h.doc()), hits.length);
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
    const docs = standInRegister().addresses.map((a) => ({ a, afstand: distanceMetres(from, a) }))
      .filter(({ afstand }) => !Number.isFinite(maxDistance) || afstand <= maxDistance)
      .sort((m, n) => m.afstand - n.afstand)
      .map(({ a, afstand }) => ({ ...addressDoc(a), afstand: Number(afstand.toFixed(1)) }))
      .filter((d) => passes(d, filters));
    return response(docs.slice(0, rows), docs.length);
  });

  app.get('/lookup', { schema: LOOKUP_SCHEMA }, async (request) => {
    const id = request.query.id ?? '';
    const { addresses, streets } = standInRegister();
    const address = addresses.find((a) => a.id === id);
    if (address) return response([addressDoc(address)]);
    const street = streets.find((s) => s.id === id);
    return response(street ? [streetDoc(street)] : []);
  });
};
