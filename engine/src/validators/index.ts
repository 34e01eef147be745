export { compileValidators, requiredMessage, timeOf, VALIDATOR_NAMES, VALIDATOR_ARGUMENTS, OBJECT_LOCATION_KINDS } from './registry.ts';
export type { Check, CompiledValidators, ValidationEnv, ValidatorName } from './registry.ts';
export { isEmptyAnswer, coordinatesOf } from './empty.ts';
export {
  validateDescription,
  validatePhone,
  normalizePhone,
  validateEmail,
  isEmail,
  hasEmailShape,
  validateMultiNumber,
  DESCRIPTION_MAX_LENGTH,
  TEXTAREA_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  MULTI_TEXT_ITEM_MAX_LENGTH,
} from './fields.ts';
export { validateFile, validateFiles, selectFiles, fileTypeOf, fileLimitsOf, formatFileSize, PHOTO_LIMITS, KIB, MIB } from './files.ts';
export type { FileLike, FileLimits } from './files.ts';
