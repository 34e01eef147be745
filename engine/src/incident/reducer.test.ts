import { describe, expect, it } from 'vitest';
import {
  createInitialDraft,
  emptyLocation,
  fillPlaceholders,
  incidentReducer,
  maxAssetWarningText,
  typeOptions,
  type IncidentAction,
} from './index.ts';
import type { AssetAnswer, IncidentDraft, SelectedAsset } from './types.ts';

const run = (state: IncidentDraft, ...actions: IncidentAction[]) => actions.reduce(incidentReducer, state);

const grofvuil = {
  category: 'afval',
  subcategory: 'grofvuil',
  classification: { id: 'u/grofvuil', name: 'Grofvuil', slug: 'grofvuil' },
  handling_message: 'Binnen 3 werkdagen.',
};

const withAnswers = (draft: IncidentDraft) =>
  run(draft, { type: 'update', payload: { answers: { extra_afval: 'x', extra_container: { id: 'rest', label: 'Rest' }, dateTime: 'now' } } });

function asset(id: string, lat = 52.37, extra: Partial<SelectedAsset> = {}): SelectedAsset {
  return { id, type: 'Restafval', coordinates: { lat, lng: 4.9 }, address: { openbare_ruimte: `Straat ${id}` }, ...extra };
}

/** The location an asset answer holds (none once the answer is gone). */
const locationOf = (draft: IncidentDraft, key = 'extra_container') => (draft.answers[key] as AssetAnswer | undefined)?.location ?? emptyLocation();

const selectionOf = (draft: IncidentDraft, key = 'extra_container') => (draft.answers[key] as AssetAnswer | undefined)?.selection?.map((a) => a.id);

describe('draft defaults and reset', () => {
  it("starts with priority normal 'Normaal', type SIG 'Melding', sharing not allowed and no location", () => {
    const draft = createInitialDraft();
    expect(draft.priority).toEqual({ id: 'normal', label: 'Normaal' });
    expect(draft.type).toEqual({ id: 'SIG', label: 'Melding' });
    expect(draft.sharing_allowed.value).toBe(false);
    expect(Object.keys(draft)).not.toContain('location');
    expect(draft.source?.label).toBe('online');
    expect(draft.loadingData).toBe(true);
  });

  it("uses the source 'app' in app mode", () => {
    expect(createInitialDraft({ appMode: true }).source?.label).toBe('app');
  });

  it("names MAI 'Groot onderhoud', or 'Projecten' under the flag", () => {
    expect(typeOptions().at(-1)).toEqual({ id: 'MAI', label: 'Groot onderhoud' });
    expect(typeOptions(true).at(-1)).toEqual({ id: 'MAI', label: 'Projecten' });
  });
});

describe('update and answers', () => {
  it('merges fields and answers without touching the previous state', () => {
    const before = withAnswers(createInitialDraft());
    const after = run(before, { type: 'update', payload: { email: 'a@b.nl', answers: { extra_nieuw: 'y' } } });
    expect(after.email).toBe('a@b.nl');
    expect(after.answers).toMatchObject({ extra_afval: 'x', extra_nieuw: 'y' });
    expect(before.email).toBe('');
    expect(before.answers.extra_nieuw).toBeUndefined();
  });

  it('a radio answer that resets state drops the other extra answers when it changes', () => {
    const start = run(withAnswers(createInitialDraft()), { type: 'answer', key: 'extra_wat', value: { id: 'a', label: 'A' } });
    const same = run(start, { type: 'answer', key: 'extra_wat', value: { id: 'a', label: 'A' }, resetsStateOnChange: true });
    expect(Object.keys(same.answers)).toContain('extra_afval');
    const changed = run(start, { type: 'answer', key: 'extra_wat', value: { id: 'b', label: 'B' }, resetsStateOnChange: true });
    expect(changed.answers).toEqual({ dateTime: 'now', extra_wat: { id: 'b', label: 'B' } });
  });

  it('removes an answer set to undefined', () => {
    const after = run(withAnswers(createInitialDraft()), { type: 'answer', key: 'extra_afval', value: undefined });
    expect('extra_afval' in after.answers).toBe(false);
  });
});

