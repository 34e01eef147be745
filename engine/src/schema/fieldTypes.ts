/**
 * The one table of field types. Everything the code knows about a field type
 * is a column here; every other list (display-only types, Signalen's codes,
 * map types, text types, object types, the JSON Schema's enums) is derived from
 * it by the helpers below or by `deriveQuestionSetSchema` (schema/derive.ts).
 * Adding a field type: one row here, one widget, one story
 * (docs/adding-a-field-type.md).
 */

/**
 * The shape of a field type's answer in the draft:
 * - none: takes no answer (headers, notices);
 * - text: a string;
 * - texts: a list of strings;
 * - option: `{id, label}` of one of `meta.values`;
 * - options: with `meta.values` a list of `{id, label}`, without a single `{label, value: boolean}`;
 * - date: `'now'`, a timestamp in ms or an ISO string (DateTimeValue);
 * - location: `{location: {coordinates, address?}}`;
 * - objects: `{location, selection: [{id, type, description, …}]}`;
 * - files: a list of files (sent as attachments);
 * - value: whatever `meta.value` holds (hidden inputs).
 */
export type AnswerShape = 'none' | 'text' | 'texts' | 'option' | 'options' | 'date' | 'location' | 'objects' | 'files' | 'value';

/**
 * How an answer leaves the app: as an extra property (when the question has
 * `pathMerge: 'extra_properties'`), as an attachment upload, or never.
 */
export type SendMode = 'extra_properties' | 'attachment' | 'never';

/**
 * What a condition (ifOneOf / ifAllOf) can test in the answer:
 * - none: nothing (no answer);
 * - option: one of `meta.values`' ids;
 * - options: with `meta.values` any subset of their ids, without `true`/`false`;
 * - text: one free value;
 * - texts: several free values;
 * - any: an answer conditions cannot usefully test (map and file answers).
 */
export type ConditionValues = 'none' | 'option' | 'options' | 'text' | 'texts' | 'any';

/** What a question of this type shows: an input, something to read, or nothing at all. */
export type Presentation = 'input' | 'display' | 'hidden';

/** Which `meta` entries the JSON Schema requires of a question of this type. */
export type RequiredMeta = 'label' | 'values' | 'endpoint' | 'featureTypes' | 'value';

/** What a map question shows: a point, or the objects of one kind of layer. */
export type MapKind = 'location' | 'asset' | 'streetlight' | 'clock' | 'caterpillar' | 'tree';

/** Which field of the report (besides extra_properties) an answer of this type can fill. */
export type SignalField = 'text' | 'location' | 'incident_date_start';

export interface FieldTypeTraits {
  answer: AnswerShape;
  send: SendMode;
  /** Key of the required message in the engine's message catalogue. */
  requiredMessage: 'required' | 'requiredText';
  conditionValues: ConditionValues;
  /** Drawn on a map: a point ('location') or the objects of a layer (the layer's kind); null when not. */
  map: MapKind | null;
  /** The code Signalen's backend stores and sends for this type. */
  wire: string;
  /**
   * Set for a type Signalen's Question model cannot store (its field_type choices, docs/reference/api.md#questions):
   * on the questions endpoint a question of this type is served as this stored type, the nearest
   * in the answer it takes (a single text for a list of texts), or left out (null). Absent: Signalen stores it as `wire`.
   */
  storedAs?: string | null;
  presentation: Presentation;
  requiredMeta: readonly RequiredMeta[];
  /** The report field an answer of this type can fill, if any. */
  signalField?: SignalField;
}

const choice = { send: 'extra_properties', requiredMessage: 'required', map: null, presentation: 'input' } as const;
const text = { answer: 'text', send: 'extra_properties', requiredMessage: 'requiredText', conditionValues: 'text', map: null, presentation: 'input' } as const;
const objects = {
  answer: 'objects',
  send: 'extra_properties',
  requiredMessage: 'required',
  conditionValues: 'any',
  presentation: 'input',
  requiredMeta: ['label', 'endpoint', 'featureTypes'],
  signalField: 'location',
} as const;
const display = { answer: 'none', send: 'never', requiredMessage: 'required', conditionValues: 'none', map: null, presentation: 'display' } as const;

