import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { publishable, questionSetFindings } from '../../src/index.ts';

const radio = (key: string, meta: Record<string, unknown> = {}) => ({ key, field_type: 'radio_input', meta: { label: key, values: { ja: 'Ja', nee: 'Nee' }, ...meta } });
const text = (document: unknown) => JSON.stringify(document, null, 2);

describe('questionSetFindings (the studio’s findings, docs/studio-api.md)', () => {
  it('says a syntax error in Dutch, alone', () => {
    const findings = questionSetFindings('{"questions": [');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ path: '', kind: 'syntax', severity: 'error' });
    expect(findings[0]!.message).toMatch(/^De tekst is geen geldige JSON/);
  });

  it('puts a schema error at its JSON path in the document, in Dutch', () => {
    const findings = questionSetFindings(text({ questions: [radio('a'), { key: 'b', field_type: 'radio_input', meta: { label: 'B' } }, { ...radio('c'), colour: 'rood' }] }));
    expect(findings).toContainEqual({ path: '/questions/1/meta', kind: 'schema', severity: 'error', message: '"values" ontbreekt' });
    expect(findings).toContainEqual({ path: '/questions/2', kind: 'schema', severity: 'error', message: 'onbekende eigenschap "colour"' });
    expect(publishable(findings)).toBe(false);
  });

  it('puts the linter’s findings at the question’s condition: unknown keys, impossible values, cycles, never-visible', () => {
    const findings = questionSetFindings(
      text({
        questions: [
          radio('a'),
          radio('b', { ifOneOf: { a: 'misschien' } }),
          radio('c', { ifOneOf: { zz: 'ja' } }),
          radio('p', { ifOneOf: { q: 'ja' } }),
          radio('q', { ifOneOf: { p: 'ja' } }),
          radio('n', { ifAllOf: { a: ['ja', 'nee'] } }),
        ],
      }),
    );
    expect(findings).toContainEqual(expect.objectContaining({ path: '/questions/1/meta/ifOneOf/a', kind: 'lint', severity: 'error', message: expect.stringContaining('de voorwaarde test "a" op "misschien"') }));
    expect(findings).toContainEqual(expect.objectContaining({ path: '/questions/2/meta/ifOneOf/zz', kind: 'lint', message: 'de voorwaarde verwijst naar de onbekende vraag "zz"' }));
    expect(findings).toContainEqual(expect.objectContaining({ path: '/questions/3', kind: 'lint', severity: 'error', message: 'de zichtbaarheid hangt via een kring van vragen van zichzelf af: p, q' }));
    expect(findings).toContainEqual(expect.objectContaining({ path: '/questions/5', kind: 'lint', message: 'deze vraag wordt nooit getoond, wat de antwoorden ook zijn' }));
  });

  it('finds nothing in the bundled question sets', () => {
    const dir = new URL('../../../question-sets/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('categories'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const findings = questionSetFindings(readFileSync(new URL(file, dir), 'utf8'));
      expect(findings.filter((f) => f.severity === 'error'), file).toEqual([]);
    }
  });
});
