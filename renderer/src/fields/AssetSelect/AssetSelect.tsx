import type { AssetAnswer, Question } from '@meldloket/engine';
import type { WidgetProps } from '../../types.ts';
import { MapField, type MapFieldKind } from '../LocationSelect/index.ts';

/**
 * The kind of objects an asset_select asks for, read from its object-location validator:
 * ["validateObjectLocation", "boom"] makes it a tree question; anything else asks for containers.
 */
export function assetKind(question: Question): MapFieldKind {
  const objectKind = (question.meta.validators ?? []).find((v) => Array.isArray(v) && v[0] === 'validateObjectLocation');
  return Array.isArray(objectKind) && objectKind[1] === 'boom' ? 'tree' : 'asset';
}

/** asset_select: objects of the question's feature types (containers by default, trees for a 'boom' question), or 'not on map'. */
export function AssetSelect(props: WidgetProps<AssetAnswer>) {
  return <MapField kind={assetKind(props.question)} {...props} />;
}
