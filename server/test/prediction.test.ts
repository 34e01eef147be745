import { describe, expect, it } from 'vitest';
import { classifyPrediction } from '@meldloket/engine';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';

describe.each(DATABASE_TARGETS)('POST /signals/category/prediction on %s', (target) => {
  const t = useTestApp(target);
  const predict = async (payload: unknown) => {
    const res = await t().app.inject({ method: 'POST', url: '/signals/category/prediction', payload: payload as object });
    return { status: res.statusCode, body: res.json() as any };
  };

  it('answers the main and sub-category URL with their certainty', async () => {
    const { status, body } = await predict({ text: 'De lantaarnpaal voor mijn deur brandt niet meer' });
    expect(status).toBe(200);
    expect(body.hoofdrubriek).toEqual([['http://localhost:8080/signals/v1/public/terms/categories/wegen-verkeer-straatmeubilair'], [expect.any(Number)]]);
    expect(body.subrubriek[0]).toEqual(['http://localhost:8080/signals/v1/public/terms/categories/wegen-verkeer-straatmeubilair/sub_categories/lantaarnpaal-straatverlichting']);
    expect(body.subrubriek[1][0]).toBeGreaterThanOrEqual(0.41);
    expect(body.hoofdrubriek[1][0]).toBeGreaterThanOrEqual(body.subrubriek[1][0]);
  });

  it('predicts only active sub-categories, and a text about an inactive one still finds its main category', async () => {
    // 'Kerstbomen' is inactive in the seeded tree (question-sets/categories.json): predicting it would
    // send the resident to overig/overig; the app takes the main category's overig sub-category instead
    const { status, body } = await predict({ text: 'Er liggen weer kerstbomen op de stoep na de feestdagen' });
    expect(status).toBe(200);
    expect(body.subrubriek[0][0]).not.toMatch(/kerstbomen/);
    expect(body.hoofdrubriek[0]).toEqual(['http://localhost:8080/signals/v1/public/terms/categories/afval']);
    expect(classifyPrediction(body)).toEqual({ category: 'afval', subcategory: 'afval-overig', level: 'main' });
  });

  it('answers an empty text with a 400 list and a missing or wrong text with a field error', async () => {
    const empty = await predict({ text: '  ' });
    expect(empty.status).toBe(400);
    expect(Array.isArray(empty.body)).toBe(true);
    expect((await predict({})).body).toEqual({ text: ['Dit veld is vereist.'] });
    const wrong = await predict({ text: 42 });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toHaveProperty('text');
  });
});
