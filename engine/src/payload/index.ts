export { buildPayload, subCategoryUrl } from './build.ts';
export type { PayloadOptions } from './build.ts';
export { toApiAnswer, isoTime } from './answers.ts';
export { validateCreatePayload } from './validate.ts';
export type { PayloadError, PayloadValidation } from './validate.ts';
export type { CreateSignalPayload, ExtraProperty, PayloadAddress } from './types.ts';
