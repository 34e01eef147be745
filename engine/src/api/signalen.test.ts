/**
 * Running unchanged against a real Signalen backend: what its questions endpoint,
 * its category tree and its error statuses look like, and how the engine reads them.
 */
import { describe, expect, it } from 'vitest';
import type { Question } from '../schema/index.ts';
import { formatFileSize } from '../validators/index.ts';
import { classifyText } from '../wizard/index.ts';
import { createApiClient, fromSignalenQuestions, statusMessage } from './index.ts';

/** Questions as Signalen's backend stores them: no pathMerge anywhere. */
const fromBackend: Question[] = [
  { key: 'extra_container_kapot', field_type: 'radio_input', required: true, meta: { label: 'Wat is er kapot?', values: { deksel: 'Deksel' } } },
  { key: 'extra_container_opmerking', field_type: 'text_area_input', required: false, meta: { label: 'Opmerking' } },
  { key: 'locatie', field_type: 'location_select', required: true, meta: { label: 'Waar is het?' } },
  { key: 'dateTime', field_type: 'date_time_input', required: true, meta: { label: 'Wanneer?' } },
  { key: 'extra_intro', field_type: 'question_header', required: false, meta: { label: 'Vragen over de container' } },
];

describe('questions fetched from a Signalen backend', () => {
  it('get pathMerge extra_properties, except the location and the date-time question', () => {
    const read = fromSignalenQuestions(fromBackend);
    const merged = Object.fromEntries(read.map((q) => [q.key, q.meta.pathMerge]));
    expect(merged).toEqual({
      extra_container_kapot: 'extra_properties',
      extra_container_opmerking: 'extra_properties',
      locatie: undefined,
      dateTime: undefined,
      extra_intro: 'extra_properties',
    });
    // what was sent is not changed in place
    expect(fromBackend[0].meta.pathMerge).toBeUndefined();
  });

  it('keep one question per key: the first, as the endpoint ordered them', () => {
    const twice: Question[] = [
      { key: 'extra_a', field_type: 'text_input', meta: { label: 'Eerste' } },
      { key: 'extra_a', field_type: 'text_input', meta: { label: 'Tweede' } },
    ];
    expect(fromSignalenQuestions(twice).map((q) => q.meta.label)).toEqual(['Eerste']);
  });

  it('are read through the questions endpoint that way', async () => {
    const client = createApiClient({
      fetch: async () => new Response(JSON.stringify({ count: fromBackend.length, results: fromBackend }), { headers: { 'Content-Type': 'application/json' } }),
    });
    const { fetchCategoryQuestions } = await import('../wizard/index.ts');
    const questions = await fetchCategoryQuestions(client, 'afval', 'container-is-kapot');
    expect(questions.find((q) => q.key === 'extra_container_kapot')?.meta.pathMerge).toBe('extra_properties');
  });
});

describe('the fallback subcategory of a main category', () => {
  /** A backend whose prediction is sure only of the main category; `subs` are the subcategory slugs it has. */
  function backend(main: string, subs: string[]) {
    const asked: string[] = [];
    const client = createApiClient({
      baseUrl: 'https://signalen.example.nl',
      fetch: async (url) => {
        asked.push(url);
        if (url.endsWith('/signals/category/prediction')) {
          return Response.json({ hoofdrubriek: [[`https://signalen.example.nl/signals/v1/public/terms/categories/${main}`], [0.9]], subrubriek: [[], []] });
        }
        const slug = /sub_categories\/([^/]+)$/.exec(url)?.[1];
        if (slug && subs.includes(slug)) return Response.json({ name: `Overig ${main}`, slug, is_active: true, handling_message: 'We kijken ernaar.' });
        return Response.json({ detail: 'Niet gevonden.' }, { status: 404 });
      },
    });
    return { client, asked };
  }

  it("is '{main}-overig' where the tree has it", async () => {
    const { client } = backend('afval', ['afval-overig', 'grofvuil']);
    expect((await classifyText(client, 'iets met afval')).subcategory).toBe('afval-overig');
  });

  it("is Signalen's 'overig-{main}' where that is the slug the tree has", async () => {
    const { client } = backend('wegen-verkeer-straatmeubilair', ['overig-wegen-verkeer-straatmeubilair']);
    const result = await classifyText(client, 'iets op de weg');
    expect(result.subcategory).toBe('overig-wegen-verkeer-straatmeubilair');
    expect(result.classification?.name).toBe('Overig wegen-verkeer-straatmeubilair');
  });

  it('is the configured subcategory where the configuration maps the main category (docs/reference/limits.md#validation)', async () => {
    const { client, asked } = backend('overlast-op-het-water', ['overig-boten', 'overlast-op-het-water-overig']);
    const result = await classifyText(client, 'een boot', { overigSubcategories: { 'overlast-op-het-water': 'overig-boten' } });
    expect(result.subcategory).toBe('overig-boten');
    expect(asked.filter((u) => u.includes('sub_categories'))).toHaveLength(1);
  });

  it('fails the classification when neither slug exists (the wizard then falls back to overig)', async () => {
    const { client } = backend('wonen', ['leegstand']);
    await expect(classifyText(client, 'iets')).rejects.toMatchObject({ status: 404 });
  });
});

describe("Signalen's error statuses", () => {
  it('have their own Dutch texts for 408, 413 and 429', () => {
    expect(statusMessage(408)).toBe('Het verzoek kan niet verwerkt worden door een timeout op de server');
    expect(statusMessage(413)).toBe('De grootte van de payload overschrijdt de toegestane limiet');
    expect(statusMessage(429)).toBe('Er zijn teveel verzoeken verstuurd');
  });
});

describe('file sizes in messages', () => {
  it('are written in Dutch notation', () => {
    expect(formatFileSize(66_662)).toBe('65,1 kB');
    expect(formatFileSize(2048)).toBe('2 kB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatFileSize(512)).toBe('512 bytes');
  });
});
