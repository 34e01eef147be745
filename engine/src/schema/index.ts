export * from './types.ts';
export * from './fieldTypes.ts';
export { deriveQuestionSetSchema, validatorSchemaBranches } from './derive.ts';
export { validateQuestionSet, formatQuestionSetError } from './validate.ts';
export type { QuestionSetError, QuestionSetValidation, ValidateOptions } from './validate.ts';
export { extractQuestions, questionsOf } from './extract.ts';
export { JSON_LOGIC_OPERATIONS, logicProblems } from './logic.ts';
