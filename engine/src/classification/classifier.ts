/**
 * The category classifier: a linear model over the features of `features.ts`,
 * weighed by TF-IDF, trained in about a second from the example reports
 * (question-sets/classifier/). Multinomial logistic regression (softmax), trained
 * by stochastic gradient descent with L2 regularisation in a fixed order, so the
 * same examples always give the same model. Pure TypeScript: no Node or DOM.
 */
import { textFeatures, type FeatureGroup } from './features.ts';

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
  epochs: 10,
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

interface SparseVector {
  index: Int32Array;
  value: Float64Array;
}

/** A small, seeded pseudo-random generator (mulberry32): the same seed, the same order. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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

  // Vocabulary and document frequencies.
  const docs: { label: number; counts: Map<string, number> }[] = [];
  const df = new Map<string, number>();
  labelled.forEach(([, texts], label) => {
    for (const text of texts) {
      const counts = textFeatures(text, o.minGram, o.maxGram);
      docs.push({ label, counts });
      for (const f of counts.keys()) df.set(f, (df.get(f) ?? 0) + 1);
    }
  });
  const vocabulary = new Map<string, number>();
  const idf: number[] = [];
  const n = docs.length;
  for (const [f, d] of [...df.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    vocabulary.set(f, idf.length);
    idf.push(Math.log((1 + n) / (1 + d)) + 1);
  }

  const vectorize = (counts: Map<string, number>): SparseVector => {
    const byGroup = new Map<string, [number, number][]>();
    for (const [f, c] of counts) {
      const i = vocabulary.get(f);
      if (i === undefined) continue;
      const group = f[0];
      const list = byGroup.get(group) ?? [];
      list.push([i, (1 + Math.log(c)) * idf[i]]);
      byGroup.set(group, list);
    }
    const index: number[] = [];
    const value: number[] = [];
    for (const [group, list] of byGroup) {
      const norm = Math.sqrt(list.reduce((s, [, v]) => s + v * v, 0)) || 1;
      const weight = o.groupWeights[group as FeatureGroup] ?? 1;
      for (const [i, v] of list) {
        index.push(i);
        value.push((weight * v) / norm);
      }
    }
    return { index: Int32Array.from(index), value: Float64Array.from(value) };
  };

  const xs = docs.map((d) => vectorize(d.counts));
  const ys = docs.map((d) => d.label);
  const features = vocabulary.size;
  // Weights by feature, then label: W[f * k + label]. The effective weight is scale * W.
  const w = new Float64Array(features * k);
  const bias = new Float64Array(k);
  let scale = 1;
  const scores = new Float64Array(k);
  const next = random(o.seed);
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
      // L2 as a shrinking scale, then the gradient (p - y) on the example's features.
      scale *= 1 - lr * o.l2;
      for (let c = 0; c < k; c += 1) {
        const g = scores[c] / z - (c === ys[d] ? 1 : 0);
        if (g > -NEGLIGIBLE_GRADIENT && g < NEGLIGIBLE_GRADIENT) continue;
        bias[c] -= lr * g;
        const step = (lr * g) / scale;
        for (let t = 0; t < x.index.length; t += 1) w[x.index[t] * k + c] -= step * x.value[t];
      }
      if (scale < 1e-6) {
        for (let i = 0; i < w.length; i += 1) w[i] *= scale;
        scale = 1;
      }
    }
  }
  for (let i = 0; i < w.length; i += 1) w[i] *= scale;

  const weights = new Float32Array(w);
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