describe('create', () => {
  it('stores the created report with the local handling message', () => {
    const after = run(
      createInitialDraft(),
      { type: 'setClassification', result: grofvuil },
      { type: 'createSuccess', incident: { signal_id: 'uuid-1', id: 12, _display: 'SIG-12' } },
    );
    expect(after.incident).toEqual({ signal_id: 'uuid-1', id: 12, _display: 'SIG-12', handling_message: 'Binnen 3 werkdagen.' });
  });
});

describe('classification', () => {
  it('sets category, subcategory, classification and prediction, dropping old extra answers for a new category', () => {
    const start = withAnswers(createInitialDraft());
    const after = run(start, { type: 'classificationSuccess', result: grofvuil });
    expect(after).toMatchObject({ category: 'afval', subcategory: 'grofvuil', handling_message: 'Binnen 3 werkdagen.' });
    expect(after.classificationPrediction).toEqual(grofvuil.classification);
    expect(after.answers).toEqual({ dateTime: 'now' });
  });

  it('keeps extra answers when category and subcategory are unchanged', () => {
    const start = withAnswers(run(createInitialDraft(), { type: 'classificationSuccess', result: grofvuil }));
    const after = run(start, { type: 'classificationSuccess', result: grofvuil });
    expect(after.answers.extra_afval).toBe('x');
  });

  it("drops extra answers when only the subcategory changes", () => {
    const start = withAnswers(run(createInitialDraft(), { type: 'classificationSuccess', result: grofvuil }));
    const after = run(start, { type: 'classificationSuccess', result: { ...grofvuil, subcategory: 'huisafval' } });
    expect(after.answers.extra_afval).toBeUndefined();
  });

  it("falls back to overig with 'We gaan zo snel mogelijk aan de slag.' when classification fails", () => {
    const after = run(withAnswers(createInitialDraft()), { type: 'classificationError' });
    expect(after).toMatchObject({ category: 'overig', subcategory: 'overig', handling_message: 'We gaan zo snel mogelijk aan de slag.' });
    expect(after.answers.extra_afval).toBeUndefined();
  });

  it('a manual classification turns predictions off', () => {
    const after = run(createInitialDraft(), { type: 'setClassification', result: grofvuil });
    expect(after.usePredictions).toBe(false);
    expect(after.classification).toEqual(grofvuil.classification);
  });

  it("a manual classification drops the prediction, so 'Subcategorie voorstel' does not stay behind", () => {
    const predicted = run(createInitialDraft(), { type: 'classificationSuccess', result: grofvuil });
    expect(predicted.classificationPrediction).toEqual(grofvuil.classification);
    const chosen = run(predicted, { type: 'setClassification', result: { ...grofvuil, subcategory: 'huisafval', classification: { id: 'huisafval', name: 'Huisafval', slug: 'huisafval' } } });
    expect(chosen.classificationPrediction).toBeNull();
  });

  it('a new prediction replaces the suggestion, a failed one removes it', () => {
    const first = run(createInitialDraft(), { type: 'classificationSuccess', result: grofvuil });
    const other = { ...grofvuil, subcategory: 'huisafval', classification: { id: 'huisafval', name: 'Huisafval', slug: 'huisafval' } };
    expect(run(first, { type: 'classificationSuccess', result: other }).classificationPrediction).toEqual(other.classification);
    expect(run(first, { type: 'classificationError' }).classificationPrediction).toBeNull();
  });

});

