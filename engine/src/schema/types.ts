/**
 * The question-set model. A question is the Signalen wire format of
 * `GET /signals/v1/public/questions/` results: `key`, `field_type`, `required`
 * and `meta` (everything else). This file is the contract the renderer, the
 * app and the server code against.
 */

export const FIELD_TYPES = [
  'asset_select',
  'caterpillar_select',
  'checkbox_input',
  'clock_select',
  'date_time_input',
  'description_with_classification_input',
  'emphasis_checkbox_input',
  'file_input',
  'handling_message',
  'header',
  'hidden_input',
  'location_select',
  'map_input',
  'multi_text_input',
  'plain_text',
  'radio_input',
  'select_input',
  'streetlight_select',
  'text_input',
  'textarea_input',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/** Signalen backend codes that mean the same as one of our field types. */
export const FIELD_TYPE_ALIASES = {
  question_header: 'header',
  text_area_input: 'textarea_input',
} as const satisfies Record<string, FieldType>;

export type FieldTypeCode = FieldType | keyof typeof FIELD_TYPE_ALIASES;

export type Scalar = string | number | boolean;

/**
 * A condition block: each entry tests one answer (or `category` /
 * `subcategory`) against a value or list of values; the keys `ifOneOf` and
 * `ifAllOf` nest a further block. See docs/conditions.md.
 */
export interface ConditionBlock {
  [keyOrNested: string]: Scalar | Scalar[] | ConditionBlock;
}

/** A JSON Logic rule (https://jsonlogic.com), evaluated against the answers. */
export type JsonLogicRule = Record<string, unknown> | boolean;

/** A validator as written in `meta.validators`: a name, or [name, ...args]. */
export type ValidatorSpec = string | [string, ...unknown[]];

export type NoticeType = 'info' | 'alert' | 'caution' | 'url';

export interface FeatureType {
  label: string;
  description: string;
  icon?: { options?: Record<string, unknown>; iconUrl?: string; iconSvg?: string };
  iconId?: string;
  idField: string;
  typeField: string;
  typeValue: string;
  isReportedField?: string;
  isReportedValue?: unknown;
}

export interface FeatureStatusType {
  label?: string;
  description?: string;
  icon?: Record<string, unknown>;
  idField?: string;
  typeValue: string;
  statusField: string;
  statusValues: Scalar[];
}

export interface QuestionMeta {
  label?: string;
  shortLabel?: string;
  subtitle?: string;
  placeholder?: string;
  /** Answer options: id → label. */
  values?: Record<string, string>;
  /** Options filled at run time instead of `values`: the private API's selectable sources, the priorities, the report types. */
  valuesFrom?: 'sources' | 'priorities' | 'types';
  /** Text of a notice (plain_text) or of a hidden input. */
  value?: unknown;
  type?: NoticeType;
  validators?: ValidatorSpec[];
  ifOneOf?: ConditionBlock;
  ifAllOf?: ConditionBlock;
  visibleIf?: JsonLogicRule;
  pathMerge?: 'extra_properties';
  authenticated?: boolean;
  ignoreVisibility?: boolean;
  isBlocking?: boolean;
  maxLength?: number;
  rows?: number;
  autoRemove?: string;
  newItemText?: string;
  resetsStateOnChange?: boolean;
  // asset selection
  endpoint?: string;
  wfsFilter?: string;
  maxNumberOfAssets?: number;
  featureTypes?: FeatureType[];
  featureStatusTypes?: FeatureStatusType[];
  zoomMin?: number;
  extraProperties?: string[];
  language?: Record<string, string>;
  [other: string]: unknown;
}

export interface Question {
  key: string;
  field_type: FieldTypeCode;
  required?: boolean;
  meta: QuestionMeta;
}

/** A question-set file in `question-sets/`. */
export interface QuestionSetFile {
  $schema?: string;
  /** Main category slug this file belongs to. */
  category?: string;
  title?: string;
  description?: string;
  questions: Question[];
}

/** Answers by question key (plus `category` and `subcategory`). */
export type Answers = Record<string, unknown>;
