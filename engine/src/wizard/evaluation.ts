import type { Answers } from '../schema/types.ts';
import type { Evaluation, Form } from '../form/types.ts';
import { draftAnswers } from '../incident/fields.ts';
import type { IncidentDraft } from '../incident/types.ts';
import type { EditableStep, FormStep, Step } from './steps.ts';
import type { WizardContext } from './types.ts';

/** The values the conditions and validators of every step see. */
export function formValues(draft: IncidentDraft): Answers {
  return draftAnswers(draft);
}

interface Memo {
  values: Answers;
  isAuthenticated: boolean;
  evaluation: Evaluation;
}

const memos = new WeakMap<Form, Memo>();

function sameValues(a: Answers, b: Answers): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!Object.is(a[key], b[key])) return false;
  return true;
}

/**
 * The evaluation of a form over the draft. It keeps its identity while the
 * answers the form sees keep theirs (the draft changes immutably), so a screen
 * compares evaluations by identity instead of by content.
 */
export function evaluateForm(form: Form, draft: IncidentDraft, context: Pick<WizardContext, 'isAuthenticated' | 'now'>): Evaluation {
  const values = formValues(draft);
  const memo = memos.get(form);
  if (memo && memo.isAuthenticated === context.isAuthenticated && sameValues(memo.values, values)) return memo.evaluation;
  const evaluation = form.evaluate(values, { isAuthenticated: context.isAuthenticated, now: context.now() });
  memos.set(form, { values, isAuthenticated: context.isAuthenticated, evaluation });
  return evaluation;
}

type EvaluationContext = Pick<WizardContext, 'form' | 'stepForms' | 'draft' | 'isAuthenticated' | 'now'>;

/** The form of a step: the question set of step 1 or 3, or the category's questions for step 2 (null until they arrive). */
export function formOf(context: Pick<WizardContext, 'form' | 'stepForms'>, step: FormStep): Form | null {
  return step === 'vulaan' ? context.form : context.stepForms[step];
}

/** The engine's evaluation of a step's questions (null for step 2 until its questions are there). */
export function evaluateStep(context: EvaluationContext, step: FormStep): Evaluation | null {
  const form = formOf(context, step);
  return form ? evaluateForm(form, context.draft, context) : null;
}

export function evaluateStep2(context: EvaluationContext): Evaluation | null {
  return evaluateStep(context, 'vulaan');
}

/** Step 2 is shown unless the questions are known and none of them is visible. */
export function hasStep2(context: WizardContext): boolean {
  if (context.draft.loadingData) return true;
  const evaluation = evaluateStep2(context);
  return evaluation !== null && evaluation.visibleKeys.length > 0;
}

export function step2CanAdvance(context: WizardContext): boolean {
  if (context.draft.loadingData) return false;
  const evaluation = evaluateStep2(context);
  return evaluation === null || evaluation.canAdvance;
}

/** Whether a step lets the resident on: its form's canAdvance. */
export function stepValid(context: WizardContext, step: EditableStep): boolean {
  switch (step) {
    case 'beschrijf':
    case 'contact':
      return evaluateStep(context, step)?.canAdvance ?? true;
    case 'vulaan':
      return !hasStep2(context) || step2CanAdvance(context);
    case 'summary':
      return true;
  }
}

const reportForms = new WeakMap<Form, WeakMap<object, Form>>();

/**
 * One form of the whole report: the questions of steps 1, 2 and 3 together, for
 * the payload (every visible `extra_properties` question of any step is sent).
 */
export function reportForm(context: Pick<WizardContext, 'stepForms' | 'draft' | 'createForm' | 'isAuthenticated'>): Form {
  const { beschrijf, contact } = context.stepForms;
  let byQuestions = reportForms.get(beschrijf);
  if (!byQuestions) reportForms.set(beschrijf, (byQuestions = new WeakMap()));
  let form = byQuestions.get(context.draft.questions);
  if (!form) {
    form = context.createForm([...beschrijf.questions, ...context.draft.questions, ...contact.questions], { isAuthenticated: context.isAuthenticated });
    byQuestions.set(context.draft.questions, form);
  }
  return form;
}

export const categoryKey = (draft: IncidentDraft) => `${draft.category}/${draft.subcategory}`;

/** The step a wizard snapshot is on (the route the app shows). */
export function currentStep(snapshot: { value: unknown }): Step {
  const value = (snapshot.value as { step: string | Record<string, unknown> }).step;
  const name = typeof value === 'string' ? value : Object.keys(value)[0];
  return name === 'start' || name === 'afterBeschrijf' ? 'beschrijf' : (name as Step);
}
