import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInitialDraft, incidentReducer, type IncidentAction } from './index.ts';
import type { AssetAnswer, IncidentDraft, SelectedAsset } from './types.ts';

const KEY = 'extra_container';

const assetArb: fc.Arbitrary<SelectedAsset> = fc.record({
  id: fc.constantFrom('1', '2', '3', '4', '5'),
  type: fc.constantFrom('Restafval', 'Papier', 'not-on-map', 'nearby'),
  status: fc.constantFrom(undefined, 'checked', 'reported'),
  coordinates: fc.record({ lat: fc.double({ min: 51, max: 53, noNaN: true }), lng: fc.double({ min: 4, max: 6, noNaN: true }) }),
});

const actionArb = (max: number): fc.Arbitrary<IncidentAction> =>
  fc.oneof(
    assetArb.map((asset) => ({ type: 'selectAsset', key: KEY, asset, maxNumberOfAssets: max }) as IncidentAction),
    assetArb.map((asset) => ({ type: 'removeAsset', key: KEY, asset: { id: asset.id, type: asset.type } }) as IncidentAction),
    fc.constant({ type: 'dismissMaxAssetWarning' } as IncidentAction),
  );

const selection = (draft: IncidentDraft) => (draft.answers[KEY] as AssetAnswer | undefined)?.selection ?? [];

describe('asset selection, for any sequence of clicks and removals', () => {
  it('never exceeds the maximum, never holds a reported object, and keeps the location on a selected object or cleared', () => {
    const scenario = fc.integer({ min: 1, max: 4 }).chain((max) => fc.tuple(fc.constant(max), fc.array(actionArb(max), { maxLength: 30 })));
    fc.assert(
      fc.property(scenario, ([max, actions]) => {
        let draft = createInitialDraft();
        for (const action of actions) {
          const before = draft;
          draft = incidentReducer(draft, action);
          const items = selection(draft);
          expect(items.length).toBeLessThanOrEqual(max);
          expect(items.some((a) => a.status === 'reported')).toBe(false);
          expect(new Set(items.map((a) => `${a.type}:${a.id}`)).size).toBe(items.length);
          if (items.length === 0) expect((draft.answers[KEY] as AssetAnswer | undefined)?.location.coordinates ?? { lat: 0, lng: 0 }).toEqual({ lat: 0, lng: 0 });
          else expect(items.map((a) => a.coordinates)).toContainEqual((draft.answers[KEY] as AssetAnswer | undefined)?.location.coordinates ?? { lat: 0, lng: 0 });
          // A refused addition changes nothing but the warning.
          if (draft.maxAssetWarning && !before.maxAssetWarning) {
            expect(selection(draft)).toEqual(selection(before));
            expect(draft.answers[KEY]).toEqual(before.answers[KEY]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
