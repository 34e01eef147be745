/** fast-check generators of question sets and answer changes. */
import fc from 'fast-check';
import { FIELD_TYPE_CODES, fieldTypeOfCode, traitsOf, type ConditionBlock, type Question } from '../../src/index.ts';

export const KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
export const OPTIONS = ['ja', 'nee', 'x'] as const;
const REFERABLE = [...KEYS, 'subcategory', 'category', 'onbekend'];
const TYPES = FIELD_TYPE_CODES;
/** Which meta entries the schema asks of a code's type (from the field-type table). */
const needs = (code: string, entry: string) => (traitsOf(fieldTypeOfCode(code)!).requiredMeta as readonly string[]).includes(entry);

const scalar = fc.oneof(fc.constantFrom<string | boolean>(...OPTIONS, 's1', 's2', true, false));

const blockArb: fc.Arbitrary<ConditionBlock> = fc.letrec<{ block: ConditionBlock }>((tie) => ({
  block: fc
    .tuple(
      fc.dictionary(fc.constantFrom(...REFERABLE), fc.oneof(scalar, fc.array(scalar, { minLength: 1, maxLength: 3 })), { maxKeys: 3 }),
      fc.option(fc.tuple(fc.constantFrom('ifOneOf', 'ifAllOf'), tie('block')), { freq: 3 }),
    )
    .map(([entries, nested]) => (nested ? { ...entries, [nested[0]]: nested[1] } : entries) as ConditionBlock),
})).block;

const visibleIfArb = fc.oneof(
  fc.constantFrom(...KEYS).map((k) => ({ '!': { var: k } })),
  fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(...OPTIONS)).map(([k, v]) => ({ '==': [{ var: `${k}.id` }, v] })),
  fc.constantFrom(...KEYS).map((k) => ({ '>': [{ var: k }, 2] })),
);

const validatorArb = fc.constantFrom<NonNullable<Question['meta']['validators']>[number]>(
  'required',
  'email',
  'inPast',
  'falsyOrNumberOrNow',
  'isBlocking',
  ['maxLength', 3],
  ['min', 1],
  ['pattern', '^j'],
  ['validateObjectLocation', 'boom'],
);

export const questionArb: fc.Arbitrary<Question> = fc
  .record({
    key: fc.constantFrom(...KEYS),
    type: fc.constantFrom(...TYPES),
    required: fc.boolean(),
    ifOneOf: fc.option(blockArb, { freq: 2 }),
    ifAllOf: fc.option(blockArb, { freq: 3 }),
    visibleIf: fc.option(visibleIfArb, { freq: 5 }),
    validators: fc.array(validatorArb, { maxLength: 2 }),
    authenticated: fc.boolean(),
    ignoreVisibility: fc.boolean(),
  })
  .map((r) => {
    const meta: Question['meta'] = { label: r.key, shortLabel: `kort ${r.key}`, pathMerge: 'extra_properties', validators: r.validators };
    if (!needs(r.type, 'label')) delete meta.label;
    if (['radio_input', 'select_input', 'checkbox_input', 'emphasis_checkbox_input'].includes(r.type)) {
      meta.values = Object.fromEntries(OPTIONS.map((o) => [o, o.toUpperCase()]));
    }
    if (needs(r.type, 'endpoint')) {
      meta.endpoint = 'https://example.com/wfs';
      meta.featureTypes = [{ label: 'Boom', description: 'Boom', idField: 'id', typeField: 'type', typeValue: 'boom' }];
    }
    if (r.type === 'plain_text') Object.assign(meta, { type: 'info', value: 'Let op' });
    if (r.type === 'hidden_input') meta.value = 'verborgen';
    if (r.ifOneOf) meta.ifOneOf = r.ifOneOf;
    if (r.ifAllOf) meta.ifAllOf = r.ifAllOf;
    if (r.visibleIf) meta.visibleIf = r.visibleIf;
    if (r.authenticated && r.key === 'h') meta.authenticated = true;
    if (r.ignoreVisibility && r.key === 'g') meta.ignoreVisibility = true;
    return { key: r.key, field_type: r.type, required: r.required, meta };
  });

export const questionSetArb = fc.array(questionArb, { minLength: 1, maxLength: 10 });

/** An answer in any shape a widget stores, including odd ones. */
export const answerArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...OPTIONS).map((id) => ({ id, label: id.toUpperCase() })),
  fc.subarray([...OPTIONS]).map((ids) => ids.map((id) => ({ id, label: id.toUpperCase() }))),
  fc.constantFrom('ja', 'nee', '', '  ', 'jan@example.nl', 'lang antwoord', '5', 'now'),
  fc.constantFrom(true, false, 0, 3, Date.parse('2026-04-30T08:00:00Z'), Date.parse('2026-06-01T08:00:00Z')),
  fc.constant({ label: 'Akkoord', value: true }),
  fc.constant({ selection: [{ id: 'boom-1', type: 'boom' }], location: { coordinates: { lat: 52.37, lng: 4.89 } } }),
  fc.constant({ location: { coordinates: { lat: 0, lng: 0 } } }),
  fc.constant([{ name: 'foto.jpg', type: 'image/jpeg', size: 40_000 }, { name: 'scan.pdf', type: 'application/pdf', size: 40_000 }]),
  fc.constant(['12', '3a', '4.5;6']),
  fc.constant(undefined),
  fc.constant(null),
);

/** One change of the answers: set (or clear, with undefined) one key. */
export const changeArb = fc.tuple(fc.constantFrom(...KEYS, 'subcategory', 'category'), fc.oneof(answerArb, fc.constantFrom('s1', 's2')));

export const NOW = new Date('2026-05-01T10:00:00Z');
