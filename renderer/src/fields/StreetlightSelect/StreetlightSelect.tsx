import { MapWidget } from '../LocationSelect/index.ts';

/** streetlight_select: streetlights and clocks (objecttype 1-10), up to the question's maximum. The one map widget: the question says what it asks for (mapKindOf). */
export const StreetlightSelect = MapWidget;
