#!/usr/bin/env node
/**
 * Rewrites the code's citations of documents outside the repository into citations of the
 * repository's own reference (docs/reference/README.md):
 *
 *   contract §N, spec §N (and 'back-office spec §N', 'Spec §N', 'API §N', 'signalen-api.md §N',
 *   chains such as 'contract §11, §13')  →  docs/reference/FILE.md#anchor
 *   a bare '§N' in a file that cites one of the two kinds  →  that kind's anchor
 *   issue N                                      →  the docs page that holds that feature's rules
 *   shared/api/signalen-api.md, shared/spec/…     →  docs/reference/api.md, docs/reference/README.md
 *
 * The tables below say which reference anchor now holds each section's rules. Safe to run again:
 * a rewritten file has nothing left to rewrite. engine/test/citations.test.ts fails on a citation
 * whose file or anchor does not exist and on any old-style citation left.
 *
 *   node scripts/reference/cite.mjs            rewrite the tree
 *   node scripts/reference/cite.mjs --check    list what would change, exit 1 if anything would or a citation is not mapped
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const R = 'docs/reference/';

/** Each section of the API contract (Signalen's wire format) → the anchor that holds its rules. */
export const CONTRACT = {
  0: `${R}api.md#conventions`,
  1: `${R}api.md#public-create`,
  2: `${R}api.md#staff-create`,
  3: `${R}api.md#attachments`,
  4: `${R}api.md#public-signal`,
  5: `${R}api.md#categories`,
  6: `${R}api.md#questions`,
  7: `${R}api.md#questionnaires`,
  8: `${R}api.md#verify-email`,
  9: `${R}api.md#geography`,
  10: `${R}api.md#prediction`,
  11: `${R}api.md#private`,
  12: `${R}statuses.md#transitions`,
  13: `${R}permissions.md#permissions-and-scoping`,
  14: `${R}permissions.md#authentication`,
};

/**
 * Each section of the two product specifications (public side and back office; both have the
 * same nine sections) → the anchor that holds its rules.
 */
export const SPEC = {
  1: `${R}README.md#product`,
  2: `${R}screens.md#routes`,
  3: `${R}screens.md#entities`,
  4: `${R}statuses.md#states-and-transitions`,
  5: `${R}limits.md#validation`,
  6: `${R}permissions.md#roles`,
  7: `${R}api.md#calls`,
  8: `${R}texts.md#errors`,
  9: `${R}limits.md#constants`,
};

/** Each issue the code named → the page that now states the rules of that feature. */
export const ISSUES = {
  5: 'docs/architecture.md',
  11: 'docs/security.md',
  12: 'docs/architecture.md',
  13: 'docs/reference/README.md#product',
  14: 'docs/staff-auth.md',
  15: 'docs/overview.md',
  16: 'docs/back-office-incident.md',
  17: 'docs/settings.md',
  18: 'docs/my-incidents.md',
  19: 'docs/operations.md',
  20: 'docs/performance.md',
  29: 'docs/performance.md',
  30: 'docs/reference/README.md',
  31: 'docs/security.md',
  32: 'docs/back-office-incident.md',
  33: 'docs/classifier.md',
  34: 'docs/routing.md',
  35: 'docs/duplicates.md',
  36: 'docs/privacy.md',
  37: 'docs/studio-api.md',
  38: 'docs/performance.md',
};

export const TREES = ['engine', 'renderer', 'src', 'server', 'tests', 'scripts', 'vite.config.ts'];
const EXTENSIONS = /\.(ts|tsx|mts|mjs|js|cjs|css|html)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.vite', 'storybook-static']);
/** This script states the old forms in its tables and comments; the citation test reads them too. */
export const SELF = ['scripts/reference/cite.mjs', 'engine/test/citations.test.ts'];

/** The files the rewrite and the citation test look at, relative to the repository. */
export function codeFiles(base = root) {
  const found = [];
  const walk = (rel) => {
    const full = path.join(base, rel);
    let entries;
    try {
      entries = readdirSync(full, { withFileTypes: true });
    } catch {
      if (EXTENSIONS.test(rel)) found.push(rel);
      return;
    }
    for (const entry of entries) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(child);
      } else if (EXTENSIONS.test(entry.name)) found.push(child);
    }
  };
  for (const tree of TREES) walk(tree);
  return found.filter((file) => !SELF.includes(file));
}

