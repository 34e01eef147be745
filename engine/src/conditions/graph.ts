import { ANY_KEY } from './model.ts';

export interface GraphNode {
  key: string;
  deps: ReadonlySet<string>;
}

/**
 * Which questions depend on which answers, in an order that evaluates every
 * question after the questions it reads. Questions that read each other
 * (directly or through others) form one unit, evaluated together.
 */
export interface DependencyGraph {
  /** Units of question indices, dependencies first. */
  units: number[][];
  /** Unit index of each question. */
  unitOf: number[];
  /** Whether a unit is a cycle (more than one question, or one that reads its own key). */
  cyclic: boolean[];
  /** Units that read a given answer key. */
  dependentsOf(key: string): readonly number[];
  /** Units that may read any answer. */
  readsAnyKey: readonly number[];
  /** Question keys that take part in a cycle. */
  cycleKeys: string[];
}

export function buildDependencyGraph(nodes: readonly GraphNode[]): DependencyGraph {
  const byKey = new Map<string, number[]>();
  nodes.forEach((n, i) => {
    const list = byKey.get(n.key);
    if (list) list.push(i);
    else byKey.set(n.key, [i]);
  });
  // Edges from a question to the questions that read its key.
  const readers: number[][] = nodes.map(() => []);
  nodes.forEach((n, i) => {
    const sources = n.deps.has(ANY_KEY) ? nodes.map((_, j) => j) : [...n.deps].flatMap((d) => byKey.get(d) ?? []);
    for (const j of sources) readers[j].push(i);
  });

  // Tarjan's algorithm, iterative; it emits units dependents first.
  const index = new Array<number>(nodes.length).fill(-1);
  const low = new Array<number>(nodes.length).fill(0);
  const onStack = new Array<boolean>(nodes.length).fill(false);
  const stack: number[] = [];
  const emitted: number[][] = [];
  let counter = 0;
  for (let start = 0; start < nodes.length; start++) {
    if (index[start] !== -1) continue;
    const work: [number, number][] = [[start, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [v, edge] = frame;
      if (edge === 0 && index[v] === -1) {
        index[v] = low[v] = counter++;
        stack.push(v);
        onStack[v] = true;
      }
      if (edge < readers[v].length) {
        frame[1]++;
        const w = readers[v][edge];
        if (index[w] === -1) work.push([w, 0]);
        else if (onStack[w]) low[v] = Math.min(low[v], index[w]);
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low[parent] = Math.min(low[parent], low[v]);
      }
      if (low[v] === index[v]) {
        const unit: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = false;
          unit.push(w);
        } while (w !== v);
        emitted.push(unit.sort((a, b) => a - b));
      }
    }
  }
  const units = emitted.reverse();
  const unitOf = new Array<number>(nodes.length);
  units.forEach((unit, u) => unit.forEach((q) => (unitOf[q] = u)));
  const cyclic = units.map((unit) => unit.length > 1 || readers[unit[0]].includes(unit[0]));

  const dependents = new Map<string, number[]>();
  const readsAnyKey: number[] = [];
  nodes.forEach((n, i) => {
    const u = unitOf[i];
    if (n.deps.has(ANY_KEY) && !readsAnyKey.includes(u)) readsAnyKey.push(u);
    for (const d of n.deps) {
      if (d === ANY_KEY) continue;
      const list = dependents.get(d);
      if (!list) dependents.set(d, [u]);
      else if (!list.includes(u)) list.push(u);
    }
  });
  const cycleKeys = [...new Set(units.filter((_, u) => cyclic[u]).flat().map((q) => nodes[q].key))];
  return {
    units,
    unitOf,
    cyclic,
    dependentsOf: (key) => dependents.get(key) ?? [],
    readsAnyKey,
    cycleKeys,
  };
}
