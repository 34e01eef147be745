/**
 * Example objects for the WFS stand-in, laid out along the bundled streets:
 * streetlights and clocks (one layer, objecttype 1-10 with meldingstatus),
 * containers (fractie_omschrijving, status), oak trees (Registratie) and street
 * trees of every genus (soortnaam, oaks among them).
 * Deterministic: the same object is always at the same place with the same state.
 */
import { STREETS } from './streets.ts';

export interface PointFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: Record<string, string | number>;
}

export const LAYER_NAMES = ['lichtpunten', 'containers', 'eikenbomen', 'bomen'] as const;
export type LayerName = (typeof LAYER_NAMES)[number];

const METRES_PER_DEGREE_LAT = 111_320;
/** Streetlight types other than clocks, in the mix they occur in: mostly masts along canals. */
const LIGHT_TYPES = ['5', '5', '3', '2', '4', '5', '10', '3', '2', '5'] as const;
const FRACTIONS = ['Rest', 'Papier', 'Glas', 'Plastic', 'Textiel', 'GFT'] as const;
const FRACTION_CODES: Record<(typeof FRACTIONS)[number], string> = { Rest: 'RES', Papier: 'PAP', Glas: 'GLA', Plastic: 'PLA', Textiel: 'TEX', GFT: 'GFT' };
const OAK_STATES = ['Bestreden', 'Geen EPR', 'Melding', 'EPR (niet bestrijden)', 'Registratie', 'Deels bestreden', 'Bestreden'] as const;
const OAK_SPECIES = ['Quercus robur', 'Quercus rubra', 'Quercus petraea'] as const;
/** Street trees in the mix they are planted in: mostly limes and elms, with an oak now and then. */
const STREET_TREE_SPECIES = [
  ['Tilia x europaea', 'Hollandse linde'],
  ['Ulmus x hollandica', 'Hollandse iep'],
  ['Platanus x hispanica', 'Gewone plataan'],
  ['Tilia x europaea', 'Hollandse linde'],
  ['Fraxinus excelsior', 'Gewone es'],
  ['Acer pseudoplatanus', 'Gewone esdoorn'],
  ['Quercus robur', 'Zomereik'],
  ['Ulmus x hollandica', 'Hollandse iep'],
  ['Aesculus hippocastanum', 'Witte paardenkastanje'],
  ['Salix alba', 'Schietwilg'],
  ['Betula pendula', 'Ruwe berk'],
  ['Quercus rubra', 'Amerikaanse eik'],
  ['Gleditsia triacanthos', 'Valse christusdoorn'],
] as const;

function along(lat: number, lng: number, bearing: number, metres: number, side: number): [number, number] {
  const rad = (bearing * Math.PI) / 180;
  const north = metres * Math.cos(rad) - side * Math.sin(rad);
  const east = metres * Math.sin(rad) + side * Math.cos(rad);
  return [
    Number((lng + east / (METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180))).toFixed(7)),
    Number((lat + north / METRES_PER_DEGREE_LAT).toFixed(7)),
  ];
}

function guid(n: number): string {
  const hex = (n * 2654435761 >>> 0).toString(16).padStart(8, '0');
  return `{${hex.toUpperCase()}-${(n % 65536).toString(16).padStart(4, '0').toUpperCase()}-4E1A-9C3B-${String(n).padStart(12, '0')}}`;
}

function build(): Record<LayerName, PointFeature[]> {
  const lights: PointFeature[] = [];
  const containers: PointFeature[] = [];
  const oaks: PointFeature[] = [];
  const trees: PointFeature[] = [];
  STREETS.forEach(([, lat, lng, bearing, length], s) => {
    // Streetlights every 20 m, alternating sides; every 11th is a clock, every 4th already reported.
    const lightCount = Math.max(3, Math.floor(length / 20));
    for (let i = 0; i < lightCount; i += 1) {
      const n = lights.length + 1;
      const isClock = n % 11 === 0;
      const type = isClock ? '1' : LIGHT_TYPES[n % LIGHT_TYPES.length];
      lights.push({
        type: 'Feature',
        id: `lichtpunten.${n}`,
        geometry: { type: 'Point', coordinates: along(lat, lng, bearing, (i + 0.5) * (length / lightCount) - length / 2, i % 2 ? 6 : -6) },
        properties: { objectnummer: String(100000 + n), objecttype: type, meldingstatus: n % 4 === 0 ? 1 : 0 },
      });
    }
    // A cluster of containers every 120 m.
    const clusters = Math.max(1, Math.floor(length / 120));
    for (let c = 0; c < clusters; c += 1) {
      for (let k = 0; k < 3; k += 1) {
        const n = containers.length + 1;
        const fraction = FRACTIONS[(s + c + k) % FRACTIONS.length];
        containers.push({
          type: 'Feature',
          id: `containers.${n}`,
          geometry: { type: 'Point', coordinates: along(lat, lng, bearing, (c + 0.5) * (length / clusters) - length / 2 + k * 4, 11) },
          properties: { id_number: `${FRACTION_CODES[fraction]}${String(n).padStart(5, '0')}`, fractie_omschrijving: fraction, status: n % 7 === 0 ? 0 : 1 },
        });
      }
    }
    // Oak trees every 45 m on one side.
    const treeCount = Math.max(2, Math.floor(length / 45));
    for (let t = 0; t < treeCount; t += 1) {
      const n = oaks.length + 1;
      oaks.push({
        type: 'Feature',
        id: `eikenbomen.${n}`,
        geometry: { type: 'Point', coordinates: along(lat, lng, bearing, (t + 0.5) * (length / treeCount) - length / 2, -14) },
        properties: { OBJECTID: n, GlobalID: guid(n), Soortnaam: OAK_SPECIES[n % OAK_SPECIES.length], Registratie: OAK_STATES[n % OAK_STATES.length] },
      });
    }
    // Street trees every 30 m on the other side, across from the oaks' row.
    const streetTreeCount = Math.max(3, Math.floor(length / 30));
    for (let t = 0; t < streetTreeCount; t += 1) {
      const n = trees.length + 1;
      const [soortnaam, nederlandseNaam] = STREET_TREE_SPECIES[(n + s) % STREET_TREE_SPECIES.length];
      trees.push({
        type: 'Feature',
        id: `bomen.${n}`,
        geometry: { type: 'Point', coordinates: along(lat, lng, bearing, (t + 0.5) * (length / streetTreeCount) - length / 2, 17) },
        properties: { boomnummer: String(300000 + n), soortnaam, nederlandse_naam: nederlandseNaam },
      });
    }
  });
  return { lichtpunten: lights, containers, eikenbomen: oaks, bomen: trees };
}

let built: Record<LayerName, PointFeature[]> | undefined;
/** The stand-in object layers, built on first use (not at start: the server answers sooner). */
export const standInLayers = () => (built ??= build());
