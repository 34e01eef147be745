/**
 * The demo areas (issue 34): the districts (`stadsdeel`) of `districts.json`, drawn consistent with
 * the embedded stand-in map, and two neighbourhoods (`buurt`) per district: the district split
 * at the middle (median longitude) of its stand-in streets into a western and an eastern part, so
 * every stand-in address has a district and a neighbourhood. Deterministic; seeded into the
 * database on a fresh installation (seedDemoAreas) and replaceable by a municipality's own areas.
 */
import { STREETS } from '../routes/stand-ins/streets.ts';
import data from './districts.json' with { type: 'json' };
import { BUURT_TYPE, STADSDEEL_TYPE, type AreaGeometry } from './index.ts';

export interface DemoArea {
  typeCode: string;
  code: string;
  name: string;
  geometry: AreaGeometry;
}

export const DEMO_AREA_TYPES = [
  { code: STADSDEEL_TYPE, name: 'Stadsdeel' },
  { code: BUURT_TYPE, name: 'Buurt' },
];

/** The names of the two halves of each district (west, east). */
const HALVES: Record<string, [string, string]> = {
  A: ['Centrum-West', 'Centrum-Oost'],
  N: ['Noord-West', 'Noord-Oost'],
  E: ['Bos en Lommer', 'Westerpark'],
  F: ['Osdorp', 'Slotervaart'],
  K: ['Oud-Zuid', 'De Pijp'],
  M: ['Oud-Oost', 'IJburg'],
  T: ['Bijlmer-West', 'Bijlmer-Oost'],
};

type Ring = [number, number][];

/** Sutherland–Hodgman: the part of a ring on one side of the meridian `x` (`west`: x ≤ meridian). */
function clipRing(ring: Ring, meridian: number, west: boolean): Ring {
  const inside = ([x]: [number, number]) => (west ? x <= meridian : x >= meridian);
  const cut = (a: [number, number], b: [number, number]): [number, number] => {
    const t = (meridian - a[0]) / (b[0] - a[0]);
    return [meridian, Number((a[1] + t * (b[1] - a[1])).toFixed(7))];
  };
  const open = ring.slice(0, -1);
  const out: Ring = [];
  open.forEach((current, i) => {
    const previous = open[(i + open.length - 1) % open.length]!;
    if (inside(current)) {
      if (!inside(previous)) out.push(cut(previous, current));
      out.push(current);
    } else if (inside(previous)) out.push(cut(previous, current));
  });
  if (out.length) out.push(out[0]!);
  return out;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

let built: DemoArea[] | undefined;

/** Every demo area: the districts first, then their neighbourhoods. */
export function demoAreas(): DemoArea[] {
  if (built) return built;
  const features = (data as unknown as { features: { properties: { code: string; name: string }; geometry: { type: 'Polygon'; coordinates: Ring[] } }[] }).features;
  const districts: DemoArea[] = features.map((f) => ({ typeCode: STADSDEEL_TYPE, code: f.properties.code, name: f.properties.name, geometry: f.geometry }));
  const buurten: DemoArea[] = [];
  for (const f of features) {
    const lngs = STREETS.filter((s) => s[6] === f.properties.name).map((s) => s[2]);
    const ring = f.geometry.coordinates[0]!;
    const meridian = lngs.length ? median(lngs) : (Math.min(...ring.map((p) => p[0])) + Math.max(...ring.map((p) => p[0]))) / 2;
    const names = HALVES[f.properties.code] ?? [`${f.properties.name}-West`, `${f.properties.name}-Oost`];
    [true, false].forEach((west, i) => {
      const part = clipRing(ring, meridian, west);
      if (part.length >= 4) buurten.push({ typeCode: BUURT_TYPE, code: `${f.properties.code}0${i + 1}`, name: names[i]!, geometry: { type: 'Polygon', coordinates: [part] } });
    });
  }
  return (built = [...districts, ...buurten]);
}
