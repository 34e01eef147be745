import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_VALIDATOR, generateQuestionValidator } from '../../src/schema/generate-validator.node.ts';

describe('precompiled question validator', () => {
  it('is generated from the current question-set schema (regenerate with generate-validator.node.ts)', () => {
    expect(readFileSync(GENERATED_VALIDATOR, 'utf8')).toBe(generateQuestionValidator());
  });

  it('needs no eval and no require at run time', () => {
    const code = readFileSync(GENERATED_VALIDATOR, 'utf8');
    expect(code).not.toMatch(/\brequire\(|new Function|\beval\(/);
  });
});
