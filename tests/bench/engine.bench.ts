/**
 * `npm run bench`: the time of one answer change, for our engine and for
 * SurveyJS (survey-core) on an equivalent form, on the largest question set
 * in question-sets/ and on a generated set of 2,000 questions. Also compares
 * our incremental evaluation with evaluation from scratch.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Model } from 'survey-core';
import { createForm, normalizeConditions, valueLeaves, type Answers, type Question } from '../../engine/src/index.ts';
import { corpusDefinitions } from '../../engine/test/corpus/corpus.ts';
import { answersFor, generateQuestionSet } from './engine/generate.ts';
import { formatMicros, measure, type Measurement } from './engine/measure.ts';
import { appPath } from './engine/appPath.ts';
import { BENCH_NOW, toSurveyJson, toSurveyValue } from './engine/surveyjs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface BenchSet {
  name: string;
  questions: Question[];
  answers: Answers;
  /** The answer that changes, and the two values it alternates between. */
  key: string;
  values: [unknown, unknown];
}

function largestQuestionSet(): { name: string; questions: Question[]; category: string } {
  const dir = path.join(root, 'question-sets');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  let best: { name: string; questions: Question[]; category: string } | null = null;
  for (const file of files) {
    const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { questions?: Question[]; category?: string };
    if (!Array.isArray(json.questions)) continue;
    if (!best || json.questions.length > best.questions.length) {
      best = { name: `question-sets/${file}`, questions: json.questions, category: json.category ?? '' };
    }
  }
  if (best) return best;
  // Until question-sets/ has files: the largest form of the Signalen corpus.
  const corpus = corpusDefinitions();
  const [name, questions] = Object.entries(corpus).sort((a, b) => b[1].length - a[1].length)[0];
  return { name: `corpus ${name}`, questions, category: name };
}

/** Condition leaves per referenced key, and the subcategory values mentioned. */
function references(questions: Question[]): { byKey: Map<string, number>; subcategories: Map<string, number> } {
  const byKey = new Map<string, number>();
  const subcategories = new Map<string, number>();
  for (const leaf of questions.flatMap((q) => valueLeaves(normalizeConditions(q.meta)))) {
    if (leaf.key === 'subcategory') for (const v of leaf.values) subcategories.set(String(v), (subcategories.get(String(v)) ?? 0) + 1);
    else byKey.set(leaf.key, (byKey.get(leaf.key) ?? 0) + 1);
  }
  return { byKey, subcategories };
}

function subcategoriesIn(question: Question): string[] {
  return valueLeaves(normalizeConditions(question.meta)).flatMap((leaf) => (leaf.key === 'subcategory' ? leaf.values.map(String) : []));
}

