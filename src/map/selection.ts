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
    location: state.answer?.location ?? base.location,
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
};

export function isSelected(state: SelectionState, object: Pick<SelectedAsset, 'id' | 'type'>): boolean {
  return (state.answer?.selection ?? []).some((a) => String(a.id) === String(object.id) && a.type === object.type);
}

/**
 * Adds the looked-up address to a chosen object (and to the location when the
 * location is that object's). Nothing changes when the object is no longer chosen.
 */
export function withAssetAddress(state: SelectionState, object: Pick<SelectedAsset, 'id' | 'type' | 'coordinates'>, address: Address): SelectionState {
  const answer = state.answer;
  if (!answer?.selection || !isSelected(state, object)) return state;
  const selectionWithAddress = answer.selection.map((a) => (String(a.id) === String(object.id) && a.type === object.type ? { ...a, address } : a));
  const { lat, lng } = answer.location.coordinates;
  const locationIsObject = lat === object.coordinates.lat && lng === object.coordinates.lng;
  return {
    ...state,
    answer: { ...answer, selection: selectionWithAddress, location: locationIsObject ? { ...answer.location, address } : answer.location },
  };
}