describe('questions, loading and map', () => {
  const questions = [{ key: 'extra_afval', field_type: 'textarea_input' as const, meta: {} }];

  it('stores fetched questions and stops loading data; an error leaves no questions', () => {
    const ok = run(createInitialDraft(), { type: 'questionsSuccess', questions });
    expect(ok.questions).toEqual(questions);
    expect(ok.loadingData).toBe(false);
    const failed = run(ok, { type: 'setLoadingData', loadingData: true }, { type: 'questionsError' });
    expect(failed.questions).toEqual([]);
    expect(failed.loadingData).toBe(false);
  });

  it('sets a pinned location as the answer of its question, the one place it is kept', () => {
    const location = { coordinates: { lat: 52.1, lng: 5.1 }, selectionType: 'unknown' as const };
    const after = run(createInitialDraft(), { type: 'setLocation', key: 'locatie', location });
    expect(after.answers.locatie).toEqual({ location });
    expect('location' in after).toBe(false);
  });
});

describe('asset selection', () => {
  const key = 'extra_container';
  const select = (a: SelectedAsset, max = 3): IncidentAction => ({ type: 'selectAsset', key, asset: a, maxNumberOfAssets: max });

  it('keeps the first and raises the warning for a second when at most one asset may be chosen', () => {
    const first = run(createInitialDraft(), select(asset('1', 52.1), 1));
    const after = run(first, select(asset('2', 52.4), 1));
    expect(selectionOf(after)).toEqual(['1']);
    expect(locationOf(after)).toEqual(locationOf(first));
    expect(locationOf(after).selectionType).toBe('object');
    expect(after.maxAssetWarning).toBe(true);
    expect(maxAssetWarningText(1, 'boom')).toBe('U kunt maximaal 1 boom kiezen.');
  });

  it('appends up to the maximum; the location is that of the chosen asset', () => {
    const after = run(createInitialDraft(), select(asset('1', 52.1)), select(asset('2', 52.2)));
    expect(selectionOf(after)).toEqual(['1', '2']);
    expect(locationOf(after).coordinates.lat).toBe(52.2);
    expect(locationOf(after).address?.openbare_ruimte).toBe('Straat 2');
    expect((after.answers[key] as AssetAnswer).location.coordinates.lat).toBe(52.2);
  });

  it('keeps the previous selection and location and raises the warning past the maximum', () => {
    const before = run(createInitialDraft(), select(asset('1', 52.1), 2), select(asset('2', 52.2), 2));
    const after = run(before, select(asset('3', 52.3), 2));
    expect(selectionOf(after)).toEqual(['1', '2']);
    expect(locationOf(after)).toEqual(locationOf(before));
    expect(after.maxAssetWarning).toBe(true);
    expect(maxAssetWarningText(2, 'containers')).toBe('U kunt maximaal 2 containers kiezen.');
  });

  it('adds no unchecked item while the warning is on, until it is dismissed', () => {
    const warned = run(createInitialDraft(), select(asset('1'), 2), select(asset('2'), 2), select(asset('3'), 2));
    const again = run(warned, select(asset('4'), 2));
    expect(selectionOf(again)).toEqual(['1', '2']);
    const dismissed = run(warned, { type: 'dismissMaxAssetWarning' }, { type: 'removeAsset', key, asset: { id: '2', type: 'Restafval' } }, select(asset('4'), 2));
    expect(selectionOf(dismissed)).toEqual(['1', '4']);
  });

  it('a nearby pick is single: it replaces the selection and is replaced by the next pick', () => {
    const nearby = asset('n1', 52.5, { type: 'nearby' });
    const after = run(createInitialDraft(), select(asset('1')), select(asset('2')), select(nearby));
    expect(selectionOf(after)).toEqual(['n1']);
    expect(locationOf(after).selectionType).toBe('nearby');
    expect(selectionOf(run(after, select(asset('3'))))).toEqual(['3']);
  });

  it('does not select a marker that has already been reported', () => {
    const after = run(createInitialDraft(), select(asset('1', 52.1, { status: 'reported' })));
    expect(after.answers[key]).toBeUndefined();
    expect(locationOf(after).coordinates).toEqual({ lat: 0, lng: 0 });
  });

  it('deselects an asset that is clicked again, also while the warning is on', () => {
    const after = run(createInitialDraft(), select(asset('1', 52.1)), select(asset('2', 52.2)), select(asset('2', 52.2)));
    expect(selectionOf(after)).toEqual(['1']);
    expect(locationOf(after).coordinates.lat).toBe(52.1);
    const warned = run(createInitialDraft(), select(asset('1'), 2), select(asset('2'), 2), select(asset('3'), 2));
    expect(warned.maxAssetWarning).toBe(true);
    const deselected = run(warned, select(asset('2'), 2));
    expect(selectionOf(deselected)).toEqual(['1']);
    expect(deselected.maxAssetWarning).toBe(false);
  });

  it('moves the location to the first remaining asset on removal, and clears both with the last', () => {
    const three = run(createInitialDraft(), select(asset('1', 52.1)), select(asset('2', 52.2)), select(asset('3', 52.3)));
    const removedFirst = run(three, { type: 'removeAsset', key, asset: { id: '1', type: 'Restafval' } });
    expect(selectionOf(removedFirst)).toEqual(['2', '3']);
    expect(locationOf(removedFirst).coordinates.lat).toBe(52.2);
    const empty = run(removedFirst, { type: 'removeAsset', key, asset: { id: '2', type: 'Restafval' } }, { type: 'removeAsset', key, asset: { id: '3', type: 'Restafval' } });
    expect(empty.answers[key]).toBeUndefined();
    expect(locationOf(empty)).toEqual({ coordinates: { lat: 0, lng: 0 } });
  });

  it('stores a looked-up address on the chosen asset and on the location that is its', () => {
    const dam = { openbare_ruimte: 'Dam', huisnummer: 1, woonplaats: 'Amsterdam' };
    const two = run(createInitialDraft(), select(asset('1', 52.1, { address: undefined })), select(asset('2', 52.2, { address: undefined })));
    const first = run(two, { type: 'setAssetAddress', key, asset: { id: '1', type: 'Restafval' }, address: dam });
    expect((first.answers[key] as AssetAnswer).selection?.[0].address).toEqual(dam);
    expect(locationOf(first).address).toBeUndefined();
    const second = run(first, { type: 'setAssetAddress', key, asset: { id: 2 as unknown as string, type: 'Restafval' }, address: dam });
    expect(locationOf(second).address).toEqual(dam);
    expect((second.answers[key] as AssetAnswer).location.address).toEqual(dam);
    const gone = run(second, { type: 'removeAsset', key, asset: { id: '2', type: 'Restafval' } }, { type: 'setAssetAddress', key, asset: { id: '2', type: 'Restafval' }, address: { openbare_ruimte: 'Elders' } });
    expect(selectionOf(gone)).toEqual(['1']);
  });

  it("marks an unregistered object as 'not-on-map'", () => {
    const after = run(createInitialDraft(), select(asset('12345', 52.1, { type: 'not-on-map' })));
    expect(locationOf(after).selectionType).toBe('not-on-map');
  });
});

describe('dynamic text', () => {
  it("fills {incident.x} placeholders and falls back to 'onbekend'", () => {
    const incident = { category: 'afval', classification: { name: 'Grofvuil' }, email: '' };
    expect(fillPlaceholders('Categorie {incident.category} / {incident.classification}', { incident })).toBe('Categorie afval / Grofvuil');
    expect(fillPlaceholders('Mail {incident.email}, adres {incident.location.address.postcode}', { incident })).toBe(
      'Mail onbekend, adres onbekend',
    );
    expect(fillPlaceholders('Er zijn geen {objects} in de buurt.', { objects: 'containers' })).toBe('Er zijn geen containers in de buurt.');
  });
});
