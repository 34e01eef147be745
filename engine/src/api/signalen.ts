/**
 * What a real Signalen backend sends differs from our own question sets in one way
 * that loses answers: it never stores `pathMerge`. Signalen's own front end adds
 * `pathMerge: 'extra_properties'` to every fetched question except the location
 * and the date-time question (those go to the report's own fields). We do the same,
 * so the app runs unchanged against a real Signalen backend.
 */
import { FIELD_TYPE_ALIASES, type Question } from '../schema/index.ts';

/** Field types whose answer is a field of the report itself, never an extra property. */
const OWN_FIELD_TYPES: ReadonlySet<string> = new Set(['location_select', 'date_time_input']);
/** Keys Signalen uses for those two questions. */
const OWN_FIELD_KEYS: ReadonlySet<string> = new Set(['location', 'locatie', 'dateTime', 'datetime']);

/** Whether a fetched question's answer belongs in `extra_properties`. */
export function isExtraPropertyQuestion(question: Pick<Question, 'key' | 'field_type'>): boolean {
  const type = (FIELD_TYPE_ALIASES as Record<string, string>)[question.field_type] ?? question.field_type;
  return !OWN_FIELD_TYPES.has(type) && !OWN_FIELD_KEYS.has(question.key);
}

/**
 * The questions of a `GET /signals/v1/public/questions/` answer as the engine reads
 * them: `pathMerge: 'extra_properties'` added where Signalen's front end adds it
 * (an explicit pathMerge is kept), and one question per key (the first wins).
 */
export function fromSignalenQuestions(results: readonly Question[]): Question[] {
  const seen = new Set<string>();
  const questions: Question[] = [];
  for (const question of results) {
    if (!question || typeof question.key !== 'string' || seen.has(question.key)) continue;
    seen.add(question.key);
    const meta = question.meta ?? {};
    questions.push(
      meta.pathMerge === undefined && isExtraPropertyQuestion(question)
        ? { ...question, meta: { ...meta, pathMerge: 'extra_properties' } }
        : { ...question, meta },
    );
  }
  return questions;
}
