/**
 * Each rule once (docs/architecture.md, "One definition per rule"): a concept the product has one
 * definition of is not stated a second time anywhere in the code. Each check names the one place
 * and fails on a second statement of the rule elsewhere in engine/, renderer/, src/ or server/
 * (tests and the database's migrations, which are history, are not looked at).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const TREES = ['engine/src', 'renderer/src', 'src', 'server/src'];
const SKIP = [/\.test\.tsx?$/, /\.test-data\.tsx?$/, /\.stories\.tsx?$/, /(^|\/)db\/migrations\//, /(^|\/)test\//];

function sources(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(rel);
      } else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && !SKIP.some((skip) => skip.test(rel))) {
        found.push({ file: rel, text: readFileSync(path.join(root, rel), 'utf8') });
      }
    }
  };
  for (const tree of TREES) walk(tree);
  return found;
}

/** The files other than `home` where `pattern` occurs, with the line. */
function elsewhere(pattern: RegExp, home: string): string[] {
  const hits: string[] = [];
  for (const { file, text } of sources()) {
    if (file === home) continue;
    text.split('\n').forEach((line, i) => {
      if (pattern.test(line)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return hits;
}

describe('one definition per rule', () => {
  it('the closed and end states are CLOSED_STATES / END_STATES of the engine\'s workflow, listed nowhere else', () => {
    // an array of only the state codes o, a (and s): a closed or end state set written out again
    const stateSet = /\[\s*(['"])(o|a|s)\1\s*,\s*(['"])(o|a|s)\3\s*(,\s*(['"])(o|a|s)\6\s*)?\]/;
    expect(elsewhere(stateSet, 'engine/src/workflow/index.ts')).toEqual([]);
  });

  it('the public status (open or closed) is publicStatus of the engine\'s workflow', () => {
    expect(elsewhere(/state_display:\s*'Gesloten'/, 'engine/src/workflow/index.ts')).toEqual([]);
  });

  it('the shape of an e-mail address is hasEmailShape of the engine\'s validators, no second pattern', () => {
    // the character class every e-mail pattern starts with: anything but white space and @
    expect(elsewhere(/\[\^\\s@/, 'engine/src/validators/fields.ts')).toEqual([]);
  });

  it('an API path is an entry of API_PATHS (engine/src/api/paths.ts), written nowhere else', () => {
    // a string or template literal that starts with the API's root (or puts it after a host), or
    // builds a category's path: a path stated a second time
    const apiPathLiteral = /['"`]\/signals(\/|['"`])|\}\/signals\/|\/terms\/categories\/\$\{/;
    const code = (line: string) => !/^\s*(\*|\/\/|\/\*)/.test(line);
    const hits = elsewhere(apiPathLiteral, 'engine/src/api/paths.ts').filter((hit) => code(hit.slice(hit.indexOf(': ') + 2)));
    expect(hits).toEqual([]);
  });

  it('a report\'s back-office page is incidentPage / APP_PATHS of the engine, written nowhere else', () => {
    const code = (line: string) => !/^\s*(\*|\/\/|\/\*)/.test(line);
    const hits = elsewhere(/\/manage\/incident/, 'engine/src/api/app-paths.ts').filter((hit) => code(hit.slice(hit.indexOf(': ') + 2)) && /['"`]\/manage\/incident|\}\/manage\/incident/.test(hit));
    expect(hits).toEqual([]);
  });

  it('the geography\'s page size is GEO_PAGE_SIZE of engine/src/api/paths.ts (the server pages by it, the maps follow it)', () => {
    expect(elsewhere(/GEO_PAGE_SIZE\s*=/, 'engine/src/api/paths.ts')).toEqual([]);
  });

  it('the staff sign-in\'s pages are APP_PATHS of the engine, one name each, written nowhere else', () => {
    const code = (line: string) => !/^\s*(\*|\/\/|\/\*)/.test(line);
    const literal = elsewhere(/['"`]\/login(\/|['"`])/, 'engine/src/api/app-paths.ts').filter((hit) => code(hit.slice(hit.indexOf(': ') + 2)));
    // a second name for one of them (`const CALLBACK_PATH = APP_PATHS.signInCallback`)
    const alias = elsewhere(/(const|let) \w+ = APP_PATHS\.\w+;/, 'engine/src/api/app-paths.ts');
    expect([...literal, ...alias]).toEqual([]);
  });

  it('a Dutch text more than one screen shows is defined once: the loading text is LOADING_TEXT of src/layout/texts.ts', () => {
    expect(elsewhere(/Bezig met laden/, 'src/layout/texts.ts')).toEqual([]);
  });

  it('an error body is read into messages per field once: fieldErrors of src/forms/errors.ts', () => {
    expect(elsewhere(/export (function|const) (fieldErrors|fieldMessages|apiFieldErrors)\b/, 'src/forms/errors.ts')).toEqual([]);
  });

  it('a form\'s buttons are FormButtons of the form kit (src/forms), defined nowhere else', () => {
    expect(elsewhere(/(function|const) FormButtons\b/, 'src/forms/FormButtons.tsx')).toEqual([]);
  });

  it('a form\'s errors are summed up by the renderer\'s ErrorSummary (the form kit\'s FormErrorSummary wraps it), no second summary', () => {
    const summary = /(function|const) \w*(ErrorSummary|FormErrors|ErrorList)\b/;
    const hits = elsewhere(summary, 'renderer/src/form/ErrorSummary.tsx').filter((hit) => !hit.startsWith('src/forms/ErrorSummary.tsx:'));
    expect(hits).toEqual([]);
  });

  it('a field of the back office and the settings is drawn by the form kit (src/forms, on the renderer\'s FieldShell), not by hand', () => {
    // a label, a text area, a list or an input a screen draws itself; an input inside a FieldShell
    // (`{...control}`) or a control named in place (a table row's checkbox, `aria-label`) is not one
    const handDrawn = /<(textarea|select|label)\b|<input\b(?![^]*?\{\.\.\.control\}[^]*?\/>)(?![^]*?aria-label=[^]*?\/>)/;
    // no exceptions: a control of a screen's own (a time, a code editor) goes in the kit's CustomField
    const drawn: string[] = [];
    for (const { file, text } of sources()) {
      if (!/^src\/(manage|settings)\//.test(file)) continue;
      // each input up to its end, so that what the regex looks ahead for belongs to that input
      const tags = text.match(/<(textarea|select|label)\b|<input\b[^]*?\/>/g) ?? [];
      if (tags.some((tag) => handDrawn.test(tag))) drawn.push(file);
    }
    expect(drawn).toEqual([]);
  });

  it('a form of the back office and the settings is the form kit\'s Form', () => {
    // src/forms/Form.tsx holds the rule (named, noValidate, never a reload, role="search"); a
    // <form> element a screen writes itself states it a second time
    const byHand: string[] = [];
    for (const { file, text } of sources()) {
      if (!/^src\/(manage|settings)\//.test(file)) continue;
      text.split('\n').forEach((line, i) => {
        if (/<form\b/.test(line)) byHand.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(byHand).toEqual([]);
  });

  it('a form\'s errors in the back office and the settings are summed up by the form kit\'s FormErrorSummary, not by a hand-made list', () => {
    // the renderer's ErrorSummary used directly, an alert that holds a list, or a list whose items are error messages
    const direct = /import \{[^}]*\bErrorSummary\b[^}]*\} from '@meldloket\/renderer'/;
    const alertList = /role="alert"[^>]*>\s*(\{[^{}]*&&\s*\(?\s*)?<(ul|ol)\b/;
    const messageItems = /<li\b[^>]*ml-error-message/;
    const made: string[] = [];
    for (const { file, text } of sources()) {
      if (!/^src\/(manage|settings)\//.test(file)) continue;
      if (direct.test(text) || alertList.test(text) || messageItems.test(text)) made.push(file);
    }
    expect(made).toEqual([]);
  });

  it('a sub-category\'s label (its name and its responsible departments\' codes) is subcategoryLabel of src/settings/categories/tree.ts', () => {
    expect(elsewhere(/is_responsible\)\.map\(\(\w+\) => \w+\.code\)/, 'src/settings/categories/tree.ts')).toEqual([]);
  });

  it('the address on the wire is Address of engine/src/incident/types.ts (the payload and the back office derive theirs)', () => {
    expect(elsewhere(/openbare_ruimte\?: string/, 'engine/src/incident/types.ts')).toEqual([]);
  });

  it('finds what it looks for (the rule\'s own definitions are where they are said to be)', () => {
    const byFile = new Map(sources().map(({ file, text }) => [file, text]));
    expect(byFile.get('engine/src/workflow/index.ts')).toMatch(/CLOSED_STATES: readonly string\[\] = \['o', 'a'\]/);
    expect(byFile.get('engine/src/validators/fields.ts')).toMatch(/\[\^\\s@\]/);
    expect(byFile.get('engine/src/api/paths.ts')).toMatch(/privateSignals: `\$\{PRIV\}\/signals\/`/);
    expect(byFile.get('engine/src/api/paths.ts')).toMatch(/export const GEO_PAGE_SIZE = 4000;/);
    expect(byFile.get('engine/src/api/app-paths.ts')).toMatch(/signIn: '\/login'/);
    expect(byFile.get('src/forms/FormButtons.tsx')).toMatch(/export function FormButtons\b/);
    expect(byFile.get('src/forms/Form.tsx')).toMatch(/<form\b[^>]*\bnoValidate\b[^]*?event\.preventDefault\(\)/);
    expect(byFile.get('renderer/src/form/ErrorSummary.tsx')).toMatch(/export function ErrorSummary\b/);
    expect(byFile.get('src/forms/errors.ts')).toMatch(/export function fieldErrors\b/);
  });
});
