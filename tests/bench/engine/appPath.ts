/**
 * The app's real path of one answer change, without the DOM: the wizard
 * actor (the engine's machine) takes the DRAFT answer event, its reducer
 * produces the next draft, and the screen's selector evaluates step 2 and
 * decides whether the screen must re-render (useStep2Evaluation in
 * src/wizard/state/useWizard.ts), then reads the errors and canAdvance.
 */
import { createActor, fromPromise } from 'xstate';
import {
  createInitialDraft,
  defaultFormFactory,
  evaluateStep2,
  wizardMachine,
  type Answers,
  type Evaluation,
  type Question,
} from '../../../engine/src/index.ts';

/**
 * How the screen's selector decides that the evaluation changed; the same test
 * as useStep2Evaluation in src/wizard/state/useWizard.ts.
 */
const sameEvaluation = (a: Evaluation, b: Evaluation) => a === b || JSON.stringify(a) === JSON.stringify(b);

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
      fetchQuestions: fromPromise(async () => questions) as never,
      submit: never as never,
      uploadPhoto: never as never,
    },
  });
  const draft = { ...createInitialDraft(), category, subcategory, questions, answers: rest };
  const actor = createActor(machine, { input: { createForm: defaultFormFactory, draft, step: 'vulaan', now: () => now } });
  actor.start();
  let selected = evaluateStep2(actor.getSnapshot().context)!;
  return {
    change(value) {
      actor.send({ type: 'DRAFT', action: { type: 'answer', key, value } });
      const next = evaluateStep2(actor.getSnapshot().context)!;
      if (!sameEvaluation(selected, next)) selected = next;
      void selected.errors;
      void selected.canAdvance;
      return selected;
    },
    stop: () => actor.stop(),
  };
}
