import type { AssetAnswer } from '@meldloket/engine';
import type { WidgetProps } from '../../types.ts';
import { MapField } from './MapField.tsx';

/** location_select: a location chosen by address, a click on the map or 'Mijn locatie'. */
export function LocationSelect(props: WidgetProps<AssetAnswer>) {
  return <MapField kind="location" {...props} />;
}
