/** The app's side of the wizard's side effects: the ports the engine's actors use. */
import { ApiError, apiPath, API_PATHS, fetchCategoryQuestions,
  UploadFailedError,
  type FetchedQuestions,
  type QuestionSetRef,
  type ApiClient,
  type Question,
  type SubmitInput,
  type UploadInput,
  type WizardPorts,
  subCategoryUrl,
} from '@meldloket/engine';
import { preloadWidgets } from '@meldloket/renderer';
import type { AppConfig } from '../../config/index.ts';
import type { PhotoStore } from './persistence.ts';
import type { ProgressStore } from './progress.ts';
import { bundledQuestions, questionSetOf } from './questionSets.ts';
import { loadEngineForm } from './engineForm.ts';

/** The public path of a sub-category: the engine's one builder. */
export const subcategoryPath = subCategoryUrl;

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

/** The parsed JSON error body of a refused upload (why the server refused the photo), if it is JSON. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A multipart POST with upload progress (fetch cannot report it). */
export const xhrUpload: UploadFn = (url, form, headers, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadFailedError(xhr.status, jsonOf(xhr.responseText))));
    xhr.onerror = () => reject(new UploadFailedError());
    xhr.send(form);
  });

/** What `GET /signals/v1/public/question-sets/{name}/` answers (docs/studio-api.md). */
interface PublishedQuestionSet {
  name: string;
  version: number;
  questions: Question[];
}

/**
 * Step 2's questions (docs/studio-api.md): the published version of the subcategory's question
 * set, asked of the server at the moment they are needed, so a newly published version reaches the next
 * resident at once. `pinned` is the version the draft's questions came from: a resumed wizard asks for it
 * again (a wizard in progress keeps its version), unless the subcategory now uses another set. When the
 * server cannot answer, the bundled set (the defaults a fresh install publishes) stands in. Against a
 * Signalen backend (`fetchQuestionsFromBackend`) the questions come from `GET /signals/v1/public/questions/`.
 */
export async function fetchQuestions(
  api: ApiClient<AbortSignal>,
  config: AppConfig,
  category: string,
  subcategory: string,
  pinned: QuestionSetRef | null = null,
): Promise<FetchedQuestions> {
  if (config.features.fetchQuestionsFromBackend) return { questions: await fetchCategoryQuestions(api, category, subcategory) };
  const name = await questionSetOf(category, subcategory);
  if (!name) return { questions: [] };
  const path = apiPath(API_PATHS.publicQuestionSet, { name });
  const version = pinned?.name === name ? pinned.version : undefined;
  try {
    const found = await api.get<PublishedQuestionSet>(path, version === undefined ? {} : { query: { version } }).catch((error: unknown) => {
      // the pinned version is gone (a database started anew): the published one
      if (version !== undefined && error instanceof ApiError && error.status === 404) return api.get<PublishedQuestionSet>(path);
      throw error;
    });
    return { questions: found.questions, questionSet: { name: found.name, version: found.version } };
  } catch {
    return { questions: await bundledQuestions(category, subcategory) };
  }
}

/**
 * The app's ports for the engine's wizard actors (createWizardActors): where the
 * questions come from, the lazily loaded payload builder, the idempotency key,
 * and the photo upload with progress from the photo store.
 */
export function wizardPorts(deps: WizardServiceDeps): WizardPorts<AbortSignal> {
  const upload = deps.upload ?? xhrUpload;
  return {
    api: deps.api,
    classify: { overigSubcategories: deps.config.classification.overigSubcategories },
    // the machine compiles the questions as soon as they arrive: have the compiler ready
    // and the widgets those questions use (lazy in the renderer's registry)
    questions: async (category, subcategory, pinned) => {
      const [found] = await Promise.all([fetchQuestions(deps.api, deps.config, category, subcategory, pinned), loadEngineForm()]);
      await preloadWidgets(found.questions.map((question) => question.field_type)).catch(() => undefined);
      return found;
    },
    payload: deps.buildPayload,
    submitKey: deps.submitKey,
    onSubmitStart: () => deps.progress.clear(),
    upload: async ({ image, signalId }: UploadInput) => {
      try {
        if (!signalId) throw new UploadFailedError();
        const file = await deps.photos.get(image.id);
        if (!file) throw new UploadFailedError();
        const form = new FormData();
        form.append('signal_id', signalId);
        form.append('file', file, image.name);
        const token = deps.getToken();
        const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
        deps.progress.set(image.id, 0);
        await upload(`${deps.config.endpoints.api}${apiPath(API_PATHS.publicSignalAttachments, { uuid: signalId })}`, form, headers, (f) => deps.progress.set(image.id, f));
        deps.progress.set(image.id, 1);
      } catch (error) {
        deps.progress.fail(image.id);
        throw error;
      }
    },
  };
}
