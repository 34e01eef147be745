import { MapWidget } from '../LocationSelect/index.ts';

/** caterpillar_select: oak trees with their oak processionary caterpillar registration. The one map widget: the question says what it asks for (mapKindOf). */
export const CaterpillarSelect = MapWidget;
