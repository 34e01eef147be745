export { incidentReducer, isExtraKey } from './reducer.ts';
export type { IncidentAction, ClassificationResult } from './reducer.ts';
export {
  PRIORITY_OPTIONS,
  DEFAULT_PRIORITY,
  DEFAULT_TYPE,
  typeOptions,
  emptyLocation,
  createInitialDraft,
  PUBLIC_SOURCES,
  withStaffSource,
} from './defaults.ts';
export type { DraftDefaults } from './defaults.ts';
export { maxAssetWarningText } from './assets.ts';
export { UNKNOWN_VALUE, CONFIG_PLACEHOLDERS, fillPlaceholders, placeholdersIn, isKnownPlaceholder } from './placeholders.ts';
export type { ConfigPlaceholder } from './placeholders.ts';
export { DRAFT_ANSWER_KEYS, isDraftAnswerKey, draftAnswers, applyAutoRemove } from './fields.ts';
export type { DraftAnswerKey } from './fields.ts';
export { reportLocation, reportDate } from './derived.ts';
export type { Address } from './types.ts';
