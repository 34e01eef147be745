/**
 * The one rule for when a form shows an error (every wizard step, every form):
 * an error shows once its field was left, or once advancing was tried while the
 * field was on screen; it goes as soon as the answer is valid (the engine's
 * evaluation no longer has it). A question that appears after the attempt (a
 * condition became true) shows no error until it is left or advancing is tried
 * again.
 */
import type { Evaluation } from '@meldloket/engine';

export interface ErrorRuleState {
  /** Fields the resident has left. */
  touched: ReadonlySet<string>;
  /** The fields on screen at the last refused attempt to advance (empty before any attempt). */
  attempted: ReadonlySet<string>;
}

/** The errors to show, by question key. */
export function shownErrors(evaluation: Pick<Evaluation, 'errors' | 'visibleKeys'>, state: ErrorRuleState): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const key of evaluation.visibleKeys) {
    const message = evaluation.errors[key];
    if (message !== undefined && (state.touched.has(key) || state.attempted.has(key))) shown[key] = message;
  }
  return shown;
}
