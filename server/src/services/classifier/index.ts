/**
 * The category classifier behind POST /signals/category/prediction: naive Bayes
 * trained (once, soon after start) on the example reports in `examples/` (a dozen or more per
 * sub-category). The main category's certainty is the sum over its subcategories.
 */
import fp from 'fastify-plugin';
import { EXAMPLES } from './examples/index.ts';
import { trainNaiveBayes, type NaiveBayesModel } from './naive-bayes.ts';
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

/** Training texts by `main/sub` label. */
export function trainingSet(): Map<string, string[]> {
  const set = new Map<string, string[]>();
  for (const [main, subs] of Object.entries(EXAMPLES)) for (const [sub, ex] of Object.entries(subs)) set.set(`${main}/${sub}`, ex.train);
  return set;
}

export function createClassifier(model: NaiveBayesModel = trainNaiveBayes(trainingSet())): Classifier {
  return {
    predict(text) {
      const ranked = model.predict(text);
      const mains = new Map<string, number>();
      for (const r of ranked) {
        const main = r.label.split('/')[0];
        mains.set(main, (mains.get(main) ?? 0) + r.probability);
      }
      const [mainSlug, mainP] = [...mains.entries()].sort((a, b) => b[1] - a[1])[0];
      const [subMain, subSlug] = ranked[0].label.split('/');
      return {
        main: { slug: mainSlug, probability: mainP },
        sub: { mainSlug: subMain, slug: subSlug, probability: ranked[0].probability },
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

export { EXAMPLES } from './examples/index.ts';
export { trainNaiveBayes } from './naive-bayes.ts';
