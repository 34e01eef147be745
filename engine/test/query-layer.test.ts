/**
 * One data layer for the screens (docs/architecture.md, 'Data on screens'): a screen reads the API
 * through TanStack Query (a feature's queries.ts), never by calling the API client from an effect.
 * The check parses every module of src/ (TypeScript's own parser, so comments, strings and
 * formatting do not fool it): a `useEffect`/`useLayoutEffect` callback that uses the client that
 * `useApi()` gave the component (`api.get(…)`, `incidentApi(api)…`, `fetchSomething(api)`), or a value
 * made from it (`const store = useMemo(() => textsStore(api), …)`), is a hand-written read. No
 * module does: the first page's reads go through `useLateQuery` (src/api/late-query.ts).
 * A write goes through the mutation cache too (useWrite / useAction, src/api/write.ts, or a kit
 * built on them: useSubmit, useSave): no screen keeps its own 'busy' flag for a call it sends.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function modules(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return modules(rel);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories|test-data)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

const isCall = (node: ts.Node, name: string): node is ts.CallExpression =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name;

/** The effects of `code` that use a client from `useApi()`: one line number each. */
export function effectsReadingTheApi(code: string, file = 'x.tsx'): number[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const clients = new Set<string>();
  const effects: ts.Node[] = [];
  // a use of a client: an identifier of that name that is not a property name (`x.api`, `{ api: … }`)
  const usesClient = (root: ts.Node) => {
    let uses = false;
    const look = (node: ts.Node) => {
      if (ts.isIdentifier(node) && clients.has(node.text) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) && !(ts.isPropertyAssignment(node.parent) && node.parent.name === node)) uses = true;
      if (!uses) ts.forEachChild(node, look);
    };
    look(root);
    return uses;
  };
  // a value made from a client is one too (`const store = useMemo(() => textsStore(api), …)`,
  // `const load = () => api.get(…)`), but not what a hook of the query layer gives (`useQuery({ queryFn: … })`)
  const madeFromClient = (init: ts.Expression) =>
    !(ts.isCallExpression(init) && ts.isIdentifier(init.expression) && /^use/.test(init.expression.text) && !['useMemo', 'useCallback'].includes(init.expression.text)) && usesClient(init);
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && (isCall(node.initializer, 'useApi') || madeFromClient(node.initializer))) clients.add(node.name.text);
    if ((isCall(node, 'useEffect') || isCall(node, 'useLayoutEffect')) && node.arguments[0]) effects.push(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  const lines: number[] = [];
  for (const effect of effects) if (usesClient(effect)) lines.push(source.getLineAndCharacterOfPosition(effect.getStart()).line + 1);
  return lines;
}

describe('screens read the API through the query layer', () => {
  const found = Object.fromEntries(
    modules('src')
      .map((file) => [file, effectsReadingTheApi(readFileSync(path.join(root, file), 'utf8'), file)] as const)
      .filter(([, lines]) => lines.length > 0),
  );

  it('no module calls the API client from an effect', () => {
    const offenders = Object.entries(found).map(([file, lines]) => `${file}:${lines.join(',')}`);
    expect(offenders, 'read through a feature’s queries.ts (useQuery), see docs/architecture.md#data-on-screens-tanstack-query').toEqual([]);
  });

  it('recognises the ways a read is written in an effect, and not a read through a query', () => {
    const screen = (body: string) => `function S() {\n  const api = useApi();\n  ${body}\n}`;
    expect(effectsReadingTheApi(screen('useEffect(() => { api.get(P).then(set); }, [api]);'))).toEqual([3]);
    expect(effectsReadingTheApi(screen('useEffect(() => { incidentApi(api).detail(1).then(set); }, [api]);'))).toEqual([3]);
    expect(effectsReadingTheApi(screen('useEffect(() => { void (async () => set(await fetchAll(api)))(); }, []);'))).toEqual([3]);
    expect(effectsReadingTheApi(screen('useLayoutEffect(function () { api.request("GET", P); });'))).toEqual([3]);
    // through a value made from the client: a store, a bound call
    expect(effectsReadingTheApi(screen('const store = useMemo(() => textsStore(api, v), [api]);\n  useEffect(() => { store.load(sub).then(set); }, [store]);'))).toEqual([4]);
    expect(effectsReadingTheApi(screen('const load = () => api.get(P);\n  useEffect(() => { load().then(set); }, []);'))).toEqual([4]);
    // through the query layer, or an effect that does not touch the client
    expect(effectsReadingTheApi(screen('const q = useQuery({ queryKey: K, queryFn: () => api.get(P) });\n  useEffect(() => { if (q.error) show(q.error); }, [q.error]);'))).toEqual([]);
    expect(effectsReadingTheApi(screen('useEffect(() => { const o = { api: 1 }; log(o.api); }, []);'))).toEqual([]);
  });
});

describe('screens write the API through the query layer', () => {
  // a flag of the screen's own for a call under way: `const [busy, setBusy] = useState(false)`
  const ownFlag = /const \[(busy|sending|saving|submitting|pending|working|uploading)\w*, set\w+\] = useState\b/;
  // not a write of the API: the identity provider's redirect, the device's position, a file downloaded
  const NOT_A_WRITE = new Set(['src/auth/LoginPage.tsx', 'src/map/MyLocationButton.tsx', 'src/manage/incident/PdfButton.tsx', 'src/manage/overview/ExportButton.tsx']);

  it('no screen keeps its own busy flag for a write (useWrite, useAction, useSubmit or useSave do)', () => {
    const offenders = modules('src').filter((file) => !NOT_A_WRITE.has(file) && ownFlag.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offenders, 'send it with useWrite/useAction (src/api/write.ts), see docs/architecture.md#data-on-screens-tanstack-query').toEqual([]);
  });

  it('finds such a flag, and the exceptions are still there', () => {
    expect(ownFlag.test('  const [busy, setBusy] = useState(false);')).toBe(true);
    expect(ownFlag.test('  const [sending, setSending] = useState<boolean>(false);')).toBe(true);
    expect(ownFlag.test('  const { run, busy } = useAction();')).toBe(false);
    for (const file of NOT_A_WRITE) expect(ownFlag.test(readFileSync(path.join(root, file), 'utf8')), file).toBe(true);
  });
});
