// Types of the generated standalone validator (question.validator.generated.js).
import type { ValidateFunction } from 'ajv';

export declare const validateQuestion: ValidateFunction;
