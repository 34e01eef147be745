import { fromPromise } from 'xstate';
import { ApiError, API_PATHS, fromSignalenQuestions, statusMessage, type ApiClient } from '../api/index.ts';
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
import type { CreatedIncident, QuestionSetRef } from '../incident/types.ts';
import { buildPayload } from '../payload/index.ts';
import type { Question } from '../schema/types.ts';
import type { FetchedQuestions, FetchQuestionsInput, SubmitInput, UploadInput } from './types.ts';

export const PREDICTION_PATH = API_PATHS.prediction;
export const QUESTIONS_PATH = API_PATHS.questions;
export const PUBLIC_SIGNALS_PATH = API_PATHS.publicSignals;
export const PRIVATE_SIGNALS_PATH = API_PATHS.privateSignals;

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

/** No answer at all (offline, connection dropped): the request failed without a status. */
export const NO_CONNECTION_MESSAGE = 'Er kon geen verbinding worden gemaakt met de server. Probeer het nogmaals';

/** The Dutch message for a failed create call: by HTTP status (docs/reference/texts.md#errors), or the connection failure. */
export function submitFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status) return statusMessage(error);
  return NO_CONNECTION_MESSAGE;
}

/**
 * What the wizard's actors need from their surroundings. The app (or a test,
 * or another front end) provides these ports; the actors themselves are the engine's.
 */
export interface WizardPorts<S> {
  api: ApiClient<S>;
  /**
   * The questions of a subcategory; by default `GET /signals/v1/public/questions/`. `pinned` is the
   * published question set the draft's questions came from (a resumed wizard keeps that version); an
   * answer with `questionSet` says which published version these are.
   */
  questions?: (category: string, subcategory: string, pinned: QuestionSetRef | null) => Promise<Question[] | FetchedQuestions>;
  /** The create body; by default `buildPayload` (an app can pass one it loads lazily). */
  payload?: (input: SubmitInput) => unknown | Promise<unknown>;
  /** The Idempotency-Key of the create call: the same for every retry of one report. */
  submitKey?: () => string;
  /** Sends one photo of the created report (with the file, progress, credentials). */
  upload: (input: UploadInput) => Promise<unknown>;
  /** Called when sending starts (e.g. to clear upload progress). */
  onSubmitStart?: () => void;
  classify?: ClassifyOptions;
}

/** A short digest (FNV-1a, hex) of what a report says, so one draft keeps one Idempotency-Key. */
function draftDigest(draft: unknown, isAuthenticated: boolean): string {
  const text = JSON.stringify([draft, isAuthenticated]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The wizard machine's actors, for `wizardMachine.provide({ actors })`. */
export function createWizardActors<S>(ports: WizardPorts<S>) {
  // The server binds an Idempotency-Key to the body it first saw (a different body is a 422).
  // A retry of the same draft therefore sends the very body of the first attempt (whose
  // 'now' was resolved then); an edited draft is another request and gets a key of its own.
  const sent = new Map<string, unknown>();
  return {
    classify: fromPromise<ClassificationResult, { text: string }>(({ input }) => classifyText(ports.api, input.text, ports.classify)),
    fetchQuestions: fromPromise<FetchedQuestions, FetchQuestionsInput>(async ({ input }) => {
      const found = ports.questions ? await ports.questions(input.category, input.subcategory, input.questionSet ?? null) : await fetchCategoryQuestions(ports.api, input.category, input.subcategory);
      return Array.isArray(found) ? { questions: found } : found;
    }),
    submit: fromPromise<CreatedIncident, SubmitInput>(async ({ input }) => {
      ports.onSubmitStart?.();
      const base = ports.submitKey?.();
      const key = base ? `${base}.${draftDigest(input.draft, input.isAuthenticated)}` : undefined;
      const payload =
        (key !== undefined ? sent.get(key) : undefined) ??
        (await (ports.payload ?? ((i: SubmitInput) => buildPayload(i.draft, { now: i.now, isAuthenticated: i.isAuthenticated, form: i.form })))(input));
      if (key !== undefined) sent.set(key, payload);
      let created: CreatedIncident;
      const post = (idempotencyKey: string | undefined) =>
        ports.api.post<CreatedIncident>(input.isAuthenticated ? PRIVATE_SIGNALS_PATH : PUBLIC_SIGNALS_PATH, payload, idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {});
      try {
        try {
          created = await post(key);
        } catch (error) {
          // 422: the server saw this key with another body (an answer that was lost, then a reload
          // rebuilt the body with a new 'now'). Send it once more under a key of its own, so the
          // resident is never stuck with a report that cannot be sent.
          if (!(key && error instanceof ApiError && error.status === 422)) throw error;
          created = await post(`${key}.${input.now.getTime().toString(36)}`);
        }
      } catch (error) {
        // the machine keeps the message for the error page: make it the resident's words
        throw new Error(submitFailureMessage(error), { cause: error });
      }
      if (!created?.signal_id) throw new Error(submitFailureMessage(new Error('The create call returned no signal_id')));
      return created;
    }),
    uploadPhoto: fromPromise<unknown, UploadInput>(({ input }) => ports.upload(input)),
  };
}
