/**
 * A stored answer of `extra_properties` (as the engine's payload writes it) in
 * words for the back office: an option by its label, a list joined by commas, a
 * single checkbox as Ja/Nee, a date-time as dd-MM-yyyy HH:mm, a selected object by
 * its label, type or id.
 */
import { formatCreatedAt } from '@meldloket/engine';
import { INCIDENT_TEXTS } from './texts.ts';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function answerText(answer: unknown): string {
  if (answer === null || answer === undefined || answer === '') return INCIDENT_TEXTS.fields.empty;
  if (typeof answer === 'boolean') return answer ? INCIDENT_TEXTS.fields.yes : INCIDENT_TEXTS.fields.no;
  if (typeof answer === 'number') return String(answer);
  if (typeof answer === 'string') return ISO_TIME.test(answer) && !Number.isNaN(Date.parse(answer)) ? formatCreatedAt(answer) : answer;
  if (Array.isArray(answer)) return answer.map(answerText).join(', ') || INCIDENT_TEXTS.fields.empty;
  if (typeof answer === 'object') {
    const record = answer as Record<string, unknown>;
    if (typeof record.value === 'boolean') return record.value ? INCIDENT_TEXTS.fields.yes : INCIDENT_TEXTS.fields.no;
    for (const key of ['label', 'description', 'address_text', 'type', 'id', 'value']) {
      const value = record[key];
      if (typeof value === 'string' && value) return value;
      if (typeof value === 'number') return String(value);
    }
  }
  return JSON.stringify(answer);
}
