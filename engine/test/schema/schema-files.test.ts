import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it, vi } from 'vitest';
import questionSetSchema from '../../schema/question-set.schema.json';
import createSignalSchema from '../../schema/create-signal.schema.json';
import { compileValidators, FIELD_TYPES, VALIDATOR_NAMES, type Question, type ValidatorSpec } from '../../src/index.ts';

describe('published schema files', () => {
  it.each([
    ['question-set.schema.json', questionSetSchema],
    ['create-signal.schema.json', createSignalSchema],
  ])('%s compiles with ajv’s default strict mode without a warning (so the server can reuse it)', (_name, schema) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ajv = new Ajv2020();
    addFormats(ajv);
    expect(() => ajv.compile(schema)).not.toThrow();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('lists all twenty field types and the two Signalen codes', () => {
    const allowed = questionSetSchema.$defs.question.properties.field_type.enum;
    expect(allowed).toEqual([...FIELD_TYPES, 'question_header', 'text_area_input']);
    expect(FIELD_TYPES).toHaveLength(20);
  });
});

describe('every validator the schema accepts is enforced', () => {
  const named = new Set<string>();
  for (const branch of questionSetSchema.$defs.validator.anyOf) {
    const first = 'enum' in branch ? branch : (branch as { prefixItems: { enum?: string[]; const?: string }[] }).prefixItems[0];
    for (const name of (first as { enum?: string[] }).enum ?? [(first as { const: string }).const]) named.add(name);
  }

  it('the engine knows exactly the validators of the schema', () => {
    expect([...named].sort()).toEqual([...VALIDATOR_NAMES].sort());
  });

  const failing: Record<string, [ValidatorSpec, unknown]> = {
    required: ['required', ''],
    required_true: ['required_true', false],
    email: ['email', 'geen adres'],
    max: [['max', 1], '2'],
    min: [['min', 1], '0'],
    maxLength: [['maxLength', 1], 'ab'],
    minLength: [['minLength', 3], 'ab'],
    pattern: [['pattern', '^a'], 'b'],
    inPast: ['inPast', Date.parse('2030-01-01T00:00:00Z')],
    falsyOrNumberOrNow: ['falsyOrNumberOrNow', 'morgen'],
    validateObjectLocation: [['validateObjectLocation', 'boom'], { location: { coordinates: { lat: 0, lng: 0 } } }],
    phone: ['phone', '020-abc'],
  };

  it.each([...VALIDATOR_NAMES])('%s turns a wrong answer into a message or a block', (name) => {
    const question = (validators: ValidatorSpec[]): Question => ({ key: 'q', field_type: 'text_input', meta: { label: 'q', validators } });
    if (name === 'isBlocking') {
      expect(compileValidators(question(['isBlocking']), 'text_input').blocking).toBe(true);
      return;
    }
    const [spec, value] = failing[name];
    const message = compileValidators(question([spec]), 'text_input').validate(value, { now: new Date('2026-05-01T00:00:00Z') });
    expect(message).toEqual(expect.any(String));
  });
});
