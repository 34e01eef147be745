import { MapWidget } from '../LocationSelect/index.ts';

/** clock_select: clocks, shown from zoom 14. The one map widget: the question says what it asks for (mapKindOf). */
export const ClockSelect = MapWidget;
