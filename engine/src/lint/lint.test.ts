import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatLintProblem, lintQuestionSet, type LintProblem } from './index.ts';
import { main } from './cli.ts';
import { corpusDefinitions } from '../../test/corpus/corpus.ts';
import type { Question } from '../schema/types.ts';

const corpus = corpusDefinitions();

const radio = (key: string, values: string[], meta: Question['meta'] = {}): Question => ({
  key,
  field_type: 'radio_input',
  required: true,
  meta: { label: key, values: Object.fromEntries(values.map((v) => [v, v])), ...meta },
});
const text = (key: string, meta: Question['meta'] = {}): Question => ({ key, field_type: 'text_input', meta: { label: key, ...meta } });

const rules = (problems: LintProblem[]) => problems.map((p) => `${p.key}:${p.rule}`);

describe('question-set linter', () => {
  it('finds nothing wrong in a sound set', () => {
    const set = { questions: [radio('extra_a', ['ja', 'nee']), text('extra_b', { ifOneOf: { extra_a: 'ja' } })] };
    expect(lintQuestionSet(set)).toEqual([]);
  });

  it('reports schema errors with file and key', () => {
    const problems = lintQuestionSet({ questions: [{ key: 'extra_x', field_type: 'no_such_type', meta: {} }] }, { file: 'question-sets/x.json' });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ file: 'question-sets/x.json', key: 'extra_x', rule: 'schema', severity: 'error' });
  });

  it('reports duplicate keys', () => {
    expect(rules(lintQuestionSet({ questions: [text('extra_a'), text('extra_a')] }))).toEqual(['extra_a:duplicate-key']);
  });

  it('reports a condition on a key no question has (and that the question can never show)', () => {
    const problems = lintQuestionSet({ questions: [text('extra_b', { ifAllOf: { extra_missing: 'ja' } })] });
    expect(rules(problems)).toEqual(['extra_b:unknown-key', 'extra_b:never-visible']);
    expect(problems[0].message).toContain('"extra_missing"');
    expect(problems[0].pointer).toBe('/meta/ifAllOf/extra_missing');
  });

  it('reports a visibleIf rule that reads a key no question has', () => {
    const problems = lintQuestionSet({
      questions: [radio('extra_a', ['ja']), text('extra_b', { visibleIf: { and: [{ '==': [{ var: 'extra_a.id' }, 'ja'] }, { var: 'extra_zz' }] } })],
    });
    expect(rules(problems)).toEqual(['extra_b:unknown-key']);
    expect(problems[0].message).toBe('visibleIf reads unknown key "extra_zz"');
  });

  it('reports a condition value the referenced question cannot take', () => {
    const problems = lintQuestionSet({ questions: [radio('extra_a', ['ja', 'nee']), text('extra_b', { ifOneOf: { extra_a: ['ja', 'misschien'] } })] });
    expect(rules(problems)).toEqual(['extra_b:impossible-value']);
    expect(problems[0].message).toContain('"misschien"');
  });

  it('reports a condition on a question that takes no answer', () => {
    const header: Question = { key: 'kop', field_type: 'question_header', meta: { label: 'Kop' } };
    expect(rules(lintQuestionSet({ questions: [header, text('extra_b', { ifOneOf: { kop: 'x' } })] }))).toEqual([
      'extra_b:impossible-value',
      'extra_b:never-visible',
    ]);
  });

  it('reports dependency cycles', () => {
    const problems = lintQuestionSet({
      questions: [radio('extra_a', ['ja'], { ifOneOf: { extra_b: 'ja' } }), radio('extra_b', ['ja'], { ifOneOf: { extra_a: 'ja' } })],
    });
    expect(problems.filter((p) => p.rule === 'cycle')).toHaveLength(1);
    expect(problems.find((p) => p.rule === 'cycle')?.message).toContain('extra_a, extra_b');
  });

  it('reports a question that needs two different subcategories at once through the question it depends on', () => {
    const problems = lintQuestionSet({
      questions: [
        radio('extra_a', ['ja', 'nee'], { ifOneOf: { subcategory: 'geluid' } }),
        text('extra_b', { ifAllOf: { subcategory: 'stank', extra_a: 'ja' } }),
      ],
    });
    expect(rules(problems)).toEqual(['extra_b:never-visible']);
  });

  it('does not call a question unreachable when one branch of ifOneOf can hold', () => {
    const problems = lintQuestionSet({
      questions: [radio('extra_a', ['ja', 'nee']), text('extra_b', { ifOneOf: { extra_missing: 'ja', extra_a: 'nee' } })],
    });
    expect(rules(problems)).toEqual(['extra_b:unknown-key']);
  });

  it('needs all values of an ifAllOf list from a checkbox list, but only one radio value', () => {
    const checkbox: Question = { key: 'extra_c', field_type: 'checkbox_input', meta: { label: 'C', values: { a: 'A', b: 'B' } } };
    const ok = lintQuestionSet({ questions: [checkbox, text('extra_d', { ifAllOf: { extra_c: ['a', 'b'] } })] });
    expect(ok).toEqual([]);
    const never = lintQuestionSet({ questions: [radio('extra_r', ['a', 'b']), text('extra_d', { ifAllOf: { extra_r: ['a', 'b'] } })] });
    expect(rules(never)).toEqual(['extra_d:never-visible']);
  });

  it('analyses long chains of alternatives without blowing up, and finds the contradiction at their end', () => {
    const chain: Question[] = [radio('q0', ['a', 'b'], { ifOneOf: { subcategory: 'geluid' } }), radio('q1', ['a', 'b'])];
    for (let i = 2; i < 150; i++) chain.push(radio(`q${i}`, ['a', 'b'], { ifOneOf: { [`q${i - 1}`]: 'a', [`q${i - 2}`]: 'b' } }));
    chain.push(text('extra_end', { ifAllOf: { q149: 'a', subcategory: 'stank', q0: 'a' } }));
    expect(rules(lintQuestionSet({ questions: chain }))).toEqual(['extra_end:never-visible']);
  }, 30_000);

  it('reports pathMerge on a display-only type and a blocking notice without text', () => {
    const notice: Question = { key: 'stop', field_type: 'plain_text', meta: { type: 'alert', value: '  ', validators: ['isBlocking'] } };
    const header: Question = { key: 'kop', field_type: 'header', meta: { label: 'Kop', pathMerge: 'extra_properties' } };
    expect(rules(lintQuestionSet({ questions: [notice, header] }))).toEqual(['stop:blocking-without-text', 'kop:path-merge-display']);
  });

  it('formats a problem as file, key and problem', () => {
    const [problem] = lintQuestionSet({ questions: [text('extra_a'), text('extra_a')] }, { file: 'question-sets/afval.json' });
    expect(formatLintProblem(problem)).toBe('question-sets/afval.json extra_a: error: duplicate key: question 1 has the same key [duplicate-key]');
  });
});

