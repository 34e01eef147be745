/**
 * The selector's working answer, changed only through the engine's draft
 * reducer (setLocation, selectAsset, removeAsset, dismissMaxAssetWarning), so the
 * selection rules live in one place: the engine.
 */
import { createInitialDraft, incidentReducer, type Address, type AssetAnswer, type IncidentAction, type IncidentLocation, type SelectedAsset } from '@meldloket/engine';
import type { MapObject } from './services/index.ts';

export interface SelectionState {
  answer: AssetAnswer | undefined;
  /** The maximum-asset warning is showing. */
  warning: boolean;
}

function apply(state: SelectionState, key: string, action: IncidentAction): SelectionState {
  const base = createInitialDraft();
  const draft = {
    ...base,
    answers: state.answer ? { [key]: state.answer } : {},
    maxAssetWarning: state.warning,
  };
  const next = incidentReducer(draft, action);
  return { answer: next.answers[key] as AssetAnswer | undefined, warning: next.maxAssetWarning };
}

/** The object as it is stored in the answer (without the map's own fields). */
export function toSelectedAsset(object: MapObject): SelectedAsset {
  const { featureType: _featureType, properties, ...asset } = object;
  return { ...asset, ...(properties ?? {}) } as SelectedAsset;
}

export const selection = {
  setLocation: (state: SelectionState, key: string, location: IncidentLocation) => apply(state, key, { type: 'setLocation', key, location }),
  click: (state: SelectionState, key: string, asset: SelectedAsset, max: number) => apply(state, key, { type: 'selectAsset', key, asset, maxNumberOfAssets: max }),
  remove: (state: SelectionState, key: string, asset: Pick<SelectedAsset, 'id' | 'type'>) => apply(state, key, { type: 'removeAsset', key, asset }),
  dismissWarning: (state: SelectionState, key: string) => apply(state, key, { type: 'dismissMaxAssetWarning' }),
  /** Adds a looked-up address to a chosen object (and to the location when it is that object's). */
  setAddress: (state: SelectionState, key: string, asset: Pick<SelectedAsset, 'id' | 'type'>, address: Address) =>
    apply(state, key, { type: 'setAssetAddress', key, asset, address }),
};

export function isSelected(state: SelectionState, object: Pick<SelectedAsset, 'id' | 'type'>): boolean {
  return (state.answer?.selection ?? []).some((a) => String(a.id) === String(object.id) && a.type === object.type);
}

