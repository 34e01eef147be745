import type { AssetAnswer } from '@meldloket/engine';
import type { WidgetProps } from '../../types.ts';
import { MapField } from '../LocationSelect/index.ts';

/** streetlight_select: streetlights and clocks (objecttype 1-10), up to the question's maximum. */
export function StreetlightSelect(props: WidgetProps<AssetAnswer>) {
  return <MapField kind="streetlight" {...props} />;
}
