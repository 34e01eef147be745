/**
 * The wizard machine's side effects, as fromPromise actors over the API client:
 * classification, the category's questions, the create call, photo uploads.
 */
import { fromPromise } from 'xstate';
import {
  ApiError,
  classifyText,
  fetchCategoryQuestions,
  statusMessage,
  UPLOAD_FAILED,
  type ApiClient,
  type ClassificationResult,
  type CreatedIncident,
  type Question,
  type SubmitInput,
  type UploadInput,
} from '@meldloket/engine';
import type { AppConfig } from '../../config/index.ts';
import type { PhotoStore } from './persistence.ts';
import type { ProgressStore } from './progress.ts';
import { bundledQuestions } from './questionSets.ts';
import { loadEngineForm } from './engineForm.ts';

export const PUBLIC_SIGNALS = '/signals/v1/public/signals/';
export const PRIVATE_SIGNALS = '/signals/v1/private/signals/';

export const subcategoryPath = (category: string, subcategory: string) =>
  `/signals/v1/public/terms/categories/${encodeURIComponent(category)}/sub_categories/${encodeURIComponent(subcategory)}`;

export interface WizardServiceDeps {
  api: ApiClient<AbortSignal>;
  config: AppConfig;
  photos: PhotoStore;
  progress: ProgressStore;
  /** The submit payload of the draft (the engine's payload builder). */
  buildPayload(input: SubmitInput): unknown | Promise<unknown>;
  /** Idempotency key of the current draft. */
  submitKey(): string;
  getToken(): string | null;
  /** Sends one file with progress; XMLHttpRequest in the browser. */
  upload?: UploadFn;
}

export type UploadFn = (url: string, form: FormData, headers: Record<string, string>, onProgress: (fraction: number) => void) => Promise<void>;

/** A multipart POST with upload progress (fetch cannot report it). */
export const xhrUpload: UploadFn = (url, form, headers, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(UPLOAD_FAILED)));
    xhr.onerror = () => reject(new Error(UPLOAD_FAILED));
    xhr.send(form);
  });

/** The questions of a category: from the server when configured, else the bundled set. */
export async function fetchQuestions(
  api: ApiClient<AbortSignal>,
  config: AppConfig,
  category: string,
  subcategory: string,
): Promise<Question[]> {
  if (config.features.fetchQuestionsFromBackend) return fetchCategoryQuestions(api, category, subcategory);
  return bundledQuestions(category, subcategory);
}

/** No answer at all (offline, connection dropped): fetch rejects without a status. */
export const NO_CONNECTION_MESSAGE = 'Er kon geen verbinding worden gemaakt met de server. Probeer het nogmaals';

/** The Dutch message for a failed create call: by HTTP status (spec §8), or the connection failure. */
export function submitFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status) return statusMessage(error);
  return NO_CONNECTION_MESSAGE;
}

export function createWizardActors(deps: WizardServiceDeps) {
  const upload = deps.upload ?? xhrUpload;
  return {
    classify: fromPromise<ClassificationResult, { text: string }>(({ input }) => classifyText(deps.api, input.text, { overigSubcategories: deps.config.classification.overigSubcategories })),
    fetchQuestions: fromPromise<Question[], { category: string; subcategory: string; isAuthenticated: boolean }>(async ({ input }) => {
      // the machine compiles the questions as soon as they arrive: have the compiler ready
      const [questions] = await Promise.all([fetchQuestions(deps.api, deps.config, input.category, input.subcategory), loadEngineForm()]);
      return questions;
    }),
    submit: fromPromise<CreatedIncident, SubmitInput>(async ({ input }) => {
      const path = input.isAuthenticated ? PRIVATE_SIGNALS : PUBLIC_SIGNALS;
      deps.progress.clear();
      const payload = await deps.buildPayload(input);
      try {
        return await deps.api.post<CreatedIncident>(path, payload, { headers: { 'Idempotency-Key': deps.submitKey() } });
      } catch (error) {
        // the machine keeps the message for the error page's notification: make it the resident's words
        throw new Error(submitFailureMessage(error), { cause: error });
      }
    }),
    uploadPhoto: fromPromise<unknown, UploadInput>(async ({ input }) => {
      const { image, signalId } = input;
      try {
        if (!signalId) throw new Error(UPLOAD_FAILED);
        const file = await deps.photos.get(image.id);
        if (!file) throw new Error(UPLOAD_FAILED);
        const form = new FormData();
        form.append('signal_id', signalId);
        form.append('file', file, image.name);
        const token = deps.getToken();
        const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
        deps.progress.set(image.id, 0);
        await upload(`${deps.config.endpoints.api}${PUBLIC_SIGNALS}${signalId}/attachments/`, form, headers, (f) =>
          deps.progress.set(image.id, f),
        );
        deps.progress.set(image.id, 1);
      } catch (error) {
        deps.progress.fail(image.id);
        throw error;
      }
    }),
  };
}
