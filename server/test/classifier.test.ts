import { describe, expect, it } from 'vitest';
import { createClassifier, EXAMPLES } from '../src/services/classifier/index.ts';
import { readCategoryTree } from '../src/db/seed.ts';

describe('category classifier', () => {
  const classifier = createClassifier();

  it('has at least a dozen training texts for every sub-category of the category tree', async () => {
    const tree = await readCategoryTree();
    for (const main of tree.categories) {
      for (const sub of main.sub_categories) {
        const examples = EXAMPLES[main.slug]?.[sub.slug];
        expect(examples, `${main.slug}/${sub.slug}`).toBeDefined();
        expect(examples.train.length, `${main.slug}/${sub.slug}`).toBeGreaterThanOrEqual(12);
        expect(examples.heldOut.length, `${main.slug}/${sub.slug}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('classifies held-out texts it never saw, and is surer when it is right', () => {
    let subHits = 0;
    let mainHits = 0;
    let total = 0;
    let acceptedRight = 0;
    let acceptedWrong = 0;
    for (const [main, subs] of Object.entries(EXAMPLES)) {
      for (const [sub, ex] of Object.entries(subs)) {
        for (const text of ex.heldOut) {
          total += 1;
          const p = classifier.predict(text);
          const right = p.sub.slug === sub && p.sub.mainSlug === main;
          if (right) subHits += 1;
          if (p.main.slug === main) mainHits += 1;
          if (p.sub.probability >= 0.41) {
            if (right) acceptedRight += 1;
            else acceptedWrong += 1;
          }
        }
      }
    }
    const subAccuracy = subHits / total;
    const mainAccuracy = mainHits / total;
    const precisionAtThreshold = acceptedRight / Math.max(1, acceptedRight + acceptedWrong);
    console.log(
      `classifier on ${total} held-out texts: sub-category accuracy ${(subAccuracy * 100).toFixed(1)}%, ` +
        `main category accuracy ${(mainAccuracy * 100).toFixed(1)}%, ` +
        `${acceptedRight + acceptedWrong} at certainty >= 0.41 of which ${(precisionAtThreshold * 100).toFixed(1)}% right`,
    );
    expect(subAccuracy).toBeGreaterThan(0.6);
    expect(mainAccuracy).toBeGreaterThan(0.8);
    expect(precisionAtThreshold).toBeGreaterThan(subAccuracy);
  });

  it('recognises plain reports with the expected category', () => {
    expect(classifier.predict('De lantaarnpaal in mijn straat is kapot en geeft geen licht').sub.slug).toBe('lantaarnpaal-straatverlichting');
    expect(classifier.predict('Er staat een oude bank en een matras naast de container').sub.slug).toBe('grofvuil');
    expect(classifier.predict('Er rennen ratten door onze tuin').main.slug).toBe('overlast-van-dieren');
  });

  it('says when a text shares nothing with the examples', () => {
    expect(classifier.predict('qwerty zxcvb').informed).toBe(false);
  });
});