describe('linter on the Signalen corpus', () => {
  const neverVisible = Object.entries(corpus).flatMap(([file, questions]) =>
    lintQuestionSet(questions, { file })
      .filter((p) => p.rule === 'never-visible')
      .map((p) => `${p.file}.${p.key}`),
  );

  it("reports exactly the corpus's three never-visible questions", () => {
    expect(neverVisible.sort()).toEqual([
      'overlast-bedrijven-en-horeca.extra_bedrijven_horeca_personen',
      'overlast-van-en-door-personen-of-groepen.extra_personen_overig_vaker_momenten',
      'wonen.extra_wonen_verhuurderschap_servicekosten_toelichting_ja',
    ]);
  });

  it('reports the two references to keys that do not exist', () => {
    const unknown = Object.entries(corpus).flatMap(([file, questions]) =>
      lintQuestionSet(questions, { file })
        .filter((p) => p.rule === 'unknown-key')
        .map((p) => `${p.file}.${p.key}`),
    );
    expect(unknown.sort()).toEqual([
      'overlast-van-en-door-personen-of-groepen.extra_personen_overig_vaker_momenten',
      'wonen.extra_wonen_verhuurderschap_servicekosten_toelichting_ja',
    ]);
  });
});

describe('questions:check command', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'questions-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints file, key and problem per line and exits non-zero on an error', () => {
    writeFileSync(path.join(dir, 'goed.json'), JSON.stringify({ questions: [radio('extra_a', ['ja'])] }));
    writeFileSync(path.join(dir, 'tree.json'), JSON.stringify({ $schema: './categories.schema.json', categories: [] }));
    writeFileSync(path.join(dir, 'fout.json'), JSON.stringify({ questions: [text('extra_b', { ifOneOf: { extra_x: 'ja' } })] }));
    const lines: string[] = [];
    const code = main([dir], (line) => lines.push(line));
    expect(code).toBe(1);
    expect(lines.some((l) => /fout\.json extra_b: error: condition refers to unknown key "extra_x"/.test(l))).toBe(true);
    expect(lines.some((l) => l.includes('goed.json'))).toBe(false);
    expect(lines.at(-1)).toMatch(/2 file\(s\), 2 error\(s\), 0 warning\(s\) \(1 other JSON file\(s\) skipped: .*tree\.json\)/);
  });

  it('exits 0 when every file is sound', () => {
    rmSync(path.join(dir, 'fout.json'));
    const lines: string[] = [];
    rmSync(path.join(dir, 'tree.json'));
    expect(main([dir], (line) => lines.push(line))).toBe(0);
    expect(lines).toEqual(['questions:check: 1 file(s), 0 error(s), 0 warning(s)']);
  });
});
