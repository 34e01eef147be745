import type { AssetAnswer } from '@meldloket/engine';
import type { WidgetProps } from '../../types.ts';
import { MapField } from '../LocationSelect/index.ts';

/** asset_select: objects of the question's feature types (containers by default), or 'not on map'. */
export function AssetSelect(props: WidgetProps<AssetAnswer>) {
  return <MapField kind="asset" {...props} />;
}
