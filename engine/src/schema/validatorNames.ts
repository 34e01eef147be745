/**
 * The validators a question set may name in `meta.validators`, and the
 * argument each takes. The schema's validator forms are derived from this
 * (derive.ts); the checks themselves are in engine/src/validators.
 */
export const VALIDATOR_NAMES = [
  'required',
  'required_true',
  'email',
  'max',
  'maxLength',
  'min',
  'minLength',
  'pattern',
  'isBlocking',
  'inPast',
  'falsyOrNumberOrNow',
  'validateObjectLocation',
  'phone',
] as const;

export type ValidatorName = (typeof VALIDATOR_NAMES)[number];

/**
 * The argument each validator takes in a question set (the schema's validator
 * forms are derived from this): none, a number, a length (integer >= 0), a
 * regular expression, or an object kind of OBJECT_LOCATION_KINDS.
 */
export const VALIDATOR_ARGUMENTS: Readonly<Record<ValidatorName, 'none' | 'number' | 'length' | 'pattern' | 'objectKind'>> = {
  required: 'none',
  required_true: 'none',
  email: 'none',
  max: 'number',
  maxLength: 'length',
  min: 'number',
  minLength: 'length',
  pattern: 'pattern',
  isBlocking: 'none',
  inPast: 'none',
  falsyOrNumberOrNow: 'none',
  validateObjectLocation: 'objectKind',
  phone: 'none',
};

/** The object words used in the object-location message, per kind. */
export const OBJECT_LOCATION_KINDS = {
  lichtpunt: 'lichtpunt',
  klok: 'klok',
  boom: 'boom',
  container: 'container',
} as const;
