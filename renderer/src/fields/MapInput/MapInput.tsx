import type { AssetAnswer } from '@meldloket/engine';
import type { WidgetProps } from '../../types.ts';
import { MapField } from '../LocationSelect/index.ts';

/** map_input: a location on the map (the older name of location_select). */
export function MapInput(props: WidgetProps<AssetAnswer>) {
  return <MapField kind="location" {...props} />;
}
