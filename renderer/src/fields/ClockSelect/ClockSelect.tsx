import type { AssetAnswer } from '@meldloket/engine';
import type { WidgetProps } from '../../types.ts';
import { MapField } from '../LocationSelect/index.ts';

/** clock_select: clocks, shown from zoom 14. */
export function ClockSelect(props: WidgetProps<AssetAnswer>) {
  return <MapField kind="clock" {...props} />;
}
