/**
 * The app's real path of one answer change, without the DOM: the wizard
 * actor (the engine's machine) takes the DRAFT answer event, its reducer
 * produces the next draft, and the screen's selector evaluates step 2
 * (useStep2Evaluation in src/wizard/state/useWizard.ts: evaluateStep, compared
 * by identity), then the screen reads the errors and canAdvance.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createActor, fromPromise } from 'xstate';
import {
  createInitialDraft,
  defaultFormFactory,
  evaluateStep,
  wizardMachine,
  type Answers,
  type Evaluation,
  type Question,
  type QuestionSetFile,
} from '../../../engine/src/index.ts';

const WIZARD_SETS = path.resolve(import.meta.dirname, '../../../question-sets/wizard');
const stepQuestions = (name: string) => (JSON.parse(readFileSync(path.join(WIZARD_SETS, `${name}.json`), 'utf8')) as QuestionSetFile).questions;

export interface AppPath {
  /** One change: send the answer, select the evaluation, read what the screen reads. */
  change(value: unknown): Evaluation;
  stop(): void;
}

export function appPath(questions: Question[], answers: Answers, key: string, now: Date): AppPath {
  const { category, subcategory, ...rest } = answers as Answers & { category: string; subcategory: string };
  const never = fromPromise<never>(() => new Promise(() => {}));
  const machine = wizardMachine.provide({
    actors: {
      classify: never as never,
      fetchQuestions: fromPromise(async () => ({ questions })) as never,
      submit: never as never,
      uploadPhoto: never as never,
    },
  });
  const draft = { ...createInitialDraft(), category, subcategory, questions, answers: rest };
  const steps = { beschrijf: stepQuestions('beschrijf'), contact: stepQuestions('contact') };
  const actor = createActor(machine, { input: { createForm: defaultFormFactory, steps, draft, step: 'vulaan', now: () => now } });
  actor.start();
  let selected = evaluateStep(actor.getSnapshot().context, 'vulaan')!;
  return {
    change(value) {
      actor.send({ type: 'DRAFT', action: { type: 'answer', key, value } });
      // The selector: a new evaluation re-renders the screen only when its identity changed.
      const next = evaluateStep(actor.getSnapshot().context, 'vulaan')!;
      if (next !== selected) selected = next;
      void selected.errors;
      void selected.canAdvance;
      return selected;
    },
    stop: () => actor.stop(),
  };
}
