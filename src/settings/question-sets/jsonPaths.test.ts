/** The JSON editor's knowledge of the text: where a finding's path is, and what completion offers where. */
import { json } from '@codemirror/lang-json';
import { EditorState } from '@codemirror/state';
import { FIELD_TYPES } from '@meldloket/engine';
import { describe, expect, it } from 'vitest';
import { cursorContext, pointerRange } from './jsonPaths.ts';
import { completionsAt } from './schemaCompletion.ts';

const TEXT = `{
  "title": "Wrakken",
  "questions": [
    { "key": "a", "field_type": "radio_input", "meta": { "label": "A", "ifOneOf": { "b": "ja" } } },
    { "key": "b", "field_type": "text_input", "meta": {} }
  ]
}`;
const state = (doc = TEXT) => EditorState.create({ doc, extensions: [json()] });
const at = (doc: string, marker = '|') => ({ state: state(doc.replace(marker, '')), pos: doc.indexOf(marker) });

describe('pointerRange', () => {
  it('finds a property name, an array item and a nested condition; stops at the deepest part that exists', () => {
    const s = state();
    const text = (r: { from: number; to: number }) => s.sliceDoc(r.from, r.to);
    expect(text(pointerRange(s, '/questions/1/meta'))).toBe('"meta"');
    expect(text(pointerRange(s, '/questions/0/meta/ifOneOf/b'))).toBe('"b"');
    expect(text(pointerRange(s, '/questions/1'))).toMatch(/^\{ "key": "b"/);
    expect(text(pointerRange(s, '/questions/1/meta/values'))).toBe('"meta"');
    expect(pointerRange(s, '').from).toBe(0);
  });
});

describe('completion from the question-set schema', () => {
  it('offers a question’s keys, meta’s keys and the twenty field types where the cursor is', () => {
    const question = at(`{ "questions": [ { "key": "a", | } ] }`);
    const context = cursorContext(question.state, question.pos);
    expect(context).toEqual({ kind: 'name', path: ['questions', 0] });
    expect(completionsAt(context!).map((c) => c.label)).toEqual(['"key"', '"field_type"', '"required"', '"meta"']);

    const inMeta = at(`{ "questions": [ { "key": "a", "meta": { "lab| } } ] }`);
    const metaContext = cursorContext(inMeta.state, inMeta.pos)!;
    expect(metaContext).toEqual({ kind: 'name', path: ['questions', 0, 'meta'] });
    expect(completionsAt(metaContext).map((c) => c.label)).toContain('"ifOneOf"');

    const type = at(`{ "questions": [ { "key": "a", "field_type": "ra| } ] }`);
    const typeContext = cursorContext(type.state, type.pos)!;
    expect(typeContext).toEqual({ kind: 'value', path: ['questions', 0, 'field_type'] });
    expect(completionsAt(typeContext).map((c) => c.label)).toEqual(FIELD_TYPES.map((t) => `"${t}"`));
    expect(FIELD_TYPES).toHaveLength(20);
  });
});
