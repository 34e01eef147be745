/**
 * Facts of the report that are answers, not draft fields: the location is the
 * answer of a visible location question, the incident date that of a visible
 * date question. Which field types carry them is the field-type table's
 * `signalField`; nothing copies them into the draft.
 */
import type { Evaluation } from '../form/types.ts';
import { traitsOf } from '../schema/index.ts';
import { coordinatesOf } from '../validators/index.ts';
import type { DateTimeValue, IncidentLocation } from './types.ts';

type Answered = Pick<Evaluation, 'visible' | 'effectiveAnswers'>;

/**
 * The report's location: that of the first visible location or object question
 * whose answer has one (an object answer holds the location of its object), or null.
 */
export function reportLocation(evaluation: Answered | null | undefined): IncidentLocation | null {
  if (!evaluation) return null;
  for (const q of evaluation.visible) {
    if (traitsOf(q.fieldType).signalField !== 'location') continue;
    const location = (evaluation.effectiveAnswers[q.key] as { location?: IncidentLocation } | undefined)?.location;
    if (location && coordinatesOf(location)) return location;
  }
  return null;
}

/**
 * The incident date: the answer of the first visible date question that is the
 * report's own (not one sent as an extra property), else 'now'.
 */
export function reportDate(evaluation: Answered | null | undefined): DateTimeValue {
  for (const q of evaluation?.visible ?? []) {
    if (traitsOf(q.fieldType).signalField !== 'incident_date_start' || q.question.meta.pathMerge === 'extra_properties') continue;
    const value = evaluation!.effectiveAnswers[q.key] as DateTimeValue | undefined;
    return value === undefined || value === null || value === '' ? 'now' : value;
  }
  return 'now';
}
