/**
 * The category classifier behind POST /signals/category/prediction: the engine's
 * linear model (logistic regression over words, word pairs and character grams;
 * docs/classifier.md), trained once, soon after start, on the example reports in
 * question-sets/classifier/. The main category's certainty is the sum over its
 * sub-categories.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { CLASSIFIER_EXAMPLES_FOLDER, classifierExamples, splitClassifierLabel, trainClassifier, type TextClassifier } from '@meldloket/engine';
import { QUESTION_SETS_DIR } from '../categories/sources.ts';
import { warmUpAfterListen } from '../../plugins/warm-up.ts';

export interface CategoryPrediction {
  main: { slug: string; probability: number };
  sub: { mainSlug: string; slug: string; probability: number };
  /** False when the text shares no feature with any example: the answer is then a guess. */
  informed: boolean;
}

export interface Classifier {
  /**
   * The best sub-category and main category for a text. With `allowed`, only the
   * sub-categories it lets through are candidates (the route passes the active ones:
   * a prediction of an inactive sub-category would send the resident to overig/overig);
   * the certainties are not scaled up for the ones left out, and a main category (with
   * an allowed sub-category) keeps the certainty of all its sub-categories.
   */
  predict(text: string, allowed?: (mainSlug: string, subSlug: string) => boolean): CategoryPrediction;
}

declare module 'fastify' {
  interface FastifyInstance {
    classifier: Classifier;
  }
}

/** Training texts by `main/sub` label, from question-sets/classifier/*.json. */
export function trainingSet(dir = QUESTION_SETS_DIR): Map<string, string[]> {
  const folder = path.join(dir, CLASSIFIER_EXAMPLES_FOLDER);
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json'))
    .sort()
    .map((name) => ({ name: `${CLASSIFIER_EXAMPLES_FOLDER}/${name}`, json: JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as unknown }));
  return classifierExamples(files);
}

/** The model trained on the repository's examples: trained once per process (a few hundred ms), shared by every app in it. */
let defaultModel: TextClassifier | undefined;
const trainedOnExamples = () => (defaultModel ??= trainClassifier(trainingSet()));

export function createClassifier(model: TextClassifier = trainedOnExamples()): Classifier {
  return {
    predict(text, allowed = () => true) {
      const all = model.rank(text).map((r) => ({ ...splitClassifierLabel(r.label), probability: r.probability }));
      const candidates = all.filter((r) => allowed(r.main, r.sub));
      // None allowed (a tree that shares no sub-category with the examples): the best of all, which the route maps to overig/overig.
      const ranked = candidates.length > 0 ? candidates : all;
      // A main category's certainty counts all its sub-categories, the ones left out too: a text about an
      // inactive sub-category is still sure of its main category (and the app then takes its 'overig').
      const candidateMains = new Set(ranked.map((r) => r.main));
      const mains = new Map<string, number>();
      for (const r of all) if (candidateMains.has(r.main)) mains.set(r.main, (mains.get(r.main) ?? 0) + r.probability);
      let [mainSlug, mainP] = ['', -1];
      for (const [slug, p] of mains) if (p > mainP) [mainSlug, mainP] = [slug, p];
      const best = ranked[0];
      return {
        main: { slug: mainSlug, probability: mainP },
        sub: { mainSlug: best.main, slug: best.sub, probability: best.probability },
        informed: model.known(text) > 0,
      };
    },
  };
}

export const classifierPlugin = fp(
  async (app) => {
    // Trained on the first prediction or a moment after the server listens, not before its first answer.
    let trained: Classifier | undefined;
    const classifier = () => (trained ??= createClassifier());
    app.decorate('classifier', { predict: (text, allowed) => classifier().predict(text, allowed) } satisfies Classifier);
    warmUpAfterListen(app, 'classifier', classifier);
  },
  { name: 'classifier' },
);