function realSet(): BenchSet {
  const { name, questions, category } = largestQuestionSet();
  const { byKey, subcategories } = references(questions);
  // The radio answer most conditions read, alternating between its first two options ...
  const radios = questions.filter((q) => q.field_type === 'radio_input' && Object.keys(q.meta.values ?? {}).length >= 2);
  const target = radios.sort((a, b) => (byKey.get(b.key) ?? 0) - (byKey.get(a.key) ?? 0))[0];
  if (!target) throw new Error(`${name} has no radio question to change`);
  // ... under a subcategory that shows it.
  const own = subcategoriesIn(target);
  const subcategory = own[0] ?? [...subcategories.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const answers = answersFor(questions, subcategory, category);
  const [a, b] = Object.keys(target.meta.values!);
  return {
    name: `${name} (${questions.length} questions)`,
    questions,
    answers,
    key: target.key,
    values: [{ id: a, label: target.meta.values![a] }, { id: b, label: target.meta.values![b] }],
  };
}

function generatedSet(): BenchSet {
  const questions = generateQuestionSet(2000);
  return {
    name: 'generated (2000 questions)',
    questions,
    answers: answersFor(questions, 'alle', 'bench'),
    key: 'extra_g100_wat',
    values: [
      { id: 'a', label: 'A' },
      { id: 'b', label: 'B' },
    ],
  };
}

/** Keeps the optimiser from dropping what a timed call reads. */
let sink = 0;
const read = (visible: readonly string[], errors: Record<string, string>, canAdvance: boolean) => {
  sink += visible.length + Object.keys(errors).length + (canAdvance ? 1 : 0);
};

interface EngineResult {
  /** One change as the app makes it (timed interleaved with survey-core's, see run). */
  step: () => void;
  scratch: Measurement;
  compile: Measurement;
  /** Visible keys and keys in error at each of the two states of the change. */
  visible: [string[], string[]];
  errors: [string[], string[]];
}

function ourEngine(set: BenchSet): EngineResult {
  const form = createForm({ questions: set.questions });
  const states = set.values.map((value) => ({ ...set.answers, [set.key]: value }));
  const context = { now: BENCH_NOW };
  form.evaluate(set.answers, context);
  let i = 0;
  // One change as the app makes it: evaluate, then read what is visible, the errors and whether the form can advance.
  const step = () => {
    const ev = form.evaluate(states[i++ % 2], context);
    read(ev.visibleKeys, ev.errors, ev.canAdvance);
  };
  const at = (k: 0 | 1) => createForm({ questions: set.questions }).evaluate(states[k], context);
  const visible: [string[], string[]] = [at(0).visibleKeys, at(1).visibleKeys];
  const errors: [string[], string[]] = [Object.keys(at(0).errors), Object.keys(at(1).errors)];
  const compile = measure(() => {
    createForm({ questions: set.questions });
  }, { maxIterations: 300 });
  // From scratch: a freshly compiled form's first evaluation (compile time excluded).
  const fresh: ReturnType<typeof createForm>[] = [];
  let j = 0;
  const scratch = measure(
    () => {
      const ev = fresh[j].evaluate(states[j++ % 2], context);
      read(ev.visibleKeys, ev.errors, ev.canAdvance);
    },
    {
      maxIterations: 300,
      before: (count) => {
        fresh.length = 0;
        j = 0;
        for (let k = 0; k < count; k++) fresh.push(createForm({ questions: set.questions }));
      },
    },
  );
  return { step, scratch, compile, visible, errors };
}

function ourApp(set: BenchSet): Measurement {
  const path = appPath(set.questions, set.answers, set.key, BENCH_NOW);
  let i = 0;
  const change = measure(() => {
    const ev = path.change(set.values[i++ % 2]);
    read(ev.visibleKeys, ev.errors, ev.canAdvance);
  });
  path.stop();
  return change;
}

function surveyModel(set: BenchSet, answers: Answers): Model {
  const survey = new Model(toSurveyJson(set.questions));
  survey.setVariable('category', answers.category);
  survey.setVariable('subcategory', answers.subcategory);
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answers)) if (key !== 'category' && key !== 'subcategory') data[key] = toSurveyValue(value);
  survey.data = data;
  return survey;
}

