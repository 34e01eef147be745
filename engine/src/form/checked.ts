import type { FormContext, Form } from './types.ts';
import { validateQuestionSet, type QuestionSetError } from '../schema/index.ts';
import { compileQuestions, type CompiledForm } from './compile.ts';
import { formOf } from './form.ts';

/*
 * The schema-checking entry points, in a module of their own: the browser's wizard
 * compiles sets that were checked before they reached it (createTrustedForm), so
 * this module and the schema validator stay out of its first page.
 */

/** Thrown by createForm when a question set does not match the schema. */
export class QuestionSetInvalidError extends Error {
  readonly errors: QuestionSetError[];
  constructor(errors: QuestionSetError[]) {
    super(`Invalid question set: ${errors.map((e) => `${e.key ? `[${e.key}] ` : ''}${e.pointer || '/'}: ${e.message}`).join('; ')}`);
    this.name = 'QuestionSetInvalidError';
    this.errors = errors;
  }
}

export function compileQuestionSet(questionSet: unknown, file?: string): CompiledForm {
  const { valid, errors, questions } = validateQuestionSet(questionSet, { file });
  if (!valid) throw new QuestionSetInvalidError(errors);
  return compileQuestions(questions);
}

/**
 * Compile a question set once (schema check, condition predicates,
 * dependency graph) into a form that evaluates answers. Each evaluation
 * recomputes only the questions that read a changed answer, and the
 * questions that read those, and so on.
 */
export function createForm(questionSet: unknown, context: FormContext = {}, options: { file?: string } = {}): Form {
  return formOf(compileQuestionSet(questionSet, options.file), context);
}

