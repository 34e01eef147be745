export { createForm } from './form.ts';
export { QuestionSetInvalidError, resolveFieldType, compileQuestionSet } from './compile.ts';
export type { CompiledForm, CompiledQuestion } from './compile.ts';
export type * from './types.ts';
