/**
 * The category classifier: a linear model over the features of `features.ts`,
 * weighed by TF-IDF, trained in a few hundred milliseconds from the example reports
 * (question-sets/classifier/). Multinomial logistic regression (softmax), trained
 * by stochastic gradient descent with L2 regularisation in a fixed order, so the
 * same examples always give the same model. Pure TypeScript: no Node or DOM.
 */
import { textFeatures, type FeatureGroup } from './features.ts';
import { seededRandom } from '../random/index.ts';

/** Training texts by label (`main/sub`). */
export type TrainingExamples = ReadonlyMap<string, readonly string[]> | Readonly<Record<string, readonly string[]>>;

export interface RankedLabel {
  label: string;
  probability: number;
}

export interface TextClassifier {
  readonly labels: readonly string[];
  /** Every label with its probability, best first. */
  rank(text: string): RankedLabel[];
  /** How many of the text's features the model knows (0: the answer is a guess). */
  known(text: string): number;
}

export interface ClassifierOptions {
  /** Weight of each feature group after each is normalised to length 1. */
  groupWeights?: Partial<Record<FeatureGroup, number>>;
  /** Smallest and largest character gram. */
  minGram?: number;
  maxGram?: number;
  /** Passes over the examples. */
  epochs?: number;
  /** Starting step size. */
  learningRate?: number;
  /** L2 regularisation strength. */
  l2?: number;
  /** Multiplies the scores before the softmax: above 1 sharpens the certainties. */
  sharpness?: number;
  /** Seed of the (deterministic) order the examples are visited in. */
  seed?: number;
}

export const DEFAULT_CLASSIFIER_OPTIONS: Required<Omit<ClassifierOptions, 'groupWeights'>> & { groupWeights: Record<FeatureGroup, number> } = {
  groupWeights: { w: 1, b: 0.6, c: 3 },
  minGram: 3,
  maxGram: 5,
  epochs: 4,
  learningRate: 0.5,
  l2: 1e-5,
  sharpness: 1,
  seed: 1,
};

/**
 * A label whose gradient for an example is below this is not updated for it: after the
 * first pass most labels are, and skipping them is most of the training time saved.
 */
const NEGLIGIBLE_GRADIENT = 1e-3;

const GROUPS: readonly FeatureGroup[] = ['w', 'b', 'c'];

interface SparseVector {
  index: Int32Array;
  value: Float64Array;
}


function entriesOf(examples: TrainingExamples): [string, readonly string[]][] {
  return examples instanceof Map ? [...examples.entries()] : Object.entries(examples as Record<string, readonly string[]>);
}

