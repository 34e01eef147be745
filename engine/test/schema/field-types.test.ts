import { describe, expect, it } from 'vitest';
import questionSetSchema from '../../schema/question-set.schema.json';
import {
  DISPLAY_ONLY_TYPES,
  FIELD_TYPES,
  FIELD_TYPE_ALIASES,
  FIELD_TYPE_TABLE,
  MAP_TYPES,
  REPORT_LOCATION_TYPES,
  NO_SUMMARY_TYPES,
  OBJECT_TYPES,
  buildPayload,
  createForm,
  deriveQuestionSetSchema,
  fieldTypeOfCode,
  fieldTypesWhere,
  lintQuestionSet,
  mapKindOf,
  requiredMessage,
  signalenStoredCode,
  traitsOf,
  validateQuestionSet,
  wireFieldType,
  type FieldType,
  type Question,
} from '../../src/index.ts';

/** A question of a type with just the meta entries its row requires. */
function minimal(type: string, key = 'q'): Question {
  const row = FIELD_TYPE_TABLE[fieldTypeOfCode(type)!];
  const meta: Question['meta'] = {};
  for (const entry of row.requiredMeta) {
    if (entry === 'label') meta.label = 'Vraag';
    if (entry === 'values') meta.values = { a: 'A' };
    if (entry === 'endpoint') meta.endpoint = 'https://example.com/wfs';
    if (entry === 'featureTypes') meta.featureTypes = [{ label: 'Boom', description: 'Boom', idField: 'id', typeField: 'type', typeValue: 'boom' }];
    if (entry === 'value') meta.value = 'Let op';
  }
  return { key, field_type: type as Question['field_type'], meta };
}

describe('the field-type table', () => {
  it('has the twenty field types; Signalen’s codes come from the wire names', () => {
    expect(FIELD_TYPES).toHaveLength(20);
    expect(FIELD_TYPE_ALIASES).toEqual({ question_header: 'header', text_area_input: 'textarea_input' });
    expect(wireFieldType('header')).toBe('question_header');
    expect(wireFieldType('radio_input')).toBe('radio_input');
    expect(fieldTypeOfCode('text_area_input')).toBe('textarea_input');
    expect(fieldTypeOfCode('slider')).toBeUndefined();
  });

  it('derives the lists the code used to keep by hand', () => {
    expect([...DISPLAY_ONLY_TYPES]).toEqual(['handling_message', 'header', 'plain_text']);
    expect([...NO_SUMMARY_TYPES]).toEqual(['handling_message', 'header', 'hidden_input', 'plain_text']);
    expect([...OBJECT_TYPES]).toEqual(['asset_select', 'caterpillar_select', 'clock_select', 'streetlight_select']);
    expect([...MAP_TYPES]).toEqual(['asset_select', 'caterpillar_select', 'clock_select', 'location_select', 'map_input', 'streetlight_select']);
    // map_input is a point on the map that is not the report's location (an extra property)
    expect([...REPORT_LOCATION_TYPES]).toEqual(['asset_select', 'caterpillar_select', 'clock_select', 'location_select', 'streetlight_select']);
  });

  it('a change of a row reaches the schema: the derived rules follow the table, not the file', () => {
    const derived = deriveQuestionSetSchema(questionSetSchema);
    type Meta = { required?: string[]; then?: { required: string[] } };
    const rules = derived.$defs.question.allOf as { if: { properties: { field_type: { enum: string[] } } }; then: { properties: { meta: Meta } } }[];
    // 'values' is required unless `valuesFrom` names a run-time list: it sits in the meta's own if/then
    const requires = (meta: Meta) => [...(meta.required ?? []), ...(meta.then?.required ?? [])];
    const typesRequiring = (entry: string) => rules.filter((r) => requires(r.then.properties.meta).includes(entry)).flatMap((r) => r.if.properties.field_type.enum);
    expect(typesRequiring('endpoint').sort()).toEqual([...OBJECT_TYPES].sort());
    expect(typesRequiring('values').sort()).toEqual(fieldTypesWhere((t) => (t.requiredMeta as readonly string[]).includes('values')).slice().sort());
    expect(derived.$defs.question.properties.field_type.enum).toEqual([...FIELD_TYPES, 'question_header', 'text_area_input']);
  });

  it.each([...FIELD_TYPES, ...Object.keys(FIELD_TYPE_ALIASES)])('%s: a question with the required meta of its row is valid, and lacking any of it is not', (type) => {
    const question = minimal(type);
    expect(validateQuestionSet([question]).errors).toEqual([]);
    for (const entry of FIELD_TYPE_TABLE[fieldTypeOfCode(type)!].requiredMeta) {
      const lacking = { ...question, meta: { ...question.meta, [entry]: undefined } };
      delete (lacking.meta as Record<string, unknown>)[entry];
      expect(validateQuestionSet([lacking]).errors.map((e) => e.message)).toContain(`"${entry}" is missing`);
    }
  });

  it.each(FIELD_TYPES)('%s: its required message is the one of its row', (type) => {
    const row = FIELD_TYPE_TABLE[type];
    if (row.presentation === 'display') return;
    const form = createForm([{ ...minimal(type), required: true }]);
    const expected = requiredMessage(type);
    expect(expected).toBe(row.requiredMessage === 'requiredText' ? 'Dit is een verplicht veld' : 'Dit veld is verplicht');
    expect(form.evaluate({}).errors.q).toBe(expected);
  });

  it.each(FIELD_TYPES)('%s: sent as an extra property exactly when its row says so', (type: FieldType) => {
    const question = { ...minimal(type), meta: { ...minimal(type).meta, pathMerge: 'extra_properties' as const } };
    const answer = FIELD_TYPE_TABLE[type].answer === 'files' ? [{ name: 'a.jpg', size: 40000 }] : 'iets';
    const payload = buildPayload(
      { description: 'x', category: 'afval', subcategory: 'grofvuil', questions: [question], answers: { q: answer } } as never,
      { now: new Date('2026-05-01T10:00:00Z') },
    );
    expect(payload.extra_properties.map((p) => p.id)).toEqual(FIELD_TYPE_TABLE[type].send === 'extra_properties' ? ['q'] : []);
  });

  it('the linter reads the values a condition can test from the table', () => {
    const questions: Question[] = [
      minimal('plain_text', 'notice'),
      minimal('radio_input', 'kind'),
      { key: 'x', field_type: 'text_input', meta: { label: 'X', ifOneOf: { notice: 'a', kind: 'b' } } },
    ];
    const rules = lintQuestionSet(questions).map((p) => `${p.rule} ${p.message}`);
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^impossible-value .*"notice", a plain_text that takes no answer/),
        expect.stringMatching(/^impossible-value .*"kind" for "b"/),
      ]),
    );
  });
});

