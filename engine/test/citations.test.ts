/**
 * The reasons live in the repository (docs/reference/README.md): code cites the rules it follows as
 * `docs/…md#anchor`, and every such citation leads somewhere. Fails on a cited page that does not
 * exist, on an anchor the page lacks (an explicit `<a id>` or a heading), and on a citation of what
 * a clone cannot read: a section of a document outside the repository ('contract §11', 'spec §4',
 * a bare '§4') or an issue number. `node scripts/reference/cite.mjs` rewrites the old forms.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const TREES = ['engine', 'renderer', 'src', 'server', 'tests', 'scripts'];
const CODE = /\.(ts|tsx|mts|mjs|js|cjs|css|html)$/;
/** The rewrite script and this test state the old forms on purpose. */
const OWN = new Set(['scripts/reference/cite.mjs', 'engine/test/citations.test.ts']);

function codeFiles(): string[] {
  const files = ['vite.config.ts'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'coverage', 'storybook-static'].includes(entry.name)) walk(rel);
      } else if (CODE.test(entry.name) && !OWN.has(rel)) files.push(rel);
    }
  };
  TREES.forEach(walk);
  return files;
}

/** GitHub's id of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsCache = new Map<string, Set<string>>();
function anchorsOf(page: string): Set<string> {
  let anchors = anchorsCache.get(page);
  if (!anchors) {
    const text = readFileSync(path.join(root, page), 'utf8');
    anchors = new Set([...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!));
    for (const m of text.matchAll(/^#{1,6}\s+(.+)$/gm)) anchors.add(slug(m[1]!));
    anchorsCache.set(page, anchors);
  }
  return anchors;
}

const CITATION = /\bdocs\/[\w./-]+?\.md(?:#[\w-]+)?/g;
/** Citations of what is not in the repository. */
const OUTSIDE: [string, RegExp][] = [
  ['a section of the contract or a specification', /\b(?:contract|spec(?:ification)?|API|signalen-api\.md)\s*§\s?\d/i],
  ['a bare section number', /(?<!RFC\s?\d+\s?)§\s?\d/],
  ['an issue number', /\bissues?\s+#?\d+\b/i],
  ['a document outside the repository', /\bshared\/(?:spec|api)\//],
];

/** The documentation's prose (every .md under docs/), which is held to the same rule, and its own links. */
function docFiles(dir = 'docs'): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return docFiles(rel);
    return entry.name.endsWith('.md') ? [rel] : [];
  });
}

/** The reference's README states the old forms on purpose, as the rule it explains. */
const DOCS_OWN = new Set(['docs/reference/README.md']);
/** In the prose an issue number may still say where a feature came from; a section of an outside document may not be the reason. */
const DOC_OUTSIDE = OUTSIDE.filter(([what]) => what !== 'an issue number');
/** A relative link of a page to another page of docs/, with its anchor: `[words](reference/api.md#private)`. */
const DOC_LINK = /\]\(((?!https?:|mailto:|#)[^)\s]+?\.md)(?:#([\w-]+))?\)/g;

/** What is wrong with the citations and links of one documentation page. */
export function docProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  let fence = false;
  text.split('\n').forEach((line, i) => {
    if (line.trimStart().startsWith('```')) fence = !fence;
    if (fence) return;
    const where = `${file}:${i + 1}`;
    if (!DOCS_OWN.has(file)) for (const [what, pattern] of DOC_OUTSIDE) if (pattern.test(line)) problems.push(`${where}: ${what}: ${line.trim()}`);
    for (const [, target, anchor] of line.matchAll(DOC_LINK)) {
      const page = path.posix.normalize(path.posix.join(path.posix.dirname(file), target!));
      if (!existsSync(path.join(root, page))) problems.push(`${where}: no page ${page}`);
      else if (anchor && !anchorsOf(page).has(anchor)) problems.push(`${where}: ${page} has no anchor #${anchor}`);
    }
  });
  return problems;
}

/** What is wrong with the citations of one file's text. */
export function citationProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    for (const [what, pattern] of OUTSIDE) if (pattern.test(line)) problems.push(`${where}: ${what}: ${line.trim()}`);
    for (const [citation] of line.matchAll(CITATION)) {
      const [page, anchor] = citation.split('#') as [string, string | undefined];
      if (!existsSync(path.join(root, page))) problems.push(`${where}: no page ${page}`);
      else if (anchor && !anchorsOf(page).has(anchor)) problems.push(`${where}: ${page} has no anchor #${anchor}`);
    }
  });
  return problems;
}

describe('citations of the rules', () => {
  it('every citation in the code leads to a page and anchor of the repository, and none cites what a clone cannot read', () => {
    const problems = codeFiles().flatMap((file) => citationProblems(file, readFileSync(path.join(root, file), 'utf8')));
    expect(problems).toEqual([]);
  });

  it("the documentation's prose cites the reference, not a section of an outside document, and its links lead to a page and anchor", () => {
    const problems = docFiles().flatMap((file) => docProblems(file, readFileSync(path.join(root, file), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('catches each kind of offence in the prose', () => {
    const samples = ['the list filters (contract §11)', 'as back-office spec §4 says', 'the areas of §6', 'Wire format: `shared/api/signalen-api.md`', 'see [the API](reference/api.md#no-such-anchor)', 'see [nothing](nope.md)'];
    expect(samples.filter((line) => docProblems('docs/sample.md', line).length === 0)).toEqual([]);
    expect(docProblems('docs/sample.md', 'the [report list](reference/api.md#private-signals), [authoring](authoring.md), RFC 9110 §13.1.1')).toEqual([]);
  });

  it('catches each kind of offence', () => {
    const samples = [
      '// the rule of contract §11',
      ' * as back-office spec §4 says',
      '/* the scope (§13) */',
      '// (issue 35)',
      '// see shared/api/signalen-api.md',
      '// docs/reference/nope.md#x',
      '// docs/reference/api.md#no-such-anchor',
    ];
    expect(samples.filter((line) => citationProblems('sample.ts', line).length === 0)).toEqual([]);
    expect(citationProblems('sample.ts', '// docs/reference/api.md#private, docs/reference/statuses.md#transitions, docs/routing.md, RFC 9110 §13.1.1')).toEqual([]);
  });
});
