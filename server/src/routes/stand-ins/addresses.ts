/**
 * The address register of the geocoding stand-in: every street of `streets.ts`
 * expanded into house numbers (some with a letter or an addition) with a postcode
 * and a point along the street. Deterministic, so tests can rely on it.
 */
import { STREETS } from './streets.ts';

export interface StandInAddress {
  id: string;
  straatnaam: string;
  huisnummer: number;
  huisletter?: string;
  huisnummertoevoeging?: string;
  huis_nlt: string;
  postcode: string;
  woonplaatsnaam: string;
  gemeentenaam: string;
  stadsdeel: string;
  weergavenaam: string;
  lat: number;
  lng: number;
}

export interface StandInStreet {
  id: string;
  straatnaam: string;
  woonplaatsnaam: string;
  gemeentenaam: string;
  weergavenaam: string;
  lat: number;
  lng: number;
}

export const MUNICIPALITY = 'Amsterdam';
const POSTCODE_LETTERS = 'ABCDEGHJKLMNPRSTVWXZ';
const METRES_PER_DEGREE_LAT = 111_320;

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

function postcodeFor(street: string, postcode4: string, block: number): string {
  const h = hash(street);
  let first = POSTCODE_LETTERS[(h + block * 3) % POSTCODE_LETTERS.length];
  const second = POSTCODE_LETTERS[((h >>> 8) + block) % POSTCODE_LETTERS.length];
  if (`${first}${second}` === 'SA' || `${first}${second}` === 'SD' || `${first}${second}` === 'SS') first = 'T';
  return `${postcode4}${first}${second}`;
}

/** A point `along` metres down the street from its centre and `side` metres to the side. */
function offset(lat: number, lng: number, bearing: number, along: number, side: number): [number, number] {
  const rad = (bearing * Math.PI) / 180;
  const north = along * Math.cos(rad) - side * Math.sin(rad);
  const east = along * Math.sin(rad) + side * Math.cos(rad);
  const dLat = north / METRES_PER_DEGREE_LAT;
  const dLng = east / (METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180));
  return [Number((lat + dLat).toFixed(7)), Number((lng + dLng).toFixed(7))];
}

function displayName(a: Omit<StandInAddress, 'weergavenaam' | 'id'>): string {
  return `${a.straatnaam} ${a.huis_nlt}, ${a.postcode} ${a.woonplaatsnaam}`;
}

function build(): { addresses: StandInAddress[]; streets: StandInStreet[] } {
  const addresses: StandInAddress[] = [];
  const streets: StandInStreet[] = [];
  STREETS.forEach(([name, lat, lng, bearing, length, postcode4, district], streetIndex) => {
    streets.push({
      id: `weg-${streetIndex + 1}`,
      straatnaam: name,
      woonplaatsnaam: MUNICIPALITY,
      gemeentenaam: MUNICIPALITY,
      weergavenaam: `${name}, ${MUNICIPALITY}`,
      lat,
      lng,
    });
    const count = Math.max(6, Math.min(80, Math.round(length / 15)));
    for (let n = 1; n <= count; n += 1) {
      const along = ((Math.ceil(n / 2) - 0.5) / Math.ceil(count / 2) - 0.5) * length;
      const side = n % 2 === 1 ? 9 : -9;
      const [pLat, pLng] = offset(lat, lng, bearing, along, side);
      const postcode = postcodeFor(name, postcode4, Math.floor((n - 1) / 10));
      const variants: Array<{ huisletter?: string; huisnummertoevoeging?: string }> = [{}];
      if (n % 9 === 0) variants.push({ huisletter: 'A' });
      if (n % 6 === 0) variants.push({ huisnummertoevoeging: '1' }, { huisnummertoevoeging: '2' });
      variants.forEach((variant, v) => {
        const huis_nlt = `${n}${variant.huisletter ?? ''}${variant.huisnummertoevoeging ? `-${variant.huisnummertoevoeging}` : ''}`;
        const base = {
          straatnaam: name,
          huisnummer: n,
          ...variant,
          huis_nlt,
          postcode,
          woonplaatsnaam: MUNICIPALITY,
          gemeentenaam: MUNICIPALITY,
          stadsdeel: district,
          lat: pLat,
          lng: pLng,
        };
        addresses.push({ id: `adr-${streetIndex + 1}-${n}-${v}`, weergavenaam: displayName(base), ...base });
      });
    }
  });
  return { addresses, streets };
}

let built: ReturnType<typeof build> | undefined;
/** The stand-in register, built on first use (not at start: the server answers sooner). */
export const standInRegister = () => (built ??= build());

/** Distance in metres between two WGS84 points (good enough within a city). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = (a.lat - b.lat) * METRES_PER_DEGREE_LAT;
  const dLng = (a.lng - b.lng) * METRES_PER_DEGREE_LAT * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(dLat, dLng);
}