function surveyCore(set: BenchSet): { step: () => void; visible: [string[], string[]]; errors: [string[], string[]] } {
  const survey = surveyModel(set, set.answers);
  const values = set.values.map(toSurveyValue);
  let i = 0;
  // One change as a SurveyJS app makes it: set the value, ask what is visible and run every validator of the
  // page (validate() without showing the errors: the cheapest way survey-core has to learn canAdvance).
  const step = () => {
    survey.setValue(set.key, values[i++ % 2]);
    const visible = survey.getAllQuestions(true);
    const canAdvance = survey.validate(false, false);
    sink += visible.length + (canAdvance ? 1 : 0);
  };
  // Both states of the change on a fresh model (this one has lost the answers of questions it hid):
  // the first state as filled in, the second after the change from it.
  const state = (k: 0 | 1): [string[], string[]] => {
    const fresh = surveyModel(set, { ...set.answers, [set.key]: set.values[0] });
    if (k === 1) fresh.setValue(set.key, values[1]);
    fresh.validate(true, false);
    const visible = fresh.getAllQuestions(true);
    return [visible.map((q) => q.name), visible.filter((q) => q.errors.length > 0).map((q) => q.name)];
  };
  const [v0, e0] = state(0);
  const [v1, e1] = state(1);
  return { step, visible: [v0, v1], errors: [e0, e1] };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

function difference(ours: string[], theirs: string[]): string {
  const onlyOurs = ours.filter((k) => !theirs.includes(k));
  const onlyTheirs = theirs.filter((k) => !ours.includes(k));
  return `only ours: ${onlyOurs.join(', ') || '-'}; only survey-core: ${onlyTheirs.join(', ') || '-'}`;
}

const ROUNDS = 7;
let lastRatios: number[] = [];
const roundRatios = (_: number) => lastRatios.map((r) => `${r.toFixed(0)}×`).join(', ');

const medianOf = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/**
 * Times `a` and `b` in alternating rounds (a, b, a, b, …) after one warm-up round of
 * each; the times are medians over the rounds, the ratio the median of the rounds' b/a.
 */
function interleave(a: () => void, b: () => void, rounds: number): { a: Measurement; b: Measurement; ratio: number } {
  measure(a, { budgetMs: 300 });
  measure(b, { budgetMs: 300 });
  const as: Measurement[] = [];
  const bs: Measurement[] = [];
  for (let r = 0; r < rounds; r++) {
    as.push(measure(a, { budgetMs: 250, warmup: 5 }));
    bs.push(measure(b, { budgetMs: 250, warmup: 5 }));
  }
  lastRatios = as.map((m, r) => bs[r].median / m.median);
  const pick = (ms: Measurement[]): Measurement => ({
    median: medianOf(ms.map((m) => m.median)),
    mean: ms.reduce((t, m) => t + m.mean, 0) / ms.length,
    p95: medianOf(ms.map((m) => m.p95)),
    iterations: ms.reduce((t, m) => t + m.iterations, 0),
  });
  return { a: pick(as), b: pick(bs), ratio: medianOf(lastRatios) };
}

interface Target {
  label: string;
  ok: boolean;
}

function run(set: BenchSet, limitMicros: number, minRatio: number | null): Target[] {
  console.log(`\n${set.name}: one change of ${set.key}`);
  const oursSetup = ourEngine(set);
  const app = ourApp(set);
  const theirsSetup = surveyCore(set);
  // Interleaved rounds after a warm-up round of both: a burst of load on the machine hits both alike.
  const { a: incremental, b: change, ratio } = interleave(oursSetup.step, theirsSetup.step, ROUNDS);
  const ours = { ...oursSetup, incremental };
  const theirs = { ...theirsSetup, change };
  console.log(`  meldloket engine:          ${formatMicros(ours.incremental)} per change, errors and canAdvance read (p95 ${formatMicros({ ...ours.incremental, median: ours.incremental.p95 })})`);
  console.log(`  meldloket app path:        ${formatMicros(app)} per change (wizard actor + reducer + step-2 selector, no DOM)`);
  console.log(`  survey-core:               ${formatMicros(theirs.change)} per change, visible questions read and every validator run`);
  for (const k of [0, 1] as const) {
    const label = k === 0 ? 'before' : 'after ';
    const sameVisible = sameList(ours.visible[k], theirs.visible[k]);
    const sameErrors = sameList(ours.errors[k], theirs.errors[k]);
    console.log(
      `  ${label} the change: ${ours.visible[k].length} visible; same visible questions: ${sameVisible ? 'yes' : `no (${difference(ours.visible[k], theirs.visible[k])})`}; ` +
        `same questions in error: ${sameErrors ? `yes (${ours.errors[k].length})` : `no (${difference(ours.errors[k], theirs.errors[k])})`}`,
    );
  }
  console.log(`  ratio vs survey-core: ${ratio.toFixed(1)}× (median of ${ROUNDS} interleaved rounds; per round ${roundRatios(ratio)})`);
  console.log(
    `  incremental vs from scratch: ${formatMicros(ours.incremental)} vs ${formatMicros(ours.scratch)} ` +
      `(${(ours.scratch.median / ours.incremental.median).toFixed(1)}× faster; compiling the set once takes ${formatMicros(ours.compile)})`,
  );
  const targets: Target[] = [{ label: `${set.name}: engine ≤ ${limitMicros} µs per change`, ok: ours.incremental.median * 1000 <= limitMicros }];
  if (minRatio !== null) targets.push({ label: `${set.name}: ≥ ${minRatio}× faster than survey-core`, ok: ratio >= minRatio });
  return targets;
}

console.log(`Engine benchmark (node ${process.version}; medians; one answer change = evaluate after the change and read visible questions, errors and canAdvance)`);
console.log(
  'survey-core runs with its default error mode and clearInvisibleValues "onHidden", so that hiding cascades as in our engine (it loses the answer, we keep it for when the question shows again); every validator of the sets is translated.',
);
const targets = [...run(realSet(), 50, 100), ...run(generatedSet(), 500, null)];
console.log('\nTargets:');
for (const t of targets) console.log(`  ${t.ok ? 'met    ' : 'MISSED '} ${t.label}`);
if (sink === -1) console.log(sink);
