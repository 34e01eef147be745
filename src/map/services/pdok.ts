/**
 * Address search and reverse geocoding against a PDOK-Locatieserver-style
 * service (the real one or the embedded stand-in): suggest filtered to the
 * municipality (type adres, source BAG), reverse with RD x/y, distance 30, one row.
 */
import { parseWktPoint, wgs84ToRd, type Address, type Coordinates } from '@meldloket/engine';

export const REVERSE_DISTANCE = 30;
export const MIN_QUERY_LENGTH = 3;
export const SUGGEST_DEBOUNCE_MS = 350;
const FIELDS = 'id,weergavenaam,straatnaam,huis_nlt,huisnummer,huisletter,huisnummertoevoeging,postcode,woonplaatsnaam,stadsdeel,centroide_ll';

/** One address suggestion (docs/reference/screens.md#entities: id, weergavenaam, … centroide_ll). */
export interface AddressSuggestion {
  id: string;
  /** The text shown in the list, e.g. 'Dam 1, 1012JS Amsterdam'. */
  label: string;
  address: Address;
  coordinates: Coordinates;
}

interface PdokDoc {
  id?: string;
  weergavenaam?: string;
  straatnaam?: string;
  huis_nlt?: string;
  huisnummer?: number | string;
  huisletter?: string;
  huisnummertoevoeging?: string;
  postcode?: string;
  woonplaatsnaam?: string;
  stadsdeel?: string;
  centroide_ll?: string;
}

interface PdokResponse {
  response?: { numFound?: number; docs?: PdokDoc[] };
}

/** Splits PDOK's huis_nlt ('12A-2') when the separate fields are missing. */
function houseParts(doc: PdokDoc): Pick<Address, 'huisnummer' | 'huisletter' | 'huisnummer_toevoeging'> {
  if (doc.huisnummer !== undefined) {
    return {
      huisnummer: doc.huisnummer,
      ...(doc.huisletter ? { huisletter: doc.huisletter } : {}),
      ...(doc.huisnummertoevoeging ? { huisnummer_toevoeging: doc.huisnummertoevoeging } : {}),
    };
  }
  const match = /^(\d+)([A-Za-z]?)(?:-(.+))?$/.exec(doc.huis_nlt ?? '');
  if (!match) return {};
  return {
    huisnummer: Number(match[1]),
    ...(match[2] ? { huisletter: match[2] } : {}),
    ...(match[3] ? { huisnummer_toevoeging: match[3] } : {}),
  };
}

/** A Locatieserver document as our address. */
export function addressFromDoc(doc: PdokDoc): Address {
  return {
    ...(doc.straatnaam ? { openbare_ruimte: doc.straatnaam } : {}),
    ...houseParts(doc),
    ...(doc.postcode ? { postcode: doc.postcode } : {}),
    ...(doc.woonplaatsnaam ? { woonplaats: doc.woonplaatsnaam } : {}),
    ...(doc.stadsdeel ? { stadsdeel: doc.stadsdeel } : {}),
  };
}

function withQuery(endpoint: string, params: Array<[string, string]>): string {
  const query = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return `${endpoint}${endpoint.includes('?') ? '&' : '?'}${query}`;
}

/** The documents of a Locatieserver answer; none when it answers `null` or anything without a list. */
async function getDocs(url: string, signal?: AbortSignal): Promise<PdokDoc[]> {
  const res = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as PdokResponse | null;
  const docs = body?.response?.docs;
  return Array.isArray(docs) ? docs.filter((doc): doc is PdokDoc => typeof doc === 'object' && doc !== null) : [];
}

export interface PdokEndpoints {
  suggest: string;
  reverse: string;
  /** Municipality names the search is filtered to. */
  municipality: string[];
}

/** Suggestions for what the resident typed; throws on failure (AbortError when aborted). */
export async function suggestAddresses(endpoints: PdokEndpoints, text: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
  const municipalities = endpoints.municipality.map((m) => m.toLowerCase()).join(' or ');
  const url = withQuery(endpoints.suggest, [
    ['fq', `gemeentenaam:(${municipalities})`],
    ['fq', 'bron:BAG'],
    ['fq', 'type:adres'],
    ['fl', FIELDS],
    ['rows', '7'],
    ['q', text],
  ]);
  return (await getDocs(url, signal)).flatMap((doc) => {
    if (!doc.centroide_ll) return [];
    const coordinates = parseWktPoint(doc.centroide_ll);
    return [{ id: doc.id ?? doc.weergavenaam ?? '', label: doc.weergavenaam ?? '', address: addressFromDoc(doc), coordinates }];
  });
}

/** The address at a point (within 30 m), or undefined when there is none or the service fails. */
export async function reverseGeocode(endpoints: PdokEndpoints, point: Coordinates, signal?: AbortSignal): Promise<Address | undefined> {
  const { x, y } = wgs84ToRd(point);
  const url = withQuery(endpoints.reverse, [
    ['X', x.toFixed(2)],
    ['Y', y.toFixed(2)],
    ['type', 'adres'],
    ['rows', '1'],
    ['distance', String(REVERSE_DISTANCE)],
    ['fl', FIELDS],
  ]);
  try {
    const [doc] = await getDocs(url, signal);
    return doc ? addressFromDoc(doc) : undefined;
  } catch (error) {
    if (isAbort(error)) throw error;
    return undefined;
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException ? error.name === 'AbortError' : (error as { name?: string })?.name === 'AbortError';
}
