import type { Question } from './types.ts';

export interface ExtractedQuestions {
  /** The question list, or null when the input has no recognisable shape. */
  questions: unknown[] | null;
  /** JSON pointer of the question list inside the input ('' for a bare array). */
  basePointer: string;
}

/** Find the questions in a question-set file, a bare array or a Signalen `{results: […]}` response. */
export function extractQuestions(json: unknown): ExtractedQuestions {
  if (Array.isArray(json)) return { questions: json, basePointer: '' };
  if (json && typeof json === 'object') {
    const record = json as Record<string, unknown>;
    if (Array.isArray(record.questions)) return { questions: record.questions, basePointer: '/questions' };
    if (Array.isArray(record.results)) return { questions: record.results, basePointer: '/results' };
  }
  return { questions: null, basePointer: '' };
}

/** The questions of a question set in any accepted shape (no validation). */
export function questionsOf(json: unknown): Question[] {
  return (extractQuestions(json).questions ?? []) as Question[];
}
