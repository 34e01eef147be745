import type { FieldType, MapKind, Question } from '@meldloket/engine';

/** The field types MapObjectSelect draws, one example question each, with the layer it asks the map for and the name of its opener (its test and its stories). */
export const MAP_OBJECT_EXAMPLES: ReadonlyArray<{ type: FieldType; question: Question; kind: MapKind; opener: string }> = [
  { type: 'asset_select', question: { key: 'extra_asset', field_type: 'asset_select', required: true, meta: { label: 'Kies de container op de kaart' } }, kind: 'asset', opener: 'Kies locatie' },
  { type: 'caterpillar_select', question: { key: 'extra_caterpillar', field_type: 'caterpillar_select', required: true, meta: { label: 'Om welke eikenboom gaat het?' } }, kind: 'caterpillar', opener: 'Kies locatie' },
  { type: 'clock_select', question: { key: 'extra_clock', field_type: 'clock_select', required: true, meta: { label: 'Om welke klok gaat het?' } }, kind: 'clock', opener: 'Kies locatie' },
  { type: 'streetlight_select', question: { key: 'extra_streetlight', field_type: 'streetlight_select', required: true, meta: { label: 'Om welk lichtpunt gaat het?' } }, kind: 'streetlight', opener: 'Kies locatie' },
  // not the report's location: its opener is named after the question, never 'Kies locatie'
  { type: 'map_input', question: { key: 'extra_location', field_type: 'map_input', required: true, meta: { label: 'Waar is het?' } }, kind: 'location', opener: 'Kies op de kaart: Waar is het?' },
];
