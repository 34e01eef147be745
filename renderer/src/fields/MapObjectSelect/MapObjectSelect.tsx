import { MapWidget } from '../LocationSelect/index.ts';

/**
 * The map question that is not the report's own location: the one map widget, told by the question
 * what it asks for (the engine's mapKindOf, from the field-type table's `map` column):
 * - asset_select: objects of the question's feature types (containers by default, trees for a 'boom' question), or 'not on map';
 * - caterpillar_select: oak trees with their oak processionary caterpillar registration;
 * - clock_select: clocks, shown from zoom 14;
 * - streetlight_select: streetlights and clocks (objecttype 1-10), up to the question's maximum;
 * - map_input: a point on the map sent as an extra property (its opener is named after the question).
 * location_select, the report's location, is the map itself (`../LocationSelect`).
 */
export const MapObjectSelect = MapWidget;
