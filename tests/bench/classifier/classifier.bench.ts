/**
 * npm run bench:classifier — the category classifier on texts it never saw, against
 * the previous classifier (naive Bayes, `previous/`) trained on the same examples in
 * the same run.
 *
 * The texts are `evaluation.json` (365 texts written the way residents write, 3 or
 * more per sub-category; docs/classifier.md). `--final` uses `final-holdout.json`
 * instead: the second, small set, looked at once, after the model was settled.
 *
 * Printed per classifier: training time; top-1 and top-3 accuracy on the sub-category;
 * the main category's accuracy; how many predictions reach the app's certainty of
 * 0.41 and how many of those are right; the time of one prediction (median and
 * p95 over every text, 5 rounds, after a warm-up round); and the confusion pairs
 * (expected → predicted) with the texts. The targets (top-1 ≥ 95%, prediction
 * ≤ 5 ms) are checked for the current classifier; the exit code is 1 when one is missed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIN_PREDICTION_CERTAINTY, trainClassifier, type RankedLabel } from '@meldloket/engine';
import { trainingSet } from '../../../server/src/services/classifier/index.ts';
import { trainNaiveBayes } from './previous/naive-bayes.ts';

const TARGET_TOP1 = 0.95;
const TARGET_MS = 5;
const ROUNDS = 5;

const final = process.argv.includes('--final');
const setFile = path.join(import.meta.dirname, final ? 'final-holdout.json' : 'evaluation.json');
const set = JSON.parse(readFileSync(setFile, 'utf8')) as { examples: Record<string, string[]> };
const cases = Object.entries(set.examples).flatMap(([label, texts]) => texts.map((text) => ({ label, text })));

interface Model {
  name: string;
  train: () => (text: string) => RankedLabel[];
}

const examples = trainingSet();
const models: Model[] = [
  { name: 'current (logistic regression)', train: () => { const m = trainClassifier(examples); return (t) => m.rank(t); } },
  { name: 'previous (naive Bayes)', train: () => { const m = trainNaiveBayes(examples); return (t) => m.predict(t); } },
];

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

console.log(`classifier bench: ${cases.length} texts from ${path.basename(setFile)}, ${[...examples.values()].reduce((s, t) => s + t.length, 0)} training examples in ${examples.size} sub-categories\n`);

let missed = false;
for (const [index, model] of models.entries()) {
  const started = performance.now();
  const predict = model.train();
  const trainMs = performance.now() - started;

  let top1 = 0;
  let top3 = 0;
  let main = 0;
  let accepted = 0;
  let acceptedRight = 0;
  const confusions = new Map<string, string[]>();
  for (const { label, text } of cases) {
    const ranked = predict(text);
    const best = ranked[0];
    if (best.label === label) top1 += 1;
    if (ranked.slice(0, 3).some((r) => r.label === label)) top3 += 1;
    if (best.label.split('/')[0] === label.split('/')[0]) main += 1;
    if (best.probability >= MIN_PREDICTION_CERTAINTY) {
      accepted += 1;
      if (best.label === label) acceptedRight += 1;
    }
    if (best.label !== label) {
      const key = `${label} → ${best.label}`;
      confusions.set(key, [...(confusions.get(key) ?? []), text]);
    }
  }

  for (const { text } of cases) predict(text); // warm-up round
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const { text } of cases) {
      const t0 = performance.now();
      predict(text);
      times.push(performance.now() - t0);
    }
  }
  times.sort((a, b) => a - b);
  const median = quantile(times, 0.5);
  const p95 = quantile(times, 0.95);

  const n = cases.length;
  console.log(`== ${model.name}`);
  console.log(`  training        ${trainMs.toFixed(0)} ms`);
  console.log(`  top-1           ${percent(top1 / n)} (${top1}/${n})`);
  console.log(`  top-3           ${percent(top3 / n)} (${top3}/${n})`);
  console.log(`  main category   ${percent(main / n)} (${main}/${n})`);
  console.log(`  certainty ≥ ${MIN_PREDICTION_CERTAINTY}  ${percent(accepted / n)} of the texts, of which ${percent(acceptedRight / Math.max(1, accepted))} right`);
  console.log(`  prediction      median ${median.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms per text`);
  if (index === 0) {
    const top1Ok = top1 / n >= TARGET_TOP1;
    const timeOk = p95 <= TARGET_MS;
    console.log(`  targets         top-1 ≥ ${percent(TARGET_TOP1)}: ${top1Ok ? 'met' : 'MISSED'}; prediction p95 ≤ ${TARGET_MS} ms: ${timeOk ? 'met' : 'MISSED'}`);
    missed = !top1Ok || !timeOk;
  }
  const pairs = [...confusions.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  console.log(`  confusion pairs (${pairs.length}):`);
  for (const [pair, texts] of pairs) console.log(`    ${texts.length}× ${pair}\n${texts.map((t) => `         "${t}"`).join('\n')}`);
  console.log('');
}
process.exitCode = missed ? 1 : 0;