/** The twenty field types and their traits (alphabetical: the order of the schema's enum). */
export const FIELD_TYPE_TABLE = {
  asset_select: { ...objects, map: 'asset', wire: 'asset_select' },
  caterpillar_select: { ...objects, map: 'caterpillar', wire: 'caterpillar_select' },
  checkbox_input: { ...choice, answer: 'options', conditionValues: 'options', wire: 'checkbox_input', requiredMeta: ['label'] },
  clock_select: { ...objects, map: 'clock', wire: 'clock_select' },
  date_time_input: {
    answer: 'date',
    send: 'extra_properties',
    // A date/time without a valid value also reads 'Dit is een verplicht veld' (docs/reference/limits.md#validation).
    requiredMessage: 'requiredText',
    conditionValues: 'text',
    map: null,
    wire: 'date_time_input',
    presentation: 'input',
    requiredMeta: ['label'],
    signalField: 'incident_date_start',
  },
  description_with_classification_input: { ...text, wire: 'description_with_classification_input', storedAs: 'textarea_input', requiredMeta: ['label'], signalField: 'text' },
  emphasis_checkbox_input: { ...choice, answer: 'options', conditionValues: 'options', wire: 'emphasis_checkbox_input', storedAs: 'checkbox_input', requiredMeta: ['label'] },
  file_input: {
    answer: 'files',
    send: 'attachment',
    requiredMessage: 'required',
    conditionValues: 'any',
    map: null,
    wire: 'file_input',
    storedAs: null,
    presentation: 'input',
    requiredMeta: ['label'],
  },
  handling_message: { ...display, wire: 'handling_message', storedAs: null, requiredMeta: [] },
  header: { ...display, wire: 'question_header', requiredMeta: ['label'] },
  hidden_input: {
    answer: 'value',
    send: 'extra_properties',
    requiredMessage: 'required',
    conditionValues: 'text',
    map: null,
    wire: 'hidden_input',
    storedAs: null,
    presentation: 'hidden',
    requiredMeta: [],
  },
  location_select: {
    answer: 'location',
    send: 'extra_properties',
    requiredMessage: 'required',
    conditionValues: 'any',
    map: 'location',
    wire: 'location_select',
    presentation: 'input',
    requiredMeta: ['label'],
    signalField: 'location',
  },
  map_input: {
    answer: 'location',
    send: 'extra_properties',
    requiredMessage: 'required',
    conditionValues: 'any',
    map: 'location',
    wire: 'map_input', storedAs: 'location_select',
    presentation: 'input',
    requiredMeta: ['label'],
    // a point that is not the report's location (where a boat is usually moored): its answer is an extra property
  },
  multi_text_input: { ...text, answer: 'texts', conditionValues: 'texts', wire: 'multi_text_input', storedAs: 'text_input', requiredMeta: ['label'] },
  plain_text: { ...display, wire: 'plain_text', requiredMeta: ['value'] },
  radio_input: { ...choice, answer: 'option', conditionValues: 'option', wire: 'radio_input', requiredMeta: ['label', 'values'] },
  select_input: { ...choice, answer: 'option', conditionValues: 'option', wire: 'select_input', requiredMeta: ['label', 'values'] },
  streetlight_select: { ...objects, map: 'streetlight', wire: 'streetlight_select' },
  text_input: { ...text, wire: 'text_input', requiredMeta: ['label'] },
  textarea_input: { ...text, wire: 'text_area_input', requiredMeta: ['label'] },
} as const satisfies Record<string, FieldTypeTraits>;

type Table = typeof FIELD_TYPE_TABLE;

export type FieldType = keyof Table;

/** A Signalen code that differs from our name of the type (question_header, text_area_input). */
export type FieldTypeAlias = Exclude<Table[FieldType]['wire'], FieldType>;

/** Every code a question's `field_type` may hold: our twenty names and Signalen's codes. */
export type FieldTypeCode = FieldType | FieldTypeAlias;

export const FIELD_TYPES = Object.keys(FIELD_TYPE_TABLE) as readonly FieldType[];

/** Signalen backend codes that mean the same as one of our field types (derived from the wire names). */
export const FIELD_TYPE_ALIASES: Readonly<Record<FieldTypeAlias, FieldType>> = Object.fromEntries(
  FIELD_TYPES.filter((type) => FIELD_TYPE_TABLE[type].wire !== type).map((type) => [FIELD_TYPE_TABLE[type].wire, type]),
) as Record<FieldTypeAlias, FieldType>;

