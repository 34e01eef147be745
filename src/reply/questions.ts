/**
 * The session's questions as an engine question set, so the engine validates them
 * and the renderer draws them: plain_text → textarea, image → photos, any other
 * QA type → a text field. The key of each question is 'q_' + its uuid (a key must
 * start with a letter; a uuid may start with a digit).
 */
import type { Question, QuestionSetFile } from '@meldloket/engine';
import type { QaQuestion } from './types.ts';

/** Photos per image question (docs/reference/limits.md#validation: follow-up file questions, default 3). */
export const DEFAULT_MAX_FILES = 3;

/** The engine key of a QA question. */
export const keyOf = (uuid: string) => `q_${uuid}`;

function toQuestion(q: QaQuestion): Question {
  const meta = { label: q.label, shortLabel: q.short_label };
  if (q.field_type === 'image') {
    return {
      key: keyOf(q.uuid),
      field_type: 'file_input',
      required: q.required,
      meta: { ...meta, maxNumberOfFiles: q.multiple_answers_allowed === false ? 1 : DEFAULT_MAX_FILES, minFileSize: 0 },
    };
  }
  return { key: keyOf(q.uuid), field_type: q.field_type === 'plain_text' ? 'textarea_input' : 'text_input', required: q.required, meta };
}

export function replyQuestionSet(questions: QaQuestion[]): QuestionSetFile {
  return { questions: questions.map(toQuestion) };
}
