import { describe, expect, it } from 'vitest';
import { answerAtoms, buildDependencyGraph, compileVisibility, type Question } from '../../src/index.ts';

describe('answerAtoms', () => {
  it('reads ids, values and texts; missing answers are null', () => {
    expect(answerAtoms({ id: 'ja', label: 'Ja' })).toEqual(['ja']);
    expect(answerAtoms([{ id: 'a' }, { id: 'b' }])).toEqual(['a', 'b']);
    expect(answerAtoms({ label: 'Akkoord', value: true })).toEqual([true]);
    expect(answerAtoms('tekst')).toEqual(['tekst']);
    expect(answerAtoms(undefined)).toBeNull();
    expect(answerAtoms('  ')).toBeNull();
    expect(answerAtoms([])).toBeNull();
  });
});

describe('dependency graph', () => {
  const node = (key: string, meta: Question['meta'] = {}) => ({ key, deps: compileVisibility({ key, field_type: 'text_input', meta }).deps });

  it('records which answers a question reads, through nesting and JSON Logic', () => {
    const { deps } = node('x', { ifAllOf: { subcategory: 's', ifOneOf: { a: 'ja' } }, visibleIf: { '==': [{ var: 'b.id' }, 'nee'] } });
    expect([...deps].sort()).toEqual(['a', 'b', 'subcategory']);
  });

  it('orders questions after the questions they read, and names the units that read a key', () => {
    const graph = buildDependencyGraph([node('c', { ifOneOf: { b: 'ja' } }), node('b', { ifOneOf: { a: 'ja' } }), node('a')]);
    const order = graph.units.flat();
    expect(order.indexOf(2)).toBeLessThan(order.indexOf(1));
    expect(order.indexOf(1)).toBeLessThan(order.indexOf(0));
    expect(graph.dependentsOf('a')).toEqual([graph.unitOf[1]]);
    expect(graph.cycleKeys).toEqual([]);
  });

  it('finds cycles, including a question that reads its own answer', () => {
    const graph = buildDependencyGraph([
      node('p', { ifOneOf: { q: 'ja' } }),
      node('q', { ifOneOf: { p: 'ja' } }),
      node('r', { ifOneOf: { r: 'ja' } }),
      node('s'),
    ]);
    expect(graph.cycleKeys.sort()).toEqual(['p', 'q', 'r']);
  });
});
