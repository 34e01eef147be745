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
  predict(text: string): CategoryPrediction;
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

/** The model trained on the repository's examples: trained once per process (about a second), shared by every app in it. */
let defaultModel: TextClassifier | undefined;
const trainedOnExamples = () => (defaultModel ??= trainClassifier(trainingSet()));

export function createClassifier(model: TextClassifier = trainedOnExamples()): Classifier {
  return {
    predict(text) {
      const ranked = model.rank(text);
      const mains = new Map<string, number>();
      for (const r of ranked) {
        const { main } = splitClassifierLabel(r.label);
        mains.set(main, (mains.get(main) ?? 0) + r.probability);
      }
      let [mainSlug, mainP] = ['', -1];
      for (const [slug, p] of mains) if (p > mainP) [mainSlug, mainP] = [slug, p];
      const best = splitClassifierLabel(ranked[0].label);
      return {
        main: { slug: mainSlug, probability: mainP },
        sub: { mainSlug: best.main, slug: best.sub, probability: ranked[0].probability },
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
    app.decorate('classifier', { predict: (text: string) => classifier().predict(text) } satisfies Classifier);
    warmUpAfterListen(app, 'classifier', classifier);
  },
  { name: 'classifier' },
);
