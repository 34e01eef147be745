import { useCallback } from 'react';
import { shallowEqual } from '@xstate/react';
import { evaluateStep2, type Evaluation, type IncidentAction, type IncidentDraft, type Step, type WizardEvent } from '@meldloket/engine';
import { stepOf, useWizardRuntime, useWizardSelector, type WizardSnapshot } from './WizardProvider.tsx';

export interface WizardView {
  step: Step;
  draft: IncidentDraft;
  /** Errors of the last refused NEXT on steps 1 and 3, by field. */
  stepErrors: Record<string, string>;
  /** True after a refused NEXT, until the step is left. */
  showErrors: boolean;
  isAuthenticated: boolean;
  appMode: boolean;
  send(event: WizardEvent): void;
  dispatch(action: IncidentAction): void;
}

const select = (s: WizardSnapshot) => ({
  step: stepOf(s),
  draft: s.context.draft,
  stepErrors: s.context.stepErrors,
  showErrors: s.context.showErrors,
  isAuthenticated: s.context.isAuthenticated,
  appMode: s.context.appMode,
});

/** The wizard's state as the screens read it, and ways to change it. */
export function useWizard(): WizardView {
  const { actor } = useWizardRuntime();
  const view = useWizardSelector(select, shallowEqual);
  const send = useCallback((event: WizardEvent) => actor.send(event), [actor]);
  const dispatch = useCallback((action: IncidentAction) => actor.send({ type: 'DRAFT', action }), [actor]);
  return { ...view, send, dispatch };
}

/** The step-2 evaluation of the current draft (null until the questions are there). */
export function useStep2Evaluation(): Evaluation | null {
  return useWizardSelector((s) => evaluateStep2(s.context), (a, b) => a === b || JSON.stringify(a) === JSON.stringify(b));
}
