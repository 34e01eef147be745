import { useCallback } from 'react';
import { shallowEqual } from '@xstate/react';
import { evaluateStep, type Evaluation, type FormStep, type IncidentAction, type IncidentDraft, type Step, type WizardEvent } from '@meldloket/engine';
import { stepOf, useWizardRuntime, useWizardSelector, type WizardSnapshot } from './WizardProvider.tsx';

export interface WizardView {
  step: Step;
  draft: IncidentDraft;
  /** Refused 'Volgende's on this step: from 1 on its errors and the error summary show. */
  attempts: number;
  isAuthenticated: boolean;
  appMode: boolean;
  send(event: WizardEvent): void;
  dispatch(action: IncidentAction): void;
}

const select = (s: WizardSnapshot) => ({
  step: stepOf(s),
  draft: s.context.draft,
  attempts: s.context.attempts,
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

/**
 * The engine's evaluation of a step (null for step 2 until its questions are
 * there). An evaluation keeps its identity while the answers it reads do, so
 * comparing by identity re-renders only on a real change.
 */
export function useStepEvaluation(step: FormStep): Evaluation | null {
  return useWizardSelector((s) => evaluateStep(s.context, step));
}

export function useStep2Evaluation(): Evaluation | null {
  return useStepEvaluation('vulaan');
}
