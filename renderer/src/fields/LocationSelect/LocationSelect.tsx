import { MapWidget } from './MapField.tsx';

/** location_select: a location chosen by address, a click on the map or 'Mijn locatie'. The one map widget: the question says what it asks for (mapKindOf). */
export const LocationSelect = MapWidget;
