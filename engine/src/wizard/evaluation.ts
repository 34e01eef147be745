import type { Evaluation } from '../form/types.ts';
import type { IncidentDraft } from '../incident/types.ts';
import type { EditableStep, Step } from './steps.ts';
import type { WizardContext } from './types.ts';
import { validateContactStep, validateDescriptionStep, type StepErrors } from './validation.ts';

/** The values the step-2 conditions and validators see. */
export function formValues(draft: IncidentDraft): Record<string, unknown> {
  return { dateTime: draft.dateTime, ...draft.answers, category: draft.category, subcategory: draft.subcategory };
}

export function evaluateStep2(context: Pick<WizardContext, 'form' | 'draft' | 'isAuthenticated' | 'now'>): Evaluation | null {
  if (!context.form) return null;
  return context.form.evaluate(formValues(context.draft), { isAuthenticated: context.isAuthenticated, now: context.now() });
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

const noErrors = (errors: StepErrors) => Object.keys(errors).length === 0;
export const descriptionErrors = (c: WizardContext) => validateDescriptionStep(c.draft, { isAuthenticated: c.isAuthenticated });

export function stepValid(context: WizardContext, step: EditableStep): boolean {
  switch (step) {
    case 'beschrijf':
      return noErrors(descriptionErrors(context));
    case 'vulaan':
      return !hasStep2(context) || step2CanAdvance(context);
    case 'contact':
      return noErrors(validateContactStep(context.draft));
    case 'summary':
      return true;
  }
}

export const categoryKey = (draft: IncidentDraft) => `${draft.category}/${draft.subcategory}`;

/** The step a wizard snapshot is on (the route the app shows). */
export function currentStep(snapshot: { value: unknown }): Step {
  const value = (snapshot.value as { step: string | Record<string, unknown> }).step;
  const name = typeof value === 'string' ? value : Object.keys(value)[0];
  return name === 'start' || name === 'afterBeschrijf' ? 'beschrijf' : (name as Step);
}