/** Trains the classifier on the examples. */
export function trainClassifier(examples: TrainingExamples, options: ClassifierOptions = {}): TextClassifier {
  const o = { ...DEFAULT_CLASSIFIER_OPTIONS, ...options, groupWeights: { ...DEFAULT_CLASSIFIER_OPTIONS.groupWeights, ...options.groupWeights } };
  const labelled = entriesOf(examples).filter(([, texts]) => texts.length > 0);
  const labels = labelled.map(([label]) => label);
  const k = labels.length;
  if (k === 0) throw new Error('trainClassifier: no examples');

  // Vocabulary (in the order features are first met, which the examples fix) and document frequencies.
  const vocabulary = new Map<string, number>();
  const groupOf: number[] = [];
  const df: number[] = [];
  const docs: { label: number; index: number[]; count: number[] }[] = [];
  labelled.forEach(([, texts], label) => {
    for (const text of texts) {
      const index: number[] = [];
      const count: number[] = [];
      for (const [f, c] of textFeatures(text, o.minGram, o.maxGram)) {
        let i = vocabulary.get(f);
        if (i === undefined) {
          i = df.length;
          vocabulary.set(f, i);
          df.push(0);
          groupOf.push(GROUPS.indexOf(f[0] as FeatureGroup));
        }
        df[i] += 1;
        index.push(i);
        count.push(c);
      }
      docs.push({ label, index, count });
    }
  });
  const idf = Float64Array.from(df, (d) => Math.log((1 + docs.length) / (1 + d)) + 1);
  const groupWeight = GROUPS.map((g) => o.groupWeights[g] ?? 1);

  /** TF-IDF of known features, each group normalised to length 1 and weighed. */
  const weigh = (index: number[], count: number[]): SparseVector => {
    const value = new Float64Array(index.length);
    const norms = [0, 0, 0];
    index.forEach((i, t) => {
      value[t] = (1 + Math.log(count[t])) * idf[i];
      norms[groupOf[i]] += value[t] * value[t];
    });
    index.forEach((i, t) => {
      value[t] *= groupWeight[groupOf[i]] / (Math.sqrt(norms[groupOf[i]]) || 1);
    });
    return { index: Int32Array.from(index), value };
  };
  const vectorize = (counts: Map<string, number>): SparseVector => {
    const index: number[] = [];
    const count: number[] = [];
    for (const [f, c] of counts) {
      const i = vocabulary.get(f);
      if (i === undefined) continue;
      index.push(i);
      count.push(c);
    }
    return weigh(index, count);
  };

  const xs = docs.map((d) => weigh(d.index, d.count));
  const ys = docs.map((d) => d.label);
  const features = vocabulary.size;
  // Weights by feature, then label: W[f * k + label]. The effective weight is scale * W.
  // Single precision: half the memory to walk through, and the same predictions.
  const w = new Float32Array(features * k);
  const bias = new Float64Array(k);
  let scale = 1;
  const scores = new Float64Array(k);
  const activeLabels = new Int32Array(k);
  const activeSteps = new Float64Array(k);
  const next = seededRandom(o.seed);
  const order = xs.map((_, i) => i);
  let step = 0;
  const steps = o.epochs * xs.length;

  for (let epoch = 0; epoch < o.epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const d of order) {
      const lr = o.learningRate * (1 - step / steps) + 1e-3;
      step += 1;
      const x = xs[d];
      // Scores and softmax.
      scores.set(bias);
      for (let t = 0; t < x.index.length; t += 1) {
        const row = x.index[t] * k;
        const v = x.value[t] * scale;
        for (let c = 0; c < k; c += 1) scores[c] += v * w[row + c];
      }
      let max = -Infinity;
      for (let c = 0; c < k; c += 1) if (scores[c] > max) max = scores[c];
      let z = 0;
      for (let c = 0; c < k; c += 1) {
        scores[c] = Math.exp(scores[c] - max);
        z += scores[c];
      }
      // L2 as a shrinking scale, then the gradient (p - y) on the example's features,
      // feature by feature so that each feature's row of weights is read in one go.
      scale *= 1 - lr * o.l2;
      let active = 0;
      for (let c = 0; c < k; c += 1) {
        const g = scores[c] / z - (c === ys[d] ? 1 : 0);
        if (g > -NEGLIGIBLE_GRADIENT && g < NEGLIGIBLE_GRADIENT) continue;
        bias[c] -= lr * g;
        activeLabels[active] = c;
        activeSteps[active] = (lr * g) / scale;
        active += 1;
      }
      for (let t = 0; t < x.index.length; t += 1) {
        const row = x.index[t] * k;
        const v = x.value[t];
        for (let a = 0; a < active; a += 1) w[row + activeLabels[a]] -= activeSteps[a] * v;
      }
      if (scale < 1e-6) {
        for (let i = 0; i < w.length; i += 1) w[i] *= scale;
        scale = 1;
      }
    }
  }
  for (let i = 0; i < w.length; i += 1) w[i] *= scale;
  const weights = w;
  return {
    labels,
    known: (text) => [...textFeatures(text, o.minGram, o.maxGram).keys()].filter((f) => vocabulary.has(f)).length,
    rank(text) {
      const x = vectorize(textFeatures(text, o.minGram, o.maxGram));
      const s = Float64Array.from(bias);
      for (let t = 0; t < x.index.length; t += 1) {
        const row = x.index[t] * k;
        const v = x.value[t];
        for (let c = 0; c < k; c += 1) s[c] += v * weights[row + c];
      }
      let max = -Infinity;
      for (let c = 0; c < k; c += 1) if (s[c] * o.sharpness > max) max = s[c] * o.sharpness;
      let z = 0;
      const p = new Float64Array(k);
      for (let c = 0; c < k; c += 1) {
        p[c] = Math.exp(s[c] * o.sharpness - max);
        z += p[c];
      }
      return labels.map((label, c) => ({ label, probability: p[c] / z })).sort((a, b) => b.probability - a.probability);
    },
  };
}
