/**
 * Multinomial naive Bayes over the features of `text.ts`, with Laplace smoothing.
 * Plain naive Bayes is far too sure of itself on short texts; the scores are
 * therefore averaged per feature and sharpened by a fixed factor before the
 * softmax, which gives certainties that mean something next to the 0.41 threshold
 * the app uses.
 */
import { features } from './text.ts';

export interface Prediction {
  label: string;
  probability: number;
}

export interface NaiveBayesModel {
  labels: string[];
  /** All labels with their probability, best first. */
  predict(text: string): Prediction[];
  /** Number of features of `text` the model has seen. */
  known(text: string): number;
}

export function trainNaiveBayes(examples: Map<string, string[]>, options: { alpha?: number; sharpness?: number } = {}): NaiveBayesModel {
  const alpha = options.alpha ?? 0.1;
  const sharpness = options.sharpness ?? 4;
  const labels = [...examples.keys()];
  const vocabulary = new Set<string>();
  const counts = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  let documents = 0;
  for (const [label, texts] of examples) {
    const c = new Map<string, number>();
    let total = 0;
    for (const text of texts) {
      documents += 1;
      for (const f of features(text)) {
        vocabulary.add(f);
        c.set(f, (c.get(f) ?? 0) + 1);
        total += 1;
      }
    }
    counts.set(label, c);
    totals.set(label, total);
  }
  const v = vocabulary.size;
  const logPrior = new Map(labels.map((l) => [l, Math.log(examples.get(l)!.length / documents)]));

  return {
    labels,
    known: (text) => features(text).filter((f) => vocabulary.has(f)).length,
    predict(text) {
      const fs = features(text).filter((f) => vocabulary.has(f));
      const n = Math.max(1, fs.length);
      const scores = labels.map((label) => {
        const c = counts.get(label)!;
        const denominator = Math.log(totals.get(label)! + alpha * v);
        let sum = 0;
        for (const f of fs) sum += Math.log((c.get(f) ?? 0) + alpha) - denominator;
        return logPrior.get(label)! / n + (sharpness * sum) / n;
      });
      const max = Math.max(...scores);
      const exp = scores.map((s) => Math.exp(s - max));
      const z = exp.reduce((a, b) => a + b, 0);
      return labels.map((label, i) => ({ label, probability: exp[i] / z })).sort((a, b) => b.probability - a.probability);
    },
  };
}
