import type { AssetAnswer } from '@meldloket/engine';
import type { WidgetProps } from '../../types.ts';
import { MapField } from '../LocationSelect/index.ts';

/** caterpillar_select: oak trees with their oak processionary caterpillar registration. */
export function CaterpillarSelect(props: WidgetProps<AssetAnswer>) {
  return <MapField kind="caterpillar" {...props} />;
}
