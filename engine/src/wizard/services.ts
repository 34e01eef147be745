import { fromPromise } from 'xstate';
import { ApiError, fromSignalenQuestions, type ApiClient } from '../api/index.ts';
import {
  classificationFromSubcategory,
  classifyPrediction,
  overigCandidates,
  subcategoryUrl,
  type ClassifyOptions,
  type PredictionResponse,
  type SubcategoryResponse,
} from '../classification/index.ts';
import type { ClassificationResult } from '../incident/reducer.ts';
import type { CreatedIncident } from '../incident/types.ts';
import { buildPayload } from '../payload/index.ts';
import type { Question } from '../schema/types.ts';
import type { SubmitInput } from './types.ts';

export const PREDICTION_PATH = '/signals/category/prediction';
export const QUESTIONS_PATH = '/signals/v1/public/questions/';
export const PUBLIC_SIGNALS_PATH = '/signals/v1/public/signals/';
export const PRIVATE_SIGNALS_PATH = '/signals/v1/private/signals/';

/** Predicts the category of a description and reads its classification and handling message. */
export async function classifyText<S>(api: ApiClient<S>, text: string, options: ClassifyOptions = {}): Promise<ClassificationResult> {
  const prediction = await api.post<PredictionResponse>(PREDICTION_PATH, { text });
  const predicted = classifyPrediction(prediction, options);
  const { category } = predicted;
  // at the main level, the '-overig' subcategory as the category tree names it
  const candidates = predicted.level === 'main' ? overigCandidates(category, options.overigSubcategories) : [predicted.subcategory];
  for (const [i, subcategory] of candidates.entries()) {
    try {
      const sub = await api.get<SubcategoryResponse>(subcategoryUrl(category, subcategory));
      if (sub.is_active === false) throw new Error(`Subcategory ${category}/${subcategory} is not active`);
      return { category, subcategory, ...classificationFromSubcategory(sub) };
    } catch (error) {
      if (i === candidates.length - 1 || !(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  throw new Error(`No subcategory for ${category}`);
}

/**
 * The questions of a sub-category from `GET /signals/v1/public/questions/`, read as
 * Signalen's front end reads them (pathMerge added, one question per key).
 */
export async function fetchCategoryQuestions<S>(api: ApiClient<S>, category: string, subcategory: string): Promise<Question[]> {
  const answer = await api.get<{ results?: Question[] }>(QUESTIONS_PATH, { query: { main_slug: category, sub_slug: subcategory } });
  return Array.isArray(answer?.results) ? fromSignalenQuestions(answer.results) : [];
}

/** Builds the payload and posts it: the public endpoint for residents, the private one for staff. */
export async function submitIncident<S>(api: ApiClient<S>, input: SubmitInput): Promise<CreatedIncident> {
  const payload = buildPayload(input.draft, { now: input.now, isAuthenticated: input.isAuthenticated });
  const created = await api.post<CreatedIncident>(input.isAuthenticated ? PRIVATE_SIGNALS_PATH : PUBLIC_SIGNALS_PATH, payload);
  if (!created?.signal_id) throw new Error('The create call returned no signal_id');
  return created;
}

/**
 * The wizard's classification, question and submit actors over an API
 * client, for `wizardMachine.provide({ actors })`. Photo upload needs
 * progress events and the files themselves, so the app provides that one.
 */
export function createWizardActors<S>(api: ApiClient<S>, options: ClassifyOptions = {}) {
  return {
    classify: fromPromise<ClassificationResult, { text: string }>(({ input }) => classifyText(api, input.text, options)),
    fetchQuestions: fromPromise<Question[], { category: string; subcategory: string; isAuthenticated: boolean }>(({ input }) =>
      fetchCategoryQuestions(api, input.category, input.subcategory),
    ),
    submit: fromPromise<CreatedIncident, SubmitInput>(({ input }) => submitIncident(api, input)),
  };
}
