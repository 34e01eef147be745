import { produce, type Draft } from 'immer';
import type { Question } from '../schema/types.ts';
import { FALLBACK_CATEGORY, FALLBACK_HANDLING_MESSAGE } from '../classification/index.ts';
import { removeAsset, selectAsset, setAssetAddress } from './assets.ts';
import { isDraftAnswerKey, writeDraftAnswer } from './fields.ts';
import type { Address, Classification, CreatedIncident, IncidentDraft, IncidentLocation, QuestionSetRef, SelectedAsset } from './types.ts';

export interface ClassificationResult {
  category: string;
  subcategory: string;
  classification?: Classification | null;
  handling_message?: string;
}

/** Every change to the draft (docs/reference/statuses.md#states-and-transitions 'Incident store actions'). */
export type IncidentAction =
  | { type: 'update'; payload: Partial<IncidentDraft> }
  /**
   * An answer. `resetsStateOnChange` (set by the wizard machine from the
   * question's meta) drops the other extra answers when the value changes.
   */
  | { type: 'answer'; key: string; value: unknown; resetsStateOnChange?: boolean }
  | { type: 'createSuccess'; incident: CreatedIncident }
  | { type: 'classificationSuccess'; result: ClassificationResult }
  | { type: 'classificationError'; handling_message?: string }
  | { type: 'setClassification'; result: ClassificationResult }
  | { type: 'questionsSuccess'; questions: Question[]; questionSet?: QuestionSetRef }
  | { type: 'questionsError' }
  | { type: 'setLoadingData'; loadingData: boolean }
  | { type: 'setLocation'; location: IncidentLocation; key: string }
  | { type: 'selectAsset'; key: string; asset: SelectedAsset; maxNumberOfAssets?: number }
  | { type: 'removeAsset'; key: string; asset: Pick<SelectedAsset, 'id' | 'type'> }
  /** The reverse-geocoded address of a chosen asset arrived. */
  | { type: 'setAssetAddress'; key: string; asset: Pick<SelectedAsset, 'id' | 'type'>; address: Address }
  | { type: 'dismissMaxAssetWarning' };

/** Whether an answer key holds category-specific (extra_*) data. */
export const isExtraKey = (key: string) => key.startsWith('extra_');

function dropExtraAnswers(draft: Draft<IncidentDraft>, keep?: string): void {
  for (const key of Object.keys(draft.answers)) {
    if (isExtraKey(key) && key !== keep) delete draft.answers[key];
  }
}

/** Sets the classification; old extra_* answers go unless category and subcategory stay the same. */
function applyClassification(draft: Draft<IncidentDraft>, result: ClassificationResult, handlingFallback: string): void {
  const unchanged = draft.category === result.category && draft.subcategory === result.subcategory;
  if (!unchanged) dropExtraAnswers(draft);
  draft.category = result.category;
  draft.subcategory = result.subcategory;
  if (result.classification !== undefined) draft.classification = result.classification;
  draft.handling_message = result.handling_message ?? handlingFallback;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function apply(draft: Draft<IncidentDraft>, action: IncidentAction): IncidentDraft | void {
  switch (action.type) {
    case 'update': {
      const { answers, ...rest } = action.payload;
      Object.assign(draft, rest);
      if (answers) Object.assign(draft.answers, answers);
      return;
    }
    case 'answer': {
      if (isDraftAnswerKey(action.key)) {
        writeDraftAnswer(draft, action.key, action.value);
        return;
      }
      const changed = !sameValue(draft.answers[action.key], action.value);
      if (action.resetsStateOnChange && changed) dropExtraAnswers(draft, action.key);
      if (action.value === undefined) delete draft.answers[action.key];
      else draft.answers[action.key] = action.value;
      return;
    }
    case 'createSuccess':
      draft.incident = { ...action.incident, handling_message: draft.handling_message };
      return;
    case 'classificationSuccess':
      applyClassification(draft, action.result, FALLBACK_HANDLING_MESSAGE);
      draft.classificationPrediction = action.result.classification ?? null;
      return;
    case 'classificationError':
      applyClassification(
        draft,
        { ...FALLBACK_CATEGORY, classification: null, handling_message: action.handling_message },
        FALLBACK_HANDLING_MESSAGE,
      );
      draft.classificationPrediction = null;
      return;
    case 'setClassification':
      applyClassification(draft, action.result, FALLBACK_HANDLING_MESSAGE);
      draft.usePredictions = false;
      // a choice of the resident's own: no prediction is offered any more ('Subcategorie voorstel' goes)
      draft.classificationPrediction = null;
      return;
    case 'questionsSuccess':
      draft.questions = action.questions as Draft<Question>[];
      if (action.questionSet) draft.questionSet = { ...action.questionSet };
      else delete draft.questionSet;
      draft.loadingData = false;
      return;
    case 'questionsError':
      draft.questions = [];
      draft.loadingData = false;
      return;
    case 'setLoadingData':
      draft.loadingData = action.loadingData;
      return;
    case 'setLocation':
      draft.answers[action.key] = { location: action.location };
      return;
    case 'selectAsset':
      selectAsset(draft, action.key, action.asset, action.maxNumberOfAssets);
      return;
    case 'removeAsset':
      removeAsset(draft, action.key, action.asset);
      return;
    case 'setAssetAddress':
      setAssetAddress(draft, action.key, action.asset, action.address);
      return;
    case 'dismissMaxAssetWarning':
      draft.maxAssetWarning = false;
      return;
  }
}

/** The draft reducer: pure, immutable (immer), unchanged parts keep their identity. */
export function incidentReducer(state: IncidentDraft, action: IncidentAction): IncidentDraft {
  return produce(state, (draft) => apply(draft, action));
}
