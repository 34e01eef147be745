/**
 * The object types each map question shows by default, with the question's
 * own configuration (meta.featureTypes, featureStatusTypes, endpoint,
 * wfsFilter, maxNumberOfAssets, zoomMin, language) taking precedence.
 * docs/reference/screens.md#entities 'Selected asset' and docs/reference/limits.md#constants.
 */
import type { FeatureStatusType, FeatureType, Question } from '@meldloket/engine';
import type { MapFieldKind } from '@meldloket/renderer';
import { MAP_TEXTS } from './texts.ts';

export const NOT_ON_MAP = 'not-on-map';
/** Objects are shown from this zoom level, clocks from one level further in (docs/reference/limits.md#constants). */
export const OBJECTS_MIN_ZOOM = 13;
export const CLOCKS_MIN_ZOOM = 14;
/** The container layer only shows containers in use (status 1). */
export const CONTAINER_FILTER = '<PropertyIsEqualTo><PropertyName>status</PropertyName><Literal>1</Literal></PropertyIsEqualTo>';

const light = (typeValue: string, label: string, iconId = 'streetlight'): FeatureType => ({
  label,
  description: label,
  iconId,
  idField: 'objectnummer',
  typeField: 'objecttype',
  typeValue,
  isReportedField: 'meldingstatus',
  isReportedValue: 1,
});

const STREETLIGHT_TYPES: FeatureType[] = [
  light('5', 'Grachtmast', 'streetlight-grachtmast'),
  light('2', 'Overspanning', 'streetlight-overspanning'),
  light('3', 'Gevelarmatuur', 'streetlight-gevelarmatuur'),
  light('10', 'Schijnwerper', 'streetlight-schijnwerper'),
  light('4', 'Overig lichtpunt', 'streetlight-overig'),
  light('1', 'Klok', 'clock'),
];

const container = (typeValue: string, label: string): FeatureType => ({
  label,
  description: `${label}container`,
  iconId: `container-${typeValue.toLowerCase()}`,
  idField: 'id_number',
  typeField: 'fractie_omschrijving',
  typeValue,
});

const CONTAINER_TYPES: FeatureType[] = [
  container('Rest', 'Restafval'),
  container('Papier', 'Papier'),
  container('Glas', 'Glas'),
  container('Plastic', 'Plastic'),
  container('Textiel', 'Textiel'),
  container('GFT', 'GFT'),
  { label: 'Onbekend', description: 'De container staat niet op de kaart', iconId: 'unknown', idField: 'id', typeField: '', typeValue: NOT_ON_MAP },
];

/**
 * The street-tree layer leaves out the oaks (docs/reference/limits.md#constants): they are reported on their own layer,
 * for the oak processionary caterpillar. Every species whose Latin name starts with Quercus.
 */
export const TREE_FILTER =
  '<Not><PropertyIsLike wildCard="*" singleChar="." escapeChar="!"><PropertyName>soortnaam</PropertyName><Literal>Quercus*</Literal></PropertyIsLike></Not>';

const TREE_TYPES: FeatureType[] = [
  { label: 'Boom', description: 'Boom', iconId: 'tree', idField: 'boomnummer', typeField: '', typeValue: 'Boom' },
  { label: 'Onbekend', description: 'De boom staat niet op de kaart', iconId: 'unknown', idField: 'id', typeField: 'type', typeValue: NOT_ON_MAP },
];

const OAK_TYPES: FeatureType[] = [{ label: 'Eikenboom', description: 'Eikenboom', iconId: 'oak', idField: 'OBJECTID', typeField: '', typeValue: 'Eikenboom' }];
const OAK_STATUS: FeatureStatusType[] = [
  { typeValue: 'reported', statusField: 'Registratie', statusValues: ['Deels bestreden', 'Melding', 'Registratie'], label: 'Eikenprocessierups gemeld' },
  { typeValue: 'checked', statusField: 'Registratie', statusValues: ['Bestreden', 'Geen EPR', 'EPR (niet bestrijden)'], label: 'Geen eikenprocessierups' },
];

interface KindDefaults {
  featureTypes: FeatureType[];
  featureStatusTypes: FeatureStatusType[];
  endpoint?: string;
  wfsFilter?: string;
  zoomMin: number;
  singular: string;
  plural: string;
  /** Extra feature properties to keep on a chosen object. */
  extraProperties: string[];
}

