/**
 * docs/architecture.md's folder tables match the code: every folder of engine/src and of server/src is
 * named in its table, and every folder a table names exists. A newcomer reads the tables first; a
 * folder added, moved or removed without them fails here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** The first table after `heading`: the folders its first column names (`name/`), each once. */
function foldersOfTable(heading: string): string[] {
  const start = doc.indexOf(heading);
  if (start < 0) throw new Error(`docs/architecture.md has no '${heading}'`);
  const lines = doc.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows = lines.slice(first);
  const table = rows.slice(0, rows.findIndex((line) => !line.startsWith('|')));
  const firstColumn = table.slice(2).map((row) => row.split('|')[1] ?? '');
  return [...new Set(firstColumn.flatMap((cell) => [...cell.matchAll(/`([\w-]+)\/`/g)].map((m) => m[1]!)))];
}

const foldersIn = (dir: string) =>
  readdirSync(path.join(root, dir))
    .filter((name) => statSync(path.join(root, dir, name)).isDirectory())
    .sort();

describe("docs/architecture.md's folder tables", () => {
  it.each([
    ['The engine holds two things', 'engine/src'],
    ['## The server: a feature owns its routes, service and queries', 'server/src'],
  ])("'%s' names every folder of %s, and only folders that exist", (heading, dir) => {
    const named = foldersOfTable(heading);
    expect(foldersIn(dir).filter((folder) => !named.includes(folder))).toEqual([]);
    expect(named.filter((folder) => !existsSync(path.join(root, dir, folder))).sort()).toEqual([]);
  });
});
