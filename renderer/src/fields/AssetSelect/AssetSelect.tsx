import { MapWidget } from '../LocationSelect/index.ts';

/** asset_select: objects of the question's feature types (containers by default, trees for a 'boom' question), or 'not on map'. The one map widget: the question says what it asks for (mapKindOf). */
export const AssetSelect = MapWidget;
