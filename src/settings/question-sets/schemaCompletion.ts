/**
 * Completion in the studio's JSON editor from the question-set schema (engine/schema, derived from
 * the engine's field-type table): property names with their descriptions where the cursor writes a
 * name, the allowed values where it writes a value; the twenty field types for `field_type`.
 */
import type { CompletionContext, CompletionResult, Completion } from '@codemirror/autocomplete';
import { FIELD_TYPES, VALIDATOR_NAMES } from '@meldloket/engine';
import schema from '@meldloket/engine/schema/question-set.schema.json';
import { cursorContext, type JsonPath } from './jsonPaths.ts';

type Node = { $ref?: string; properties?: Record<string, Node>; items?: Node; enum?: unknown[]; const?: unknown; description?: string; type?: string | string[]; anyOf?: Node[]; oneOf?: Node[] };
const defs = (schema as unknown as { $defs: Record<string, Node> }).$defs;

const resolve = (node: Node | undefined): Node | undefined => (node?.$ref ? defs[node.$ref.replace('#/$defs/', '')] : node);

/** The schema of the value at `path` in a question-set file. */
export function schemaAt(path: JsonPath): Node | undefined {
  let node = resolve(defs.questionSetFile);
  for (const part of path) {
    if (!node) return undefined;
    if (typeof part === 'number') node = resolve(node.items);
    else node = resolve(node.properties?.[part]);
  }
  return node;
}

/** The completions at a context: names (quoted, with ': ') or values. */
export function completionsAt(context: { kind: 'name' | 'value'; path: JsonPath }): Completion[] {
  const { kind, path } = context;
  if (kind === 'name') {
    const node = schemaAt(path);
    return Object.entries(node?.properties ?? {}).map(([name, property]) => ({ label: `"${name}"`, apply: `"${name}": `, type: 'property', info: resolve(property)?.description ?? property.description }));
  }
  const last = path[path.length - 1];
  if (last === 'field_type') return FIELD_TYPES.map((type) => ({ label: `"${type}"`, type: 'enum' }));
  if (path[path.length - 2] === 'validators') return VALIDATOR_NAMES.map((name) => ({ label: `"${name}"`, type: 'enum' }));
  const node = schemaAt(path);
  const values = node?.enum ?? (node?.const !== undefined ? [node.const] : node?.type === 'boolean' ? [true, false] : []);
  return values.map((value) => ({ label: JSON.stringify(value), type: 'enum' }));
}

export function questionSetCompletion(context: CompletionContext): CompletionResult | null {
  const word = context.matchBefore(/"?[\w$]*/);
  if (!word || (word.from === word.to && !context.explicit)) return null;
  const at = cursorContext(context.state, context.pos);
  if (!at) return null;
  const options = completionsAt(at);
  if (options.length === 0) return null;
  // a closing quote the editor added after the cursor is replaced too
  const to = context.state.sliceDoc(context.pos, context.pos + 1) === '"' && word.text.startsWith('"') ? context.pos + 1 : context.pos;
  return { from: word.from, to, options, validFor: /^"?[\w$]*"?$/ };
}
