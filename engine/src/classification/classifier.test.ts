import { describe, expect, it } from 'vitest';
import { classifierExamples, contentWords, normalizeText, textFeatures, trainClassifier } from './index.ts';

const examples = {
  'afval/prullenbak-is-vol': ['de prullenbak zit vol', 'afvalbak puilt uit', 'prullenbak niet geleegd, helemaal vol', 'vuilnisbak zit propvol'],
  'afval/prullenbak-is-kapot': ['de prullenbak is vernield', 'prullenbak beschadigd', 'de afvalbak is vernield', 'vuilnisbak hangt scheef en is beschadigd', 'klep van de afvalbak is afgebroken', 'bak is kapot'],
  'afval/container-is-kapot': ['de container is kapot', 'container gaat niet open', 'klep van de container klemt', 'ondergrondse container beschadigd'],
  'wegen-verkeer-straatmeubilair/lantaarnpaal-straatverlichting': ['lantaarnpaal brandt niet', 'straatlamp is uit', 'de lamp in de paal knippert', 'lantaarnpaal staat scheef'],
};

describe('classifier features', () => {
  it('read a text without case, accents or punctuation and drop the words that say nothing', () => {
    expect(normalizeText("Café's KAPOT!! z'n")).toBe('cafes kapot zn');
    expect(contentWords('De prullenbak is niet geleegd')).toEqual(['prullenbak', 'niet', 'geleegd']);
  });

  it('give a misspelt word and a compound character grams in common with the word they are made of', () => {
    const grams = (text: string) => [...textFeatures(text).keys()].filter((f) => f.startsWith('c:'));
    const shared = (a: string, b: string) => grams(a).filter((g) => grams(b).includes(g));
    expect(shared('prullebak', 'prullenbak')).toEqual(expect.arrayContaining(['c:<pru', 'c:bak>']));
    expect(shared('stoeptegel', 'tegel')).toEqual(expect.arrayContaining(['c:tegel', 'c:egel>']));
    expect(textFeatures('prullenbak kapot').get('b:prullenbak_kapot')).toBe(1);
  });
});

describe('trainClassifier', () => {
  const model = trainClassifier(examples);

  it('weighs object and state words: the state decides between two sub-categories of the same object', () => {
    expect(model.rank('de prullenbak is kapot')[0].label).toBe('afval/prullenbak-is-kapot');
    expect(model.rank('prullebak zit vol')[0].label).toBe('afval/prullenbak-is-vol');
    expect(model.rank('de lantaarnpaal is kapot')[0].label).toBe('wegen-verkeer-straatmeubilair/lantaarnpaal-straatverlichting');
  });

  it('ranks every label with probabilities that sum to 1, best first', () => {
    const ranked = model.rank('container klemt');
    expect(ranked.map((r) => r.label).sort()).toEqual(Object.keys(examples).sort());
    expect(ranked.reduce((s, r) => s + r.probability, 0)).toBeCloseTo(1, 10);
    expect(ranked[0].probability).toBeGreaterThanOrEqual(ranked[1].probability);
  });

  it('gives the same model for the same examples', () => {
    const again = trainClassifier(examples);
    for (const text of ['bak vol', 'lamp kapot', 'iets heel anders']) expect(again.rank(text)).toEqual(model.rank(text));
  });

  it('knows when a text shares nothing with the examples', () => {
    expect(model.known('xyzzy qqq')).toBe(0);
    expect(model.known('prullenbak')).toBeGreaterThan(0);
  });

  it('refuses to train on nothing', () => {
    expect(() => trainClassifier({})).toThrow();
  });
});

describe('classifierExamples', () => {
  it('labels the examples main/sub from the files', () => {
    const files = [{ name: 'afval.json', json: { category: 'afval', examples: { grofvuil: ['bank op straat'] } } }];
    expect([...classifierExamples(files)]).toEqual([['afval/grofvuil', ['bank op straat']]]);
  });

  it('refuses a file of another shape and a sub-category given twice', () => {
    expect(() => classifierExamples([{ name: 'x.json', json: { questions: [] } }])).toThrow(/x\.json/);
    const file = { name: 'afval.json', json: { category: 'afval', examples: { grofvuil: ['a b'] } } };
    expect(() => classifierExamples([file, { ...file, name: 'again.json' }])).toThrow(/afval\/grofvuil/);
  });
});
