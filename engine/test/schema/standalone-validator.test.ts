import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  GENERATED_VALIDATOR,
  QUESTION_SET_SCHEMA,
  generateQuestionSetSchema,
  generateQuestionValidator,
} from '../../src/schema/generate-validator.node.ts';

describe('generated schema files (regenerate with npm run schema:generate)', () => {
  it('question-set.schema.json carries the field types, required meta and validators of the engine’s tables', () => {
    expect(readFileSync(QUESTION_SET_SCHEMA, 'utf8')).toBe(generateQuestionSetSchema());
  });

  it('the precompiled question validator is generated from the current schema', () => {
    expect(readFileSync(GENERATED_VALIDATOR, 'utf8')).toBe(generateQuestionValidator());
  });

  it('the precompiled validator needs no eval and no require at run time', () => {
    const code = readFileSync(GENERATED_VALIDATOR, 'utf8');
    expect(code).not.toMatch(/\brequire\(|new Function|\beval\(/);
  });
});
