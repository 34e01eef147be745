import type { ErrorObject, ValidateFunction } from 'ajv';
import { extractQuestions } from './extract.ts';
import { validateQuestion } from './question.validator.generated.js';
import { logicProblems } from './logic.ts';
import type { Question } from './types.ts';

export interface QuestionSetError {
  /** The file the question set came from, when given. */
  file?: string;
  /** The key of the question the error is in, when it is inside a question. */
  key?: string;
  /** JSON pointer (RFC 6901) into the validated document. */
  pointer: string;
  /** A plain English description of the problem. */
  message: string;
}

export interface QuestionSetValidation {
  valid: boolean;
  errors: QuestionSetError[];
  /** The questions found in the input (also when invalid). */
  questions: Question[];
}

export interface ValidateOptions {
  file?: string;
}

/**
 * The question schema, compiled ahead of time (ajv standalone code, see
 * generate-validator.node.ts): no eval at run time, so it works under the served
 * app's Content-Security-Policy.
 */
function questionValidator(): ValidateFunction {
  return validateQuestion;
}

function describe(error: ErrorObject): string | null {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `"${p.missingProperty}" is missing`;
    case 'additionalProperties':
      return `unknown property "${p.additionalProperty}"`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'type':
      return `must be of type ${Array.isArray(p.type) ? p.type.join(' or ') : p.type}`;
    case 'minItems':
      return `needs at least ${p.limit} item(s)`;
    case 'maxItems':
      return `allows at most ${p.limit} item(s)`;
    case 'minProperties':
      return `needs at least ${p.limit} entr${p.limit === 1 ? 'y' : 'ies'}`;
    case 'maxProperties':
      return `allows at most ${p.limit} entr${p.limit === 1 ? 'y' : 'ies'}`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`;
    case 'pattern':
      return `must match ${p.pattern}`;
    case 'minimum':
    case 'maximum':
      return `must be ${error.keyword === 'minimum' ? '>=' : '<='} ${p.limit}`;
    // Combinators report their branches' errors or a summary below.
    case 'if':
      return null;
    default:
      return error.message ?? error.keyword;
  }
}

/** What a failed anyOf/oneOf means, by where it failed. */
function combinatorMessage(instancePath: string): string {
  if (/\/meta\/validators\/\d+$/.test(instancePath)) return 'is not a known validator, or its argument is wrong';
  if (/\/meta\/(ifOneOf|ifAllOf)\//.test(instancePath)) return 'must be a value, a list of values, or a nested ifOneOf / ifAllOf block';
  if (/\/meta\/visibleIf$/.test(instancePath)) return 'must be a JSON Logic rule: true, false or an object with one operator';
  return 'does not match any allowed form';
}

function schemaErrors(errors: ErrorObject[], pointer: string): { pointer: string; message: string }[] {
  // A failed anyOf/oneOf is reported once, instead of one error per branch.
  const isCombinator = (e: ErrorObject) => e.keyword === 'anyOf' || e.keyword === 'oneOf';
  const combinators = errors.filter(isCombinator);
  const underCombinator = (e: ErrorObject) =>
    combinators.some(
      (c) => e.instancePath.startsWith(`${c.instancePath}/`) || (e.instancePath === c.instancePath && !isCombinator(e)),
    );
  const seen = new Set<string>();
  return errors.flatMap((e) => {
    if (underCombinator(e)) return [];
    const message = isCombinator(e) ? combinatorMessage(e.instancePath) : describe(e);
    if (!message) return [];
    const at = pointer + e.instancePath;
    const id = `${at} ${message}`;
    if (seen.has(id)) return [];
    seen.add(id);
    return [{ pointer: at, message }];
  });
}

function regexProblems(question: Question, pointer: string): { pointer: string; message: string }[] {
  const validators = Array.isArray(question.meta?.validators) ? question.meta.validators : [];
  return validators.flatMap((v, i) => {
    if (!Array.isArray(v) || v[0] !== 'pattern' || typeof v[1] !== 'string') return [];
    try {
      new RegExp(v[1]);
      return [];
    } catch {
      const at = `${pointer}/meta/validators/${i}/1`;
      return [{ pointer: at, message: 'is not a valid regular expression' }];
    }
  });
}

/**
 * Check a question set against the question-set schema. Accepts a
 * question-set file (`{questions: […]}`), a bare array of questions or a
 * Signalen `{results: […]}` response, and returns every error found.
 */
export function validateQuestionSet(json: unknown, options: ValidateOptions = {}): QuestionSetValidation {
  const { file } = options;
  const withFile = (e: { key?: string; pointer: string; message: string }): QuestionSetError =>
    file === undefined ? e : { file, ...e };
  const { questions, basePointer } = extractQuestions(json);
  if (!questions) {
    return {
      valid: false,
      questions: [],
      errors: [withFile({ pointer: '', message: 'expected an array of questions, an object with "questions" or an object with "results"' })],
    };
  }
  const validate = questionValidator();
  const errors: QuestionSetError[] = [];
  questions.forEach((question, index) => {
    const pointer = `${basePointer}/${index}`;
    const key = question && typeof question === 'object' && typeof (question as Question).key === 'string' ? (question as Question).key : undefined;
    const found = validate(question) ? [] : schemaErrors(validate.errors ?? [], pointer);
    if (question && typeof question === 'object') {
      const q = question as Question;
      found.push(...regexProblems(q, pointer));
      if (q.meta && typeof q.meta === 'object' && q.meta.visibleIf !== undefined) {
        for (const problem of logicProblems(q.meta.visibleIf, `${pointer}/meta/visibleIf`)) {
          found.push(problem);
        }
      }
    }
    for (const e of found) errors.push(withFile(key === undefined ? e : { key, ...e }));
  });
  if (json && typeof json === 'object' && !Array.isArray(json) && basePointer === '/questions') {
    const allowed = new Set(['$schema', 'category', 'title', 'description', 'questions']);
    for (const name of Object.keys(json)) {
      if (!allowed.has(name)) errors.push(withFile({ pointer: '', message: `unknown property "${name}"` }));
    }
  }
  return { valid: errors.length === 0, errors, questions: questions as Question[] };
}

/** One line per error: `file key pointer: message`. */
export function formatQuestionSetError(error: QuestionSetError): string {
  const where = [error.file, error.key && `[${error.key}]`, error.pointer || '/'].filter(Boolean).join(' ');
  return `${where}: ${error.message}`;
}
