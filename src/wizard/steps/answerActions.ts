import { emptyLocation, type EvaluatedQuestion, type IncidentAction, type IncidentLocation, type DateTimeValue } from '@meldloket/engine';
import { MAP_FIELD_TYPES } from '../mapSlot.ts';

/**
 * The draft actions for a changed step-2 answer: the answer itself, and for a map
 * question also the report's location (the payload's location follows the map).
 */
export function answerActions(question: Pick<EvaluatedQuestion, 'key' | 'fieldType' | 'question'>, value: unknown): IncidentAction[] {
  const actions: IncidentAction[] = [
    { type: 'answer', key: question.key, value, resetsStateOnChange: Boolean(question.question.meta.resetsStateOnChange) },
  ];
  if (question.key === 'dateTime') actions.push({ type: 'update', payload: { dateTime: (value ?? null) as DateTimeValue } });
  if (MAP_FIELD_TYPES.has(question.fieldType)) {
    const location = (value as { location?: IncidentLocation } | undefined)?.location;
    actions.push({ type: 'update', payload: { location: location ?? emptyLocation() } });
  }
  return actions;
}