describe('mapKindOf: what the one map widget shows', () => {
  it('reads the kind from the table, and trees from an asset question whose object is a boom', () => {
    const q = (field_type: string, validators?: unknown[]) => ({ field_type, meta: { validators } });
    expect(mapKindOf(q('location_select'))).toBe('location');
    expect(mapKindOf(q('map_input'))).toBe('location');
    expect(mapKindOf(q('streetlight_select'))).toBe('streetlight');
    expect(mapKindOf(q('clock_select'))).toBe('clock');
    expect(mapKindOf(q('caterpillar_select'))).toBe('caterpillar');
    expect(mapKindOf(q('asset_select', [['validateObjectLocation', 'container']]))).toBe('asset');
    expect(mapKindOf(q('asset_select', ['required', ['validateObjectLocation', 'boom']]))).toBe('tree');
    expect(mapKindOf(q('radio_input'))).toBeNull();
  });
});

describe("Signalen's stored field types (docs/reference/api.md#questions)", () => {
  // the choices of Signalen's Question.field_type
  const STORED = ['asset_select', 'caterpillar_select', 'checkbox_input', 'clock_select', 'date_time_input', 'question_header', 'location_select', 'plain_text', 'radio_input', 'select_input', 'streetlight_select', 'text_input', 'text_area_input'];

  it('serves every type as a code Signalen can store, taking the same kind of answer, or not at all', () => {
    for (const type of FIELD_TYPES) {
      const code = signalenStoredCode(type);
      if (code === null) continue;
      expect(STORED, type).toContain(code);
      const stored = fieldTypeOfCode(code)!;
      expect(traitsOf(stored).send, type).toBe(traitsOf(type).send);
      expect(traitsOf(stored).presentation, type).toBe(traitsOf(type).presentation);
    }
    expect(FIELD_TYPES.map((type) => [type, signalenStoredCode(type)]).filter(([type, code]) => code !== wireFieldType(type as FieldType))).toEqual([
      ['description_with_classification_input', 'text_area_input'],
      ['emphasis_checkbox_input', 'checkbox_input'],
      ['file_input', null],
      ['handling_message', null],
      ['hidden_input', null],
      ['map_input', 'location_select'],
      ['multi_text_input', 'text_input'],
    ]);
    // Signalen's own codes stay as they are
    expect(signalenStoredCode('question_header')).toBe('question_header');
    expect(signalenStoredCode('text_area_input')).toBe('text_area_input');
  });
});
