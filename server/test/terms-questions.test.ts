import { describe, expect, it } from 'vitest';
import { readCategoryTree } from '../src/db/seed.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';

describe.each(DATABASE_TARGETS)('public categories and questions on %s', (target) => {
  const t = useTestApp(target);
  const get = async (url: string) => {
    const res = await t().app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as any };
  };

  it('lists the main categories by name, each with its subcategories, in the HAL list shape', async () => {
    const { status, body } = await get('/signals/v1/public/terms/categories/?page_size=1000');
    expect(status).toBe(200);
    expect(body.count).toBe(11);
    expect(body._links.next.href).toBeNull();
    const names = body.results.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'nl')));
    const afval = body.results.find((c: { slug: string }) => c.slug === 'afval');
    expect(Object.keys(afval)).toEqual(['_links', '_display', 'name', 'slug', 'public_name', 'is_public_accessible', 'sub_categories', 'configuration']);
    expect(afval._links.self.href).toBe('http://localhost:8080/signals/v1/public/terms/categories/afval');
    expect(afval.sub_categories.length).toBeGreaterThan(10);
  });

  it('pages the list with page and page_size and answers 404 past the last page', async () => {
    const first = await get('/signals/v1/public/terms/categories/?page_size=5');
    expect(first.body.results).toHaveLength(5);
    expect(first.body._links.next.href).toContain('page=2');
    expect(first.body._links.previous.href).toBeNull();
    const past = await get('/signals/v1/public/terms/categories/?page=9&page_size=5');
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: 'Ongeldige pagina.' });
  });

  it('shows one sub-category with the fields of docs/reference/api.md#categories and without an SLA', async () => {
    const { status, body } = await get('/signals/v1/public/terms/categories/afval/sub_categories/grofvuil');
    expect(status).toBe(200);
    // docs/reference/api.md#categories's fields, plus our one extension: `configuration` (as on a main category) with the search keywords (docs/reference/README.md#product);
    // `questionnaire` only when one is attached, as Signalen sends it (contract-details.test.ts)
    expect(Object.keys(body)).toEqual([
      '_links', '_display', 'name', 'slug', 'handling', 'departments', 'is_active', 'description', 'handling_message', 'public_name', 'is_public_accessible', 'configuration',
    ]);
    expect(body._display).toBe('Grofvuil (Afval)');
    expect(body.departments).toEqual([{ code: 'AEG', name: 'Afval en Grondstoffen', is_intern: true }]);
    expect(body.handling_message).toMatch(/grofvuil/i);
    expect(body).not.toHaveProperty('sla');
  });

  it('takes handling codes and public accessibility from question-sets/categories.json', async () => {
    const tree = await readCategoryTree();
    for (const main of tree.categories.filter((c) => ['afval', 'wonen'].includes(c.slug))) {
      const sub = main.sub_categories[0];
      const { body } = await get(`/signals/v1/public/terms/categories/${main.slug}/sub_categories/${sub.slug}`);
      expect(body.handling, sub.slug).toBe(sub.handling ?? main.handling);
      expect(body.is_public_accessible, sub.slug).toBe(sub.is_public_accessible ?? main.is_public_accessible);
    }
    expect(tree.categories.find((c) => c.slug === 'afval')).toMatchObject({ handling: 'A3DEVOMC', is_public_accessible: true });
    expect(tree.categories.find((c) => c.slug === 'wonen')).toMatchObject({ handling: 'REST', is_public_accessible: false });
  });

  it('answers one main category and its sub_categories list, with or without trailing slash', async () => {
    const main = await get('/signals/v1/public/terms/categories/afval');
    expect(main.body.slug).toBe('afval');
    const subs = await get('/signals/v1/public/terms/categories/afval/sub_categories');
    expect(subs.body.count).toBe(main.body.sub_categories.length);
  });

  it('answers 404 for unknown slugs', async () => {
    for (const url of ['/signals/v1/public/terms/categories/bestaat-niet', '/signals/v1/public/terms/categories/afval/sub_categories/bestaat-niet', '/signals/v1/public/terms/categories/bestaat-niet/sub_categories/']) {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Niet gevonden.' });
    }
  });

  it('serves the question set of a sub-category with exactly four keys per question', async () => {
    const { status, body } = await get('/signals/v1/public/questions/?main_slug=afval&sub_slug=container-is-vol');
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThan(0);
    for (const q of body.results) expect(Object.keys(q)).toEqual(['key', 'field_type', 'meta', 'required']);
    const other = await get('/signals/v1/public/questions/?main_slug=afval&sub_slug=grofvuil');
    expect(other.body.results.map((q: { key: string }) => q.key)).not.toEqual(body.results.map((q: { key: string }) => q.key));
  });

  it('answers every linked question without filters, with the backend codes for headers and text areas', async () => {
    const { body } = await get('/signals/v1/public/questions/?page_size=2000');
    expect(body.count).toBeGreaterThan(50);
    const types = new Set(body.results.map((q: { field_type: string }) => q.field_type));
    expect(types.has('text_area_input')).toBe(true);
    expect(types.has('textarea_input')).toBe(false);
    expect(types.has('header')).toBe(false);
  });

  it('serves only field types a Signalen backend can store: the nearest stored type, or not at all', async () => {
    // the choices of Signalen's Question.field_type (docs/reference/api.md#questions)
    const stored = ['asset_select', 'caterpillar_select', 'checkbox_input', 'clock_select', 'date_time_input', 'question_header', 'location_select', 'plain_text', 'radio_input', 'select_input', 'streetlight_select', 'text_input', 'text_area_input'];
    const { body } = await get('/signals/v1/public/questions/?page_size=2000');
    for (const q of body.results) expect(stored, q.key).toContain(q.field_type);
    const byKey = new Map(body.results.map((q: { key: string }) => [q.key, q]));
    // a declaration to tick: a plain checkbox with its label, text and rule
    expect(byKey.get('extra_wonen_verhuurderschap_naar_waarheid')).toMatchObject({ field_type: 'checkbox_input', required: true, meta: { label: 'Verklaring', value: 'Ik heb dit formulier naar waarheid ingevuld.', validators: ['required_true'] } });
    // several numbers: one text field
    expect(byKey.get('extra_verkeerslicht_nummer')).toMatchObject({ field_type: 'text_input', meta: { label: 'Wat is het nummer van het verkeerslicht?' } });
    // nothing Signalen could hold: a hidden value, the category's handling message
    expect(byKey.has('extra_wonen_vragenlijst')).toBe(false);
    expect(byKey.has('handling_message')).toBe(false);
    // filtered by category too
    const wonen = await get('/signals/v1/public/questions/?main_slug=wonen&sub_slug=woningdelen-spookburgers&page_size=200');
    expect(wonen.status).toBe(200);
    for (const q of wonen.body.results) expect(stored, q.key).toContain(q.field_type);
  });

  it("serves a subcategory's search words as configuration.keywords (Signalen's configuration field)", async () => {
    const { body } = await get('/signals/v1/public/terms/categories/?page_size=1000');
    const subs = body.results.flatMap((m: { sub_categories: Array<{ slug: string; configuration?: { keywords?: string[] } | null }> }) => m.sub_categories);
    expect(subs.find((s: { slug: string }) => s.slug === 'lantaarnpaal-straatverlichting').configuration.keywords).toContain('lamp');
    expect(subs.find((s: { slug: string }) => s.slug === 'huisafval').configuration.keywords).toContain('vuilniszak');
  });

  it('never repeats a key within one answer, as a Signalen backend (unique keys) could not', async () => {
    for (const url of ['/signals/v1/public/questions/?page_size=2000', '/signals/v1/public/questions/?main_slug=afval&sub_slug=container-is-vol']) {
      const { body } = await get(url);
      const keys = body.results.map((q: { key: string }) => q.key);
      expect(keys.length).toBeGreaterThan(0);
      expect(new Set(keys).size, url).toBe(keys.length);
      expect(body.count).toBe(keys.length);
    }
  });

  it('answers an unknown slug with the django-filter choice message', async () => {
    const { status, body } = await get('/signals/v1/public/questions/?main_slug=bestaat-niet&sub_slug=grofvuil');
    expect(status).toBe(400);
    expect(body).toEqual({ main_slug: ['Selecteer een geldige keuze. bestaat-niet is geen beschikbare keuze.'] });
  });

  it('answers a malformed page number with 400 and a field error', async () => {
    const { status, body } = await get('/signals/v1/public/terms/categories/?page=nul');
    expect(status).toBe(400);
    expect(body).toHaveProperty('page');
  });
});
