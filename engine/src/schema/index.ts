export * from './types.ts';
export * from './fieldTypes.ts';
export { VALIDATOR_NAMES, VALIDATOR_ARGUMENTS, OBJECT_LOCATION_KINDS } from './validatorNames.ts';
export type { ValidatorName } from './validatorNames.ts';
export { deriveQuestionSetSchema, validatorSchemaBranches } from './derive.ts';
export { validateQuestionSet, formatQuestionSetError } from './validate.ts';
export type { QuestionSetError, QuestionSetValidation, ValidateOptions } from './validate.ts';
export { extractQuestions, questionsOf } from './extract.ts';
export { JSON_LOGIC_OPERATIONS, logicProblems } from './logic.ts';