const DEFAULTS: Record<MapFieldKind, KindDefaults> = {
  location: { featureTypes: [], featureStatusTypes: [], zoomMin: OBJECTS_MIN_ZOOM, singular: 'object', plural: 'objecten', extraProperties: [] },
  asset: { featureTypes: CONTAINER_TYPES, featureStatusTypes: [], endpoint: 'containers', wfsFilter: CONTAINER_FILTER, zoomMin: OBJECTS_MIN_ZOOM, singular: 'container', plural: 'containers', extraProperties: [] },
  streetlight: { featureTypes: STREETLIGHT_TYPES, featureStatusTypes: [], endpoint: 'streetlights', zoomMin: OBJECTS_MIN_ZOOM, singular: 'lichtpunt', plural: 'lichtpunten', extraProperties: [] },
  clock: { featureTypes: [light('1', 'Klok', 'clock')], featureStatusTypes: [], endpoint: 'clocks', zoomMin: CLOCKS_MIN_ZOOM, singular: 'klok', plural: 'klokken', extraProperties: [] },
  tree: { featureTypes: TREE_TYPES, featureStatusTypes: [], endpoint: 'streetTrees', wfsFilter: TREE_FILTER, zoomMin: OBJECTS_MIN_ZOOM, singular: 'boom', plural: 'bomen', extraProperties: [] },
  caterpillar: { featureTypes: OAK_TYPES, featureStatusTypes: OAK_STATUS, endpoint: 'trees', zoomMin: OBJECTS_MIN_ZOOM, singular: 'eikenboom', plural: 'eikenbomen', extraProperties: ['GlobalID'] },
};

/** Everything the selector needs to know about one question's objects. */
export interface ObjectConfig {
  kind: MapFieldKind;
  /** Selectable object types on the map (without the 'not on map' type). */
  featureTypes: FeatureType[];
  /** The 'not on map' type, when the question offers it. */
  notOnMap?: FeatureType;
  featureStatusTypes: FeatureStatusType[];
  /** WFS URL (template), or undefined when the question has no objects. */
  endpoint?: string;
  wfsFilter?: string;
  maxNumberOfAssets: number;
  zoomMin: number;
  singular: string;
  plural: string;
  extraProperties: string[];
  /** Text of the submit button when the question has no object types. */
  submitText: string;
  /** The dialog's title: the question's own (meta.language.title, e.g. 'Selecteer de container'), else 'Selecteer de locatie'. */
  title: string;
  /** The question's explanation for the panel (meta.language.description). */
  description?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The object configuration of a question; `wfsEndpoints` resolves named endpoints (config.endpoints.wfs). */
export function objectConfig(kind: MapFieldKind, question: Question, wfsEndpoints: Record<string, string>): ObjectConfig {
  const defaults = DEFAULTS[kind];
  const meta = question.meta;
  const language = (meta.language ?? {}) as Record<string, unknown>;
  const allTypes = kind === 'location' ? [] : (meta.featureTypes?.length ? meta.featureTypes : defaults.featureTypes);
  const endpointName = text(meta.endpoint) ?? defaults.endpoint;
  const endpoint = endpointName === undefined ? undefined : (wfsEndpoints[endpointName] ?? endpointName);
  return {
    kind,
    featureTypes: allTypes.filter((t) => t.typeValue !== NOT_ON_MAP),
    notOnMap: allTypes.find((t) => t.typeValue === NOT_ON_MAP),
    featureStatusTypes: meta.featureStatusTypes ?? defaults.featureStatusTypes,
    endpoint: kind === 'location' ? undefined : endpoint,
    wfsFilter: text(meta.wfsFilter) ?? (meta.endpoint ? undefined : defaults.wfsFilter),
    maxNumberOfAssets: typeof meta.maxNumberOfAssets === 'number' && meta.maxNumberOfAssets > 0 ? meta.maxNumberOfAssets : 1,
    zoomMin: typeof meta.zoomMin === 'number' ? meta.zoomMin : defaults.zoomMin,
    singular: text(language.objectTypeSingular) ?? defaults.singular,
    plural: text(language.objectTypePlural) ?? defaults.plural,
    extraProperties: meta.extraProperties ?? defaults.extraProperties,
    submitText: text(language.submit) ?? 'Gebruik deze locatie',
    title: text(language.title) ?? MAP_TEXTS.title,
    description: text(language.description),
  };
}
