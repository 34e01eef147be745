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
import { toSurveyJson, toSurveyValue } from './engine/surveyjs.ts';

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

function ourEngine(set: BenchSet): { incremental: Measurement; scratch: Measurement; compile: Measurement; visible: string[] } {
  const form = createForm({ questions: set.questions });
  const states = set.values.map((value) => ({ ...set.answers, [set.key]: value }));
  form.evaluate(set.answers);
  let i = 0;
  const incremental = measure(() => {
    form.evaluate(states[i++ % 2]);
  });
  const visible = form.evaluate(states[1]).visibleKeys;
  const compile = measure(() => {
    createForm({ questions: set.questions });
  }, { maxIterations: 300 });
  // From scratch: a freshly compiled form's first evaluation (compile time excluded).
  const fresh: ReturnType<typeof createForm>[] = [];
  let j = 0;
  const scratch = measure(
    () => {
      fresh[j].evaluate(states[j++ % 2]);
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
  return { incremental, scratch, compile, visible };
}

function surveyCore(set: BenchSet): { change: Measurement; visible: string[] } {
  const survey = new Model(toSurveyJson(set.questions));
  survey.setVariable('category', set.answers.category);
  survey.setVariable('subcategory', set.answers.subcategory);
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(set.answers)) if (key !== 'category' && key !== 'subcategory') data[key] = toSurveyValue(value);
  survey.data = data;
  const values = set.values.map(toSurveyValue);
  let i = 0;
  // One change as the user makes it: set the value, then ask what is visible and whether the page can advance.
  const change = measure(() => {
    survey.setValue(set.key, values[i++ % 2]);
    survey.getAllQuestions(true);
    survey.validate(false, false);
  });
  survey.setValue(set.key, values[1]);
  return { change, visible: survey.getAllQuestions(true).map((q) => q.name) };
}

function run(set: BenchSet): void {
  console.log(`\n${set.name}: one change of ${set.key}`);
  const ours = ourEngine(set);
  const theirs = surveyCore(set);
  const ourSet = new Set(ours.visible);
  const differ = theirs.visible.filter((k) => !ourSet.has(k)).length + ours.visible.filter((k) => !theirs.visible.includes(k)).length;
  console.log(`  meldloket engine: ${formatMicros(ours.incremental)} per change (${ours.visible.length} visible with the changed answer)`);
  console.log(`  survey-core:      ${formatMicros(theirs.change)} per change (${theirs.visible.length} visible with the changed answer)`);
  const onlyTheirs = theirs.visible.filter((k) => !ourSet.has(k));
  console.log(
    `  same visible questions in both: ${differ === 0 ? 'yes' : `no, ${differ} differ (survey-core also shows ${onlyTheirs.join(', ') || '-'})`}`,
  );
  console.log(`  ratio vs survey-core: ${(theirs.change.median / ours.incremental.median).toFixed(1)}×`);
  console.log(
    `  incremental vs from scratch: ${formatMicros(ours.incremental)} vs ${formatMicros(ours.scratch)} ` +
      `(${(ours.scratch.median / ours.incremental.median).toFixed(1)}× faster; compiling the set once takes ${formatMicros(ours.compile)})`,
  );
}

console.log(`Engine benchmark (node ${process.version}; medians, one answer change = evaluate after the change)`);
console.log(
  'survey-core runs with clearInvisibleValues "onHidden" so that hiding cascades as in our engine (it loses the answer, we keep it for when the question shows again).',
);
run(realSet());
run(generatedSet());
