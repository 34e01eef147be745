/**
 * Where a JSON pointer is in the editor's text, and which path the cursor is at, read from
 * CodeMirror's JSON syntax tree (@codemirror/lang-json): the findings' paths become
 * underlines, and completion knows which part of the question-set schema the cursor is in.
 */
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';

type SyntaxNode = ReturnType<typeof syntaxTree>['topNode'];

const VALUE = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

function tree(state: EditorState) {
  return ensureSyntaxTree(state, state.doc.length, 2000) ?? syntaxTree(state);
}

function children(node: SyntaxNode): SyntaxNode[] {
  const list: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) list.push(child);
  return list;
}

const nameOf = (state: EditorState, property: SyntaxNode): string | undefined => {
  const name = property.getChild('PropertyName');
  if (!name) return undefined;
  const raw = state.sliceDoc(name.from, name.to);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
};

const valueOf = (property: SyntaxNode): SyntaxNode | undefined => children(property).find((c) => VALUE.has(c.name));

const unescape = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

/** The text range a JSON pointer names: a property's name, an array item's first line; the deepest part found. */
export function pointerRange(state: EditorState, pointer: string): { from: number; to: number } {
  const top = tree(state).topNode;
  const first = children(top).find((c) => VALUE.has(c.name));
  if (!first) return { from: 0, to: Math.min(state.doc.length, 1) };
  let node: SyntaxNode = first;
  let range = { from: node.from, to: Math.min(node.to, state.doc.lineAt(node.from).to) };
  for (const part of pointer.split('/').slice(1).map(unescape)) {
    if (node.name === 'Object') {
      const property: SyntaxNode | undefined = node.getChildren('Property').find((p) => nameOf(state, p) === part);
      const value: SyntaxNode | undefined = property && valueOf(property);
      if (!property || !value) break;
      const name = property.getChild('PropertyName')!;
      range = { from: name.from, to: name.to };
      node = value;
    } else if (node.name === 'Array') {
      const item: SyntaxNode | undefined = children(node).filter((c) => VALUE.has(c.name))[Number(part)];
      if (!item) break;
      range = { from: item.from, to: Math.min(item.to, state.doc.lineAt(item.from).to) };
      node = item;
    } else break;
  }
  return range.to > range.from ? range : { from: range.from, to: Math.min(state.doc.length, range.from + 1) };
}

export type JsonPath = Array<string | number>;

/**
 * What the cursor at `pos` is writing: a property name inside the object at `path`, or the value
 * at `path` (a property's value or an array item).
 */
export function cursorContext(state: EditorState, pos: number): { kind: 'name' | 'value'; path: JsonPath } | null {
  const before = state.sliceDoc(Math.max(0, pos - 200), pos).replace(/"?[\w$]*$/, '');
  const last = before.trimEnd().slice(-1);
  if (!['{', ',', ':', '['].includes(last)) return null;
  const at = pos - (state.sliceDoc(Math.max(0, pos - 200), pos).length - before.trimEnd().length);
  // the innermost object or array around the punctuation
  let node: SyntaxNode | null = tree(state).resolveInner(at, -1);
  while (node && node.name !== 'Object' && node.name !== 'Array') node = node.parent;
  if (!node) return null;
  const path = pathOf(state, node);
  if (node.name === 'Array') return { kind: 'value', path: [...path, 0] };
  if (last === ':') {
    const property = node.getChildren('Property').filter((p) => p.from < at).pop();
    const name = property && nameOf(state, property);
    return name === undefined ? null : { kind: 'value', path: [...path, name] };
  }
  return { kind: 'name', path };
}

/** The path from the document's top to a value node. */
function pathOf(state: EditorState, node: SyntaxNode): JsonPath {
  const path: JsonPath = [];
  let current: SyntaxNode = node;
  for (let parent = current.parent; parent; current = parent, parent = parent.parent) {
    if (parent.name === 'Property') {
      const name = nameOf(state, parent);
      if (name !== undefined) path.unshift(name);
    } else if (parent.name === 'Array') {
      path.unshift(children(parent).filter((c) => VALUE.has(c.name)).findIndex((c) => c.from === current.from));
    }
  }
  return path;
}
