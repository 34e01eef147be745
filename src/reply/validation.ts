/** The checks of the reply form before anything is sent (spec §5: follow-up file questions and text areas). */
import type { QaQuestion, ReplyAnswers } from './types.ts';
import { REPLY_TEXTS } from './texts.ts';

export const TEXT_MAX = 1000;
export const DEFAULT_MAX_FILES = 3;
export const MAX_FILE_SIZE = 20 * 1024 * 1024;
export const ALLOWED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'];

export const FILE_TEXTS = {
  tooMany: (max: number) => `U kunt maximaal ${max} bestanden uploaden`,
  type: () => `Dit bestandstype wordt niet ondersteund. Toegestaan zijn: ${ALLOWED_TYPES.map((t) => t.replace('image/', '')).join(', ')}.`,
  tooLarge: () => 'Dit bestand is te groot. De maximale bestandsgrootte is 20 MB.',
  tooLong: () => `U heeft meer dan de maximale ${TEXT_MAX} tekens ingevoerd`,
};

/** The type of a file as the form treats it: a name ending in .pdf is a pdf. */
export function fileTypeOf(file: File): string {
  return /\.pdf$/i.test(file.name) ? 'application/pdf' : file.type;
}

/** The problem with adding these files to what is already chosen, or null. */
export function checkNewFiles(existing: number, files: File[], max = DEFAULT_MAX_FILES): string | null {
  if (existing + files.length > max) return FILE_TEXTS.tooMany(max);
  for (const file of files) {
    if (!ALLOWED_TYPES.includes(fileTypeOf(file))) return FILE_TEXTS.type();
    if (file.size > MAX_FILE_SIZE) return FILE_TEXTS.tooLarge();
  }
  return null;
}

/** Errors per question uuid for the answers as they are. */
export function validateReply(questions: QaQuestion[], answers: ReplyAnswers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const q of questions) {
    if (q.field_type === 'image') {
      if (q.required && (answers.files[q.uuid] ?? []).length === 0) errors[q.uuid] = REPLY_TEXTS.required;
      continue;
    }
    const text = answers.text[q.uuid] ?? '';
    if (q.required && text.trim() === '') errors[q.uuid] = REPLY_TEXTS.required;
    else if (text.length > TEXT_MAX) errors[q.uuid] = FILE_TEXTS.tooLong();
  }
  return errors;
}
