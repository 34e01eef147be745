/**
 * Checking one answer payload against its question's field type. Problems are
 * reported per question (docs/reference/api.md#questionnaires: never a 400 for a bad answer).
 */
import { hasEmailShape } from '@meldloket/engine';

const PREFIX = 'Submitted answer does not validate. ';

function show(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

const notType = (value: unknown, type: string) => `${PREFIX}${show(value)} is not of type '${type}'`;

type Check = (payload: unknown) => string | null;

const checks: Record<string, Check> = {
  plain_text: (p) => (typeof p === 'string' ? null : notType(p, 'string')),
  email: (p) =>
    typeof p !== 'string' ? notType(p, 'string') : hasEmailShape(p) ? null : `${PREFIX}${show(p)} is not a 'email'`,
  dutch_telephone_number: (p) =>
    typeof p !== 'string'
      ? notType(p, 'string')
      : /^(\+31|0031|0)[1-9][0-9]{8}$/.test(p.replace(/[\s-]/g, ''))
        ? null
        : `${PREFIX}${show(p)} does not match '^(\\+31|0031|0)[1-9][0-9]{8}$'`,
  integer: (p) => (Number.isInteger(p) ? null : notType(p, 'integer')),
  positive_integer: (p) => (!Number.isInteger(p) ? notType(p, 'integer') : (p as number) > 0 ? null : `${PREFIX}${show(p)} is less than the minimum of 1`),
  boolean: (p) => (typeof p === 'boolean' ? null : notType(p, 'boolean')),
  float: (p) => (typeof p === 'number' && Number.isFinite(p) ? null : notType(p, 'number')),
  date: (p) => (typeof p === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(p) ? null : `${PREFIX}${show(p)} is not a 'date'`),
  date_time: (p) => (typeof p === 'string' && !Number.isNaN(Date.parse(p)) ? null : `${PREFIX}${show(p)} is not a 'date-time'`),
  time: (p) => (typeof p === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(p) ? null : `${PREFIX}${show(p)} is not a 'time'`),
  selected_object: (p) => (p !== null && typeof p === 'object' && !Array.isArray(p) ? null : notType(p, 'object')),
};

/** null when the payload fits, otherwise the message for path_validation_errors_by_uuid. */
export function validateAnswer(fieldType: string, required: boolean, payload: unknown): string | null {
  if (fieldType === 'image') return 'It is not possible to answer "Attachment" questions via this endpoint';
  if (payload === null) return required ? `${PREFIX}None is not of type '${fieldType === 'plain_text' ? 'string' : 'object'}'` : null;
  const check = checks[fieldType];
  return check ? check(payload) : null;
}
