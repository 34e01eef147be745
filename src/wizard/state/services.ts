/**
 * The wizard machine's side effects, as fromPromise actors over the API client:
 * classification, the category's questions, the create call, photo uploads.
 */
import { fromPromise } from 'xstate';
import {
  classificationFromSubcategory,
  classifyPrediction,
  UPLOAD_FAILED,
  type ApiClient,
  type ClassificationResult,
  type CreatedIncident,
  type PredictionResponse,
  type Question,
  type SubcategoryResponse,
  type SubmitInput,
  type UploadInput,
} from '@meldloket/engine';
import type { AppConfig } from '../../config/index.ts';
import type { PhotoStore } from './persistence.ts';
import type { ProgressStore } from './progress.ts';
import { bundledQuestions } from './questionSets.ts';

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
  buildPayload(input: SubmitInput): unknown;
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

/** Prediction → category; the sub-category must exist and be active, else the machine falls back. */
export async function classify(api: ApiClient<AbortSignal>, text: string): Promise<ClassificationResult> {
  const prediction = await api.post<PredictionResponse>('/signals/category/prediction', { text });
  const predicted = classifyPrediction(prediction);
  if (predicted.level === 'fallback') throw new Error('Geen voorspelling met voldoende zekerheid');
  const sub = await api.get<SubcategoryResponse>(subcategoryPath(predicted.category, predicted.subcategory));
  if (sub.is_active === false) throw new Error(`Subcategorie ${sub.slug} is niet actief`);
  return { category: predicted.category, subcategory: predicted.subcategory, ...classificationFromSubcategory(sub) };
}

/** The questions of a category: from the server when configured, else the bundled set. */
export async function fetchQuestions(
  api: ApiClient<AbortSignal>,
  config: AppConfig,
  category: string,
  subcategory: string,
): Promise<Question[]> {
  if (config.features.fetchQuestionsFromBackend) {
    const page = await api.get<{ results: Question[] }>('/signals/v1/public/questions/', {
      query: { main_slug: category, sub_slug: subcategory },
    });
    return page.results;
  }
  return bundledQuestions(category, subcategory);
}

export function createWizardActors(deps: WizardServiceDeps) {
  const upload = deps.upload ?? xhrUpload;
  return {
    classify: fromPromise<ClassificationResult, { text: string }>(({ input }) => classify(deps.api, input.text)),
    fetchQuestions: fromPromise<Question[], { category: string; subcategory: string; isAuthenticated: boolean }>(({ input }) =>
      fetchQuestions(deps.api, deps.config, input.category, input.subcategory),
    ),
    submit: fromPromise<CreatedIncident, SubmitInput>(async ({ input }) => {
      const path = input.isAuthenticated ? PRIVATE_SIGNALS : PUBLIC_SIGNALS;
      deps.progress.clear();
      return deps.api.post<CreatedIncident>(path, deps.buildPayload(input), { headers: { 'Idempotency-Key': deps.submitKey() } });
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
