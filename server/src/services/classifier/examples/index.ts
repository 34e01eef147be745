/** All example reports, by main category slug → sub-category slug. */
import type { ExampleSet } from './types.ts';
import { afval } from './afval.ts';
import { civieleConstructies, overlastBedrijvenEnHoreca } from './civiele-horeca.ts';
import { overlastInDeOpenbareRuimte } from './openbare-ruimte.ts';
import { overlastOpHetWater, overlastVanEnDoorPersonenOfGroepen } from './water-personen.ts';
import { overlastVanDieren } from './dieren.ts';
import { wegenVerkeerStraatmeubilair } from './wegen.ts';
import { wonen, openbaarGroenEnWater, overig } from './wonen-groen.ts';

export const EXAMPLES: Record<string, ExampleSet> = {
  afval,
  'civiele-constructies': civieleConstructies,
  'overlast-bedrijven-en-horeca': overlastBedrijvenEnHoreca,
  'overlast-in-de-openbare-ruimte': overlastInDeOpenbareRuimte,
  'overlast-op-het-water': overlastOpHetWater,
  'overlast-van-en-door-personen-of-groepen': overlastVanEnDoorPersonenOfGroepen,
  'overlast-van-dieren': overlastVanDieren,
  'wegen-verkeer-straatmeubilair': wegenVerkeerStraatmeubilair,
  wonen,
  'openbaar-groen-en-water': openbaarGroenEnWater,
  overig,
};

export type { ExampleSet, Examples } from './types.ts';
