import { messages } from '../messages/index.ts';
import { OBJECT_LOCATION_KINDS, traitsOf, VALIDATOR_ARGUMENTS, VALIDATOR_NAMES, type ValidatorName } from '../schema/index.ts';
import type { FieldType, Question, ValidatorSpec } from '../schema/types.ts';
import { coordinatesOf, isEmptyAnswer } from './empty.ts';
import { fileLimitsOf, validateFiles } from './files.ts';
import { isEmail, TEXTAREA_MAX_LENGTH, validateMultiNumber, validatePhone } from './fields.ts';

/** What a validator may look at besides the answer. Time only enters here. */
export interface ValidationEnv {
  now?: Date;
}

/** A validator ready to run: the Dutch message when the answer fails, else undefined. */
export type Check = (value: unknown, env: ValidationEnv) => string | undefined;

export { VALIDATOR_NAMES, VALIDATOR_ARGUMENTS, OBJECT_LOCATION_KINDS };
export type { ValidatorName };

/** The required message of a field type: text and date/time fields say 'Dit is een verplicht veld'. */
export function requiredMessage(fieldType: FieldType): string {
  return messages[traitsOf(fieldType).requiredMessage];
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(',', '.'));
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function lengthOf(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (typeof value === 'number') return String(value).length;
  return 0;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Milliseconds of a date/time answer ('now' is the current moment), or undefined. */
export function timeOf(value: unknown, now?: Date): number | undefined {
  if (value === 'now') return now?.getTime();
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.getTime();
  return undefined;
}

type Factory = (args: unknown[], question: Question, fieldType: FieldType) => Check;

const FACTORIES: Record<ValidatorName, Factory> = {
  required: (_args, _q, fieldType) => (value) => (isEmptyAnswer(value) ? requiredMessage(fieldType) : undefined),
  required_true: () => (value) => {
    const ticked = value === true || (value !== null && typeof value === 'object' && (value as { value?: unknown }).value === true);
    return ticked ? undefined : messages.required;
  },
  email: () => (value) => (typeof value === 'string' && isEmail(value.trim()) ? undefined : messages.email(messages.emailExample)),
  max: ([limit]) => (value) => {
    const n = toNumber(value);
    if (n === undefined) return messages.notANumber;
    return n > Number(limit) ? messages.max(Number(limit)) : undefined;
  },
  min: ([limit]) => (value) => {
    const n = toNumber(value);
    if (n === undefined) return messages.notANumber;
    return n < Number(limit) ? messages.min(Number(limit)) : undefined;
  },
  maxLength: ([limit]) => (value) => (lengthOf(value) > Number(limit) ? messages.maxLength(Number(limit)) : undefined),
  minLength: ([limit]) => (value) => (lengthOf(value) < Number(limit) ? messages.minLength(Number(limit)) : undefined),
  pattern: ([source]) => {
    let regex: RegExp | null = null;
    try {
      regex = new RegExp(String(source));
    } catch {
      regex = null;
    }
    return (value) => {
      if (!regex) return messages.pattern;
      const items = Array.isArray(value) ? value : [value];
      return items.every((item) => regex!.test(String(item))) ? undefined : messages.pattern;
    };
  },
  // Blocking is reported through `blocked`, not as a field error (see compileValidators).
  isBlocking: () => () => undefined,
  inPast: () => (value, env) => {
    if (!env.now) return undefined;
    const ms = timeOf(value, env.now);
    return ms !== undefined && ms > env.now.getTime() ? messages.inPast : undefined;
  },
  falsyOrNumberOrNow: () => (value) => {
    if (!value || value === 'now' || (typeof value === 'number' && Number.isFinite(value))) return undefined;
    return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : messages.timeInvalid;
  },
  // Only digits, spaces, ( ) + - and at most 17 characters (docs/reference/limits.md#validation 'Contactgegevens').
  phone: () => (value) => validatePhone(value),
  validateObjectLocation: ([kind]) => {
    const object = OBJECT_LOCATION_KINDS[kind as keyof typeof OBJECT_LOCATION_KINDS] ?? 'object';
    return (value) => (coordinatesOf(value) ? undefined : messages.objectLocation(object));
  },
};

export interface CompiledValidators {
  /** The question must be answered (`required` on the question or a required validator). */
  required: boolean;
  /** The question blocks the form while visible (isBlocking validator or meta.isBlocking). */
  blocking: boolean;
  /** The outcome depends on the current time (inPast): re-check when `now` changes. */
  usesTime: boolean;
  /** The first failing validator's message, or undefined. */
  validate: Check;
}

function nameAndArgs(spec: ValidatorSpec): [string, unknown[]] {
  return Array.isArray(spec) ? [String(spec[0]), spec.slice(1)] : [String(spec), []];
}

function isValidatorName(name: string): name is ValidatorName {
  return (VALIDATOR_NAMES as readonly string[]).includes(name);
}

/** Checks that come with a field type, whatever its validators say. */
function fieldTypeChecks(question: Question, fieldType: FieldType): Check[] {
  const meta = question.meta ?? {};
  switch (fieldType) {
    case 'textarea_input':
    case 'description_with_classification_input': {
      const max = typeof meta.maxLength === 'number' ? meta.maxLength : TEXTAREA_MAX_LENGTH;
      return [(value) => (lengthOf(value) > max ? messages.maxLength(max) : undefined)];
    }
    case 'text_input':
      return typeof meta.maxLength === 'number'
        ? [(value) => (lengthOf(value) > (meta.maxLength as number) ? messages.maxLength(meta.maxLength as number) : undefined)]
        : [];
    case 'multi_text_input':
      return [(value) => validateMultiNumber(value)];
    case 'file_input': {
      const limits = fileLimitsOf(meta);
      return [(value) => validateFiles(value, limits)];
    }
    default:
      return [];
  }
}

/**
 * Compile a question's validators. An object-location validator always runs
 * (it makes the question required); otherwise an empty answer fails only the
 * required check; every other check runs on given answers, in the listed order,
 * followed by the checks of the field type (text-area length, multi-number
 * items, file limits).
 */
export function compileValidators(question: Question, fieldType: FieldType): CompiledValidators {
  const specs = Array.isArray(question.meta?.validators) ? question.meta.validators : [];
  let required = question.required === true;
  let requiredTrue = false;
  let blocking = question.meta?.isBlocking === true;
  let usesTime = false;
  const checks: Check[] = [];
  let locationCheck: Check | undefined;
  for (const spec of specs) {
    const [name, args] = nameAndArgs(spec);
    if (!isValidatorName(name)) continue;
    if (name === 'validateObjectLocation') {
      // Choosing a point is the purpose of this validator: it also runs on an empty answer.
      required = true;
      locationCheck = FACTORIES[name](args, question, fieldType);
    } else if (name === 'required') required = true;
    else if (name === 'required_true') requiredTrue = required = true;
    else if (name === 'isBlocking') blocking = true;
    else {
      if (name === 'inPast') usesTime = true;
      checks.push(FACTORIES[name](args, question, fieldType));
    }
  }
  checks.push(...fieldTypeChecks(question, fieldType));
  const requiredCheck = FACTORIES.required([], question, fieldType);
  const requiredTrueCheck = FACTORIES.required_true([], question, fieldType);
  return {
    required,
    blocking,
    usesTime,
    validate(value, env) {
      if (locationCheck) {
        const problem = locationCheck(value, env);
        if (problem) return problem;
      }
      if (isEmptyAnswer(value)) return required ? requiredCheck(value, env) : undefined;
      if (requiredTrue) {
        const problem = requiredTrueCheck(value, env);
        if (problem) return problem;
      }
      for (const check of checks) {
        const problem = check(value, env);
        if (problem) return problem;
      }
      return undefined;
    },
  };
}
