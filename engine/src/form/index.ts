export { createForm, compileQuestionSet, QuestionSetInvalidError } from './checked.ts';
export { createTrustedForm } from './form.ts';
export { resolveFieldType, compileQuestions } from './compile.ts';
export type { CompiledForm, CompiledQuestion } from './compile.ts';
export type * from './types.ts';
