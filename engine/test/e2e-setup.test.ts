/**
 * The end-to-end tests set their browser up in one place: `tests/e2e/support.ts` launches Chromium
 * (`useBrowser()`, one browser per test file) and opens contexts (`newContext`, `newPage`, `withPage`)
 * with the locale, time zone, server and step time every test relies on. A test file that launched its
 * own browser or opened a bare context would state those again, and drift from them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/e2e');
/** The one file that may launch a browser and open a context. */
const SUPPORT = 'support.ts';

/** What a test file does by hand that `support.ts` does once, or null when it does none of it. */
export function ownSetUp(code: string): string | null {
  const text = code.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  if (/\bchromium\s*\.\s*launch\w*\s*\(/.test(text)) return 'launches a browser (use useBrowser() from support.ts)';
  if (/import\s*\{[^}]*\bchromium\b[^}]*\}\s*from\s*['"]playwright(-core)?['"]/.test(text)) return 'imports chromium (use useBrowser() from support.ts)';
  if (/\.\s*newContext\s*\(/.test(text)) return 'opens a bare browser context (use newContext/newPage/withPage from support.ts)';
  return null;
}

describe('the e2e browser set-up', () => {
  const files = readdirSync(e2eDir).filter((name) => name.endsWith('.ts') && name !== SUPPORT);

  it('finds the e2e files', () => {
    expect(files.filter((name) => name.endsWith('.e2e.ts')).length).toBeGreaterThan(10);
  });

  it('no e2e file but support.ts launches a browser or opens a context itself', () => {
    const offences = files.flatMap((name) => {
      const why = ownSetUp(readFileSync(path.join(e2eDir, name), 'utf8'));
      return why ? [`${name} ${why}`] : [];
    });
    expect(offences).toEqual([]);
  });

  it('the check itself catches each kind of own set-up, and passes the shared one', () => {
    expect(ownSetUp('const b = await chromium.launch(chromiumLaunchOptions);')).toMatch(/launches/);
    expect(ownSetUp("import { chromium, type Page } from 'playwright-core';")).toMatch(/imports chromium/);
    expect(ownSetUp('const context = await browser().newContext({ locale: "nl-NL" });')).toMatch(/bare browser context/);
    expect(ownSetUp('const browser = useBrowser();\nconst { page } = await newPage(browser());\n// not chromium.launch()')).toBeNull();
  });
});
