/**
 * Step 2's questions come from the server's published question set (docs/studio-api.md): the
 * published version for a new wizard, the version the draft names for a resumed one (unless the
 * subcategory now uses another set, or that version is gone), the bundled set when the server cannot answer.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiPath, API_PATHS, type ApiClient, type Question } from '@meldloket/engine';
import { DEFAULT_CONFIG } from '../../config/defaults.ts';
import { fetchQuestions } from './services.ts';
import { bundledQuestions } from './questionSets.ts';

const WRAKKEN = apiPath(API_PATHS.publicQuestionSet, { name: 'wrakken' });
const published = (version: number, questions: Question[] = [{ key: `extra_v${version}`, field_type: 'text_input', meta: { label: `Vraag ${version}` } }]) => ({ name: 'wrakken', version, questions });

function apiAnswering(answer: (path: string, query: Record<string, unknown> | undefined) => unknown) {
  const get = vi.fn(async (path: string, options?: { query?: Record<string, unknown> }) => {
    const result = answer(path, options?.query);
    if (result instanceof Error) throw result;
    return result;
  });
  return { api: { get } as unknown as ApiClient<AbortSignal>, get };
}

describe('fetchQuestions (the wizard\'s step 2)', () => {
  it('asks for the published version of the subcategory\'s set and names it', async () => {
    const { api, get } = apiAnswering(() => published(4));
    const found = await fetchQuestions(api, DEFAULT_CONFIG, 'overlast-in-de-openbare-ruimte', 'fietswrak');
    expect(get).toHaveBeenCalledWith(WRAKKEN, {});
    expect(found).toEqual({ questions: published(4).questions, questionSet: { name: 'wrakken', version: 4 } });
  });

  it('asks a resumed wizard\'s version again, but not for a subcategory of another set', async () => {
    const { api, get } = apiAnswering((_path, query) => published(Number(query?.version ?? 5)));
    const found = await fetchQuestions(api, DEFAULT_CONFIG, 'overlast-in-de-openbare-ruimte', 'auto-scooter-bromfietswrak', { name: 'wrakken', version: 2 });
    expect(get).toHaveBeenLastCalledWith(WRAKKEN, { query: { version: 2 } });
    expect(found.questionSet).toEqual({ name: 'wrakken', version: 2 });
    await fetchQuestions(api, DEFAULT_CONFIG, 'overlast-in-de-openbare-ruimte', 'fietswrak', { name: 'afval', version: 2 });
    expect(get).toHaveBeenLastCalledWith(WRAKKEN, {});
  });

  it('takes the published version when the pinned one is gone, and the bundled set when the server cannot answer', async () => {
    const gone = apiAnswering((_path, query) => (query?.version ? new ApiError('Niet gevonden.', 404) : published(1)));
    expect((await fetchQuestions(gone.api, DEFAULT_CONFIG, 'overlast-in-de-openbare-ruimte', 'fietswrak', { name: 'wrakken', version: 9 })).questionSet).toEqual({ name: 'wrakken', version: 1 });
    const down = apiAnswering(() => new Error('offline'));
    expect(await fetchQuestions(down.api, DEFAULT_CONFIG, 'overlast-in-de-openbare-ruimte', 'fietswrak')).toEqual({ questions: await bundledQuestions('overlast-in-de-openbare-ruimte', 'fietswrak') });
  });
});
