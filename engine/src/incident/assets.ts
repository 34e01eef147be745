import type { Draft } from 'immer';
import type { Address, AssetAnswer, IncidentDraft, IncidentLocation, SelectedAsset } from './types.ts';

/** Warning shown when one more object would exceed the maximum. */
export function maxAssetWarningText(max: number, objectName: string): string {
  return `U kunt maximaal ${max} ${objectName} kiezen.`;
}

/** Selection kinds that stand alone: choosing one replaces the whole selection. */
const SINGLE_KINDS = new Set(['nearby', 'unknown']);

function selectionType(asset: SelectedAsset): NonNullable<IncidentLocation['selectionType']> {
  if (asset.type === 'not-on-map' || asset.type === 'nearby' || asset.type === 'unknown') return asset.type;
  return 'object';
}

function locationOf(asset: SelectedAsset): IncidentLocation {
  return {
    coordinates: { ...asset.coordinates },
    ...(asset.address ? { address: { ...asset.address } } : {}),
    selectionType: selectionType(asset),
  };
}

/** Ids may arrive as numbers or strings (WFS properties vary): compare them as text. */
const sameAsset = (a: Pick<SelectedAsset, 'id' | 'type'>, b: Pick<SelectedAsset, 'id' | 'type'>) =>
  String(a.id) === String(b.id) && a.type === b.type;

function answerOf(draft: Draft<IncidentDraft>, key: string): AssetAnswer | undefined {
  const value = draft.answers[key];
  return value && typeof value === 'object' ? (value as AssetAnswer) : undefined;
}

function writeSelection(draft: Draft<IncidentDraft>, key: string, selection: SelectedAsset[], location: IncidentLocation): void {
  draft.answers[key] = { selection, location } satisfies AssetAnswer;
}

/** Removes one asset; the answer's location follows the first remaining one, and goes with the last. */
export function removeAsset(draft: Draft<IncidentDraft>, key: string, asset: Pick<SelectedAsset, 'id' | 'type'>): void {
  const current = answerOf(draft, key)?.selection ?? [];
  const remaining = current.filter((item) => !sameAsset(item, asset));
  draft.maxAssetWarning = false;
  if (remaining.length === current.length) return;
  if (remaining.length === 0) {
    delete draft.answers[key];
    return;
  }
  writeSelection(draft, key, remaining as SelectedAsset[], locationOf(remaining[0] as SelectedAsset));
}

/**
 * A click on an asset (marker or list item):
 * - a reported object cannot be selected;
 * - clicking a selected asset deselects it;
 * - while the maximum-asset warning is on, unchecked items cannot be added;
 * - a nearby/unknown pick replaces the selection (and is replaced by the next pick);
 * - otherwise it is appended, unless that would exceed the maximum (also a maximum of 1:
 *   a second tree keeps the first): then the previous selection and location stay and
 *   the warning is raised ('U kunt maximaal 1 boom kiezen.').
 * The location becomes that of the chosen asset.
 */
export function selectAsset(draft: Draft<IncidentDraft>, key: string, asset: SelectedAsset, maxNumberOfAssets = 1): void {
  if (asset.status === 'reported') return;
  const current = (answerOf(draft, key)?.selection ?? []) as SelectedAsset[];
  if (current.some((item) => sameAsset(item, asset))) {
    removeAsset(draft, key, asset);
    return;
  }
  if (draft.maxAssetWarning) return;
  const single = SINGLE_KINDS.has(asset.type) || current.some((item) => SINGLE_KINDS.has(item.type));
  if (single) {
    writeSelection(draft, key, [asset], locationOf(asset));
    return;
  }
  if (current.length + 1 > maxNumberOfAssets) {
    draft.maxAssetWarning = true;
    return;
  }
  writeSelection(draft, key, [...current, asset], locationOf(asset));
}

/**
 * Stores the reverse-geocoded address of a chosen asset, and on the location
 * when the location is that asset's. Nothing changes when it is no longer chosen.
 */
export function setAssetAddress(draft: Draft<IncidentDraft>, key: string, asset: Pick<SelectedAsset, 'id' | 'type'>, address: Address): void {
  const answer = answerOf(draft, key);
  const item = answer?.selection?.find((candidate) => sameAsset(candidate as SelectedAsset, asset));
  if (!answer || !item) return;
  item.address = { ...address };
  const { lat, lng } = answer.location.coordinates;
  if (lat === item.coordinates.lat && lng === item.coordinates.lng) {
    answer.location.address = { ...address };
  }
}
