import { MapWidget } from '../LocationSelect/index.ts';

/** map_input: a location on the map (the older name of location_select). The one map widget: the question says what it asks for (mapKindOf). */
export const MapInput = MapWidget;