// 'contract §11', 'back-office spec §4', 'Spec §3', 'API §1', 'signalen-api.md §1, §2', 'contract §11/§13'
const KIND = String.raw`(?:(?:the\s+)?(?:back-office|back office|public-side|public side|public|wire)\s+)?(spec(?:ification)?|contract|API|signalen-api\.md|the contract)`;
const SECTION = String.raw`§\s?(\d+)(?:\.\d+)*`;
const CHAIN = String.raw`((?:\s*(?:,|/|and|en|or|&)\s*§\s?\d+(?:\.\d+)*)*)`;
const NAMED = new RegExp(String.raw`\b${KIND}\s*${SECTION}${CHAIN}`, 'gi');
// a '§N' not named by a kind (and not an RFC's section)
const BARE = new RegExp(String.raw`(?<!RFC\s?\d+\s?)${SECTION}`, 'g');
const ISSUE = /\b[Ii]ssues?\s+#?(\d+)\b/g;

const kindOf = (word) => (/spec/i.test(word) ? 'spec' : 'contract');
/** The anchor of section `n` of `kind`; a section the specification lacks (10 and up) is the contract's. */
const anchorOf = (kind, n) => (kind === 'spec' ? (SPEC[Number(n)] ?? CONTRACT[Number(n)]) : CONTRACT[Number(n)]);

/** The text with its citations rewritten, and the citations it could not map. */
export function rewrite(text, file = '') {
  const unmapped = [];
  const counts = { spec: 0, contract: 0 };
  for (const m of text.matchAll(NAMED)) counts[kindOf(m[1])]++;
  const cite = (kind, n, original) => {
    const anchor = anchorOf(kind, n);
    if (!anchor) unmapped.push(`${file}: ${original}`);
    return anchor ?? original;
  };
  let out = text.replace(NAMED, (whole, word, first, chain) => {
    const kind = kindOf(word);
    const rest = [...chain.matchAll(/§\s?(\d+)/g)].map((m) => m[1]);
    const anchors = [...new Set([first, ...rest].map((n) => cite(kind, n, whole)))];
    return anchors.join(', ');
  });
  // a bare '§N': the kind the file cites most; in a file that cites neither, the API contract on the
  // server's side and the specification elsewhere
  const fallback = file.startsWith('server/') || file.includes('/api/') ? 'contract' : 'spec';
  const dominant = counts.contract === 0 && counts.spec === 0 ? fallback : counts.contract >= counts.spec ? 'contract' : 'spec';
  out = out.replace(BARE, (whole, n) => cite(dominant, n, whole));
  out = out.replace(ISSUE, (whole, n) => {
    const page = ISSUES[Number(n)];
    if (!page) unmapped.push(`${file}: ${whole}`);
    return page ?? whole;
  });
  // the outside documents named whole
  out = out.replace(/(?:\.\.\/)?shared\/api\/signalen-api\.md/g, `${R}api.md`).replace(/(?:\.\.\/)?shared\/spec\/(?:public-side|back-office)\.md/g, `${R}README.md`);
  // 'docs/routing.md, docs/routing.md' and '(docs/x.md, docs/x.md)' after the rewrite: say it once
  out = out.replace(/(docs\/[\w./-]+\.md(?:#[\w-]+)?)((?:\s*[,;]\s*|\s+and\s+)\1\b)+/g, '$1');
  return { text: out, unmapped };
}

function main() {
  const check = process.argv.includes('--check');
  const changed = [];
  const unmapped = [];
  for (const file of codeFiles()) {
    const full = path.join(root, file);
    const before = readFileSync(full, 'utf8');
    const result = rewrite(before, file);
    unmapped.push(...result.unmapped);
    if (result.text !== before) {
      changed.push(file);
      if (!check) writeFileSync(full, result.text);
    }
  }
  for (const line of unmapped) console.error(`not mapped: ${line}`);
  console.log(`${check ? 'would change' : 'changed'} ${changed.length} files`);
  // a citation nothing maps (an issue number the table lacks, a section no anchor holds) stays as it
  // was: the check fails on it too, so a code comment citing any issue never passes
  if (check && unmapped.length) process.exitCode = 1;
  if (check && changed.length) {
    for (const file of changed) console.log(`  ${file}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
