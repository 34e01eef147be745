import { describe, expect, it } from 'vitest';
import { formatQuestionSetError, validateQuestionSet } from '../../src/index.ts';

const good = { key: 'extra_kind', field_type: 'radio_input', required: true, meta: { label: 'Welke?', values: { a: 'A' } } };

describe('validateQuestionSet', () => {
  it('accepts a question-set file, a bare array and a Signalen {results} response', () => {
    expect(validateQuestionSet({ $schema: '../engine/schema/question-set.schema.json', questions: [good] }).valid).toBe(true);
    expect(validateQuestionSet([good]).valid).toBe(true);
    expect(validateQuestionSet({ count: 1, results: [good] }).valid).toBe(true);
  });

  it('accepts the Signalen codes question_header and text_area_input', () => {
    const result = validateQuestionSet([
      { key: 'h', field_type: 'question_header', meta: { label: 'Kop' } },
      { key: 't', field_type: 'text_area_input', meta: { label: 'Toelichting' } },
    ]);
    expect(result.errors).toEqual([]);
  });

  it('asks a label of question_header and text_area_input, as of header and textarea_input', () => {
    const result = validateQuestionSet([
      { key: 'h', field_type: 'question_header', meta: {} },
      { key: 't', field_type: 'text_area_input', meta: {} },
    ]);
    expect(result.errors).toEqual([
      { key: 'h', pointer: '/0/meta', message: '"label" is missing' },
      { key: 't', pointer: '/1/meta', message: '"label" is missing' },
    ]);
  });

  it('reports every error with file, key, JSON pointer and message', () => {
    const result = validateQuestionSet(
      {
        questions: [
          good,
          { key: 'r', field_type: 'radio_input', meta: { label: 'Kies' } },
          { key: 'x', field_type: 'slider', meta: { label: 'Schuif' } },
          { key: 'n', field_type: 'plain_text', meta: { type: 'warning', value: 'Let op' } },
        ],
      },
      { file: 'afval.json' },
    );
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { file: 'afval.json', key: 'r', pointer: '/questions/1/meta', message: '"values" is missing' },
        expect.objectContaining({ file: 'afval.json', key: 'x', pointer: '/questions/2/field_type' }),
        expect.objectContaining({ key: 'n', pointer: '/questions/3/meta/type', message: 'must be one of "info", "alert", "caution", "url"' }),
      ]),
    );
    expect(formatQuestionSetError(result.errors[0])).toBe('afval.json [r] /questions/1/meta: "values" is missing');
  });

  it('requires endpoint and feature types for asset selects', () => {
    const result = validateQuestionSet([{ key: 'a', field_type: 'asset_select', meta: { label: 'Kies' } }]);
    expect(result.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining(['"endpoint" is missing', '"featureTypes" is missing']),
    );
  });

  it('rejects an unknown validator and a validator with a wrong argument', () => {
    const result = validateQuestionSet([
      { key: 'a', field_type: 'text_input', meta: { label: 'A', validators: ['isPositive', ['maxLength', 'tien']] } },
    ]);
    expect(result.errors.map((e) => e.pointer)).toEqual(['/0/meta/validators/0', '/0/meta/validators/1']);
  });

  it('rejects an invalid regular expression and an unknown JSON Logic operator', () => {
    const result = validateQuestionSet([
      { key: 'a', field_type: 'text_input', meta: { label: 'A', validators: [['pattern', '([a-z']], visibleIf: { eval: ['x'] } } },
    ]);
    expect(result.errors).toEqual([
      { key: 'a', pointer: '/0/meta/validators/0/1', message: 'is not a valid regular expression' },
      { key: 'a', pointer: '/0/meta/visibleIf/eval', message: 'unknown JSON Logic operator "eval"' },
    ]);
  });

  it('rejects a malformed condition block', () => {
    const result = validateQuestionSet([notice({ ifOneOf: { x: { nested: 'no' } } })]);
    expect(result.errors).toEqual([{ key: 'n', pointer: '/0/meta/ifOneOf/x', message: 'must be a value, a list of values, or a nested ifOneOf / ifAllOf block' }]);
  });

  it('says what shape it expected when the input is no question set', () => {
    expect(validateQuestionSet('hallo').errors[0].message).toMatch(/expected an array of questions/);
  });
});

function notice(meta: Record<string, unknown>) {
  return { key: 'n', field_type: 'plain_text', meta: { type: 'info', value: 'Let op', ...meta } };
}
