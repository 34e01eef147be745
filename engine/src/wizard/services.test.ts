import { STEP_QUESTIONS } from './testSteps.node.ts';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, createApiClient, type FetchInit } from '../api/index.ts';
import type { Question } from '../schema/types.ts';
import { classifyText, createWizardActors, currentStep, defaultFormFactory, wizardMachine, type UploadInput } from './index.ts';

const HOST = 'https://api.example.nl';
const categories = `${HOST}/signals/v1/public/terms/categories`;

const questions: Question[] = [
  { key: 'locatie', field_type: 'location_select', required: true, meta: { label: 'Waar is het?', validators: ['required'] } },
  {
    key: 'extra_afval_soort',
    field_type: 'radio_input',
    required: true,
    meta: { label: 'Wat voor afval?', shortLabel: 'Soort afval', values: { bank: 'Bank', kast: 'Kast' }, pathMerge: 'extra_properties', validators: ['required'] },
  },
  {
    key: 'extra_afval_kast_kleur',
    field_type: 'text_input',
    meta: { label: 'Welke kleur?', ifOneOf: { extra_afval_soort: 'kast' }, pathMerge: 'extra_properties' },
  },
];

type Call = { url: string; method?: string; body?: unknown };

/** A fake Signalen backend answering the wizard's calls. */
function backend(options: { certainty?: number; inactive?: boolean } = {}) {
  const calls: Call[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetch = async (url: string, init: FetchInit<AbortSignal>) => {
    calls.push({ url, method: init.method, body: init.body ? JSON.parse(init.body) : undefined });
    if (url.endsWith('/signals/category/prediction')) {
      return json({
        hoofdrubriek: [[`${categories}/afval`], [0.9]],
        subrubriek: [[`${categories}/afval/sub_categories/grofvuil`], [options.certainty ?? 0.7]],
      });
    }
    const sub = /sub_categories\/([^/?]+)$/.exec(url);
    if (sub) {
      return json({ name: sub[1] === 'grofvuil' ? 'Grofvuil' : 'Overig afval', slug: sub[1], is_active: !options.inactive, handling_message: `Afhandeling ${sub[1]}` });
    }
    if (url.includes('/signals/v1/public/questions/')) return json({ count: questions.length, results: questions });
    if (url.endsWith('/signals/v1/public/signals/') || url.endsWith('/signals/v1/private/signals/')) return json({ signal_id: 'uuid-7', id: 7 }, 201);
    return json({ detail: 'Niet gevonden.' }, 404);
  };
  return { calls, api: createApiClient({ fetch, baseUrl: HOST }) };
}

describe('wizard services', () => {
  it('classifies at sub level and reads name and handling message of the sub-category', async () => {
    const { api, calls } = backend();
    await expect(classifyText(api, 'Er staat een oude kast op straat')).resolves.toEqual({
      category: 'afval',
      subcategory: 'grofvuil',
      classification: { id: 'grofvuil', name: 'Grofvuil', slug: 'grofvuil' },
      handling_message: 'Afhandeling grofvuil',
    });
    expect(calls[0]).toMatchObject({ url: `${HOST}/signals/category/prediction`, method: 'POST', body: { text: 'Er staat een oude kast op straat' } });
    expect(calls[1].url).toBe(`${categories}/afval/sub_categories/grofvuil`);
  });

  it("uses main-slug + '-overig' when the sub level is uncertain", async () => {
    const { api } = backend({ certainty: 0.2 });
    expect((await classifyText(api, 'iets')).subcategory).toBe('afval-overig');
  });

  it('treats an inactive predicted sub-category as a failed classification', async () => {
    const { api } = backend({ inactive: true });
    await expect(classifyText(api, 'iets')).rejects.toThrow(/not active/);
  });

  it('runs a whole report through the wizard against the backend: prediction, questions, payload with only visible answers', async () => {
    const { api, calls } = backend();
    const machine = wizardMachine.provide({
      actors: createWizardActors({ api, submitKey: () => 'key-1', upload: async (_input: UploadInput) => undefined }),
    });
    const actor = createActor(machine, { input: { createForm: defaultFormFactory, steps: STEP_QUESTIONS, now: () => new Date('2024-05-15T10:00:00Z') } }).start();
    const send = actor.send.bind(actor);
    send({ type: 'DRAFT', action: { type: 'update', payload: { description: 'Er staat een oude bank op straat', email: 'melder@example.nl' } } });
    send({ type: 'CLASSIFY', text: 'Er staat een oude bank op straat' });
    await waitFor(actor, (s) => s.matches({ classification: 'idle', questions: 'idle' }) && !s.context.draft.loadingData);
    send({ type: 'NEXT' });
    expect(currentStep(actor.getSnapshot())).toBe('vulaan');
    // An answer that is later hidden must not be sent.
    send({ type: 'DRAFT', action: { type: 'answer', key: 'extra_afval_soort', value: { id: 'kast', label: 'Kast' } } });
    send({ type: 'DRAFT', action: { type: 'answer', key: 'extra_afval_kast_kleur', value: 'bruin' } });
    send({ type: 'DRAFT', action: { type: 'answer', key: 'extra_afval_soort', value: { id: 'bank', label: 'Bank' } } });
    send({
      type: 'DRAFT',
      action: { type: 'setLocation', key: 'locatie', location: { coordinates: { lat: 52.3731, lng: 4.8936 }, address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam' } } },
    });
    send({ type: 'NEXT' });
    send({ type: 'NEXT' });
    expect(currentStep(actor.getSnapshot())).toBe('summary');
    send({ type: 'NEXT' });
    await waitFor(actor, (s) => currentStep(s) === 'bedankt');

    const post = calls.find((c) => c.url === `${HOST}/signals/v1/public/signals/`);
    expect(calls.find((c) => c.url.includes('/questions/'))?.url).toBe(`${HOST}/signals/v1/public/questions/?main_slug=afval&sub_slug=grofvuil`);
    expect(post?.body).toMatchObject({
      text: 'Er staat een oude bank op straat',
      category: { sub_category: '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil' },
      location: { geometrie: { type: 'Point', coordinates: [4.8936, 52.3731] } },
      reporter: { email: 'melder@example.nl', sharing_allowed: false },
      extra_properties: [
        { id: 'extra_afval_soort', label: 'Soort afval', category_url: '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil' },
      ],
    });
    const body = post?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('priority');
    expect(body).not.toHaveProperty('handling_message');
    expect(actor.getSnapshot().context.draft.incident).toMatchObject({ signal_id: 'uuid-7', handling_message: 'Afhandeling grofvuil' });
    actor.stop();
  });

  it('retries one draft with the body of its first attempt, and under a key of its own after a 422 for that key', async () => {
    const posts: { key: string; body: unknown }[] = [];
    let answer: 'lost' | 'conflict' | 'ok' = 'lost';
    const api = {
      post: async (_url: string, body: unknown, init: { headers?: Record<string, string> } = {}) => {
        const key = init.headers?.['Idempotency-Key'] ?? '';
        posts.push({ key, body });
        if (answer === 'lost') throw new Error('network');
        if (answer === 'conflict' && posts.filter((p) => p.key === key).length > 1) throw new ApiError('Unprocessable', 422);
        return { signal_id: 'uuid-9' };
      },
    } as never;
    const ports = { api, submitKey: () => 'key-1', payload: (i: { now: Date }) => ({ at: i.now.toISOString() }), upload: async () => undefined };
    const input = (at: string) => ({ draft: { description: 'kapotte bank' }, isAuthenticated: false, evaluation: null, form: {} as never, now: new Date(at) }) as never;
    const run = (actors: ReturnType<typeof createWizardActors>, at: string) =>
      new Promise((resolve) => {
        const actor = createActor(actors.submit, { input: input(at) });
        actor.subscribe({ complete: () => resolve(actor.getSnapshot().output), error: (e) => resolve(e) });
        actor.start();
      });

    const actors = createWizardActors(ports);
    await run(actors, '2024-05-15T10:00:00Z');
    answer = 'ok';
    expect(await run(actors, '2024-05-15T10:05:00Z')).toEqual({ signal_id: 'uuid-9' });
    expect(posts[1]).toEqual(posts[0]); // same key, same body ('now' of the first attempt)

    // After a reload the body is built anew; the server knows the key with the old body.
    answer = 'conflict';
    const reloaded = createWizardActors(ports);
    expect(await run(reloaded, '2024-05-15T10:10:00Z')).toEqual({ signal_id: 'uuid-9' });
    expect(posts[2]!.key).toBe(posts[0]!.key);
    expect(posts[3]!.key).not.toBe(posts[0]!.key);
    expect(posts[3]!.body).toEqual({ at: '2024-05-15T10:10:00.000Z' });
  });
});