/** Every accepted code, our names first (the schema's field_type enum). */
export const FIELD_TYPE_CODES = [...FIELD_TYPES, ...(Object.keys(FIELD_TYPE_ALIASES) as FieldTypeAlias[])] as readonly FieldTypeCode[];

const isFieldType = (code: string): code is FieldType => Object.prototype.hasOwnProperty.call(FIELD_TYPE_TABLE, code);

/** The field type of a code (Signalen's codes resolved: question_header → header); undefined for an unknown code. */
export function fieldTypeOfCode(code: string): FieldType | undefined {
  if (isFieldType(code)) return code;
  return (FIELD_TYPE_ALIASES as Record<string, FieldType>)[code];
}

/** The traits of a field type. */
export function traitsOf(type: FieldType): FieldTypeTraits {
  return FIELD_TYPE_TABLE[type];
}

/** The code Signalen's backend uses for a field type (header → question_header). */
export function wireFieldType(type: FieldType): string {
  return FIELD_TYPE_TABLE[type].wire;
}

/**
 * The code a question of this type has on Signalen's questions endpoint (docs/reference/api.md#questions): its own
 * code where Signalen stores the type, the code of the nearest stored type
 * (emphasis_checkbox_input → checkbox_input, multi_text_input → text_input), or null where
 * Signalen has nothing like it (hidden_input, handling_message, file_input): left out there.
 */
export function signalenStoredCode(code: string): string | null {
  const type = fieldTypeOfCode(code);
  if (!type) return null;
  const storedAs = (FIELD_TYPE_TABLE[type] as FieldTypeTraits).storedAs;
  if (storedAs === null) return null;
  if (storedAs === undefined) return wireFieldType(type);
  const stored = fieldTypeOfCode(storedAs);
  return stored ? wireFieldType(stored) : null;
}

/** The types whose traits pass a test, in table order. */
export function fieldTypesWhere(test: (traits: FieldTypeTraits, type: FieldType) => boolean): readonly FieldType[] {
  return FIELD_TYPES.filter((type) => test(FIELD_TYPE_TABLE[type], type));
}

const setOf = (test: (traits: FieldTypeTraits) => boolean): ReadonlySet<FieldType> => new Set(fieldTypesWhere(test));

/** Types that show something but take no answer (header, plain_text, handling_message). */
export const DISPLAY_ONLY_TYPES = setOf((t) => t.presentation === 'display');

/** Types that take an answer but show no answer of their own on the summary (display-only and hidden). */
export const NO_SUMMARY_TYPES = setOf((t) => t.presentation !== 'input');

/** Types whose answer can be sent as an extra property. */
export const EXTRA_PROPERTY_TYPES = setOf((t) => t.send === 'extra_properties');

/** Types drawn on a map (a point or objects). */
export const MAP_TYPES = setOf((t) => t.map !== null);

/** Types that choose objects on a map layer (asset, streetlight, clock, caterpillar). */
export const OBJECT_TYPES = setOf((t) => t.map !== null && t.map !== 'location');

/** Field types whose answer is the report's own location (a map point or object; not map_input, whose point is an extra property). */
export const REPORT_LOCATION_TYPES = setOf((t) => t.signalField === 'location');

/** Types whose required message is the text one ('Dit is een verplicht veld'). */
export const TEXT_REQUIRED_TYPES = setOf((t) => t.requiredMessage === 'requiredText');

export const isDisplayOnly = (type: FieldType): boolean => FIELD_TYPE_TABLE[type].presentation === 'display';
export const isMapType = (type: string): boolean => {
  const resolved = fieldTypeOfCode(type);
  return resolved !== undefined && FIELD_TYPE_TABLE[resolved].map !== null;
};

/**
 * What a map question shows: its type's map kind, except that an asset_select
 * whose object-location validator names 'boom' asks for trees. Null for a
 * question that is not drawn on a map.
 */
export function mapKindOf(question: { field_type: string; meta?: { validators?: unknown[] } }): MapKind | null {
  const type = fieldTypeOfCode(question.field_type);
  const kind = type ? FIELD_TYPE_TABLE[type].map : null;
  if (kind !== 'asset') return kind;
  const objectKind = (question.meta?.validators ?? []).find((v) => Array.isArray(v) && v[0] === 'validateObjectLocation');
  return Array.isArray(objectKind) && objectKind[1] === 'boom' ? 'tree' : 'asset';
}
