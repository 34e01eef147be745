#!/usr/bin/env node
/**
 * npm run bench:web: builds the app, starts the product on a fresh data dir, and
 * prints for the first page (/incident/beschrijf) the gzip size of the JavaScript
 * and CSS it loads, and Lighthouse's performance and accessibility scores
 * (Lighthouse 12 from node_modules on Debian's Chromium).
 * Exits non-zero when the first page loads more than 150 KB of gzipped JavaScript.
 * Options: --no-build (reuse dist/).
 */
import { spawn, execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const root = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PAGE = '/incident/beschrijf';
const JS_BUDGET_KB = 150;

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function waitFor(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url, { method: 'HEAD' })).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every script and stylesheet the page loads, with its gzip size. */
async function measureAssets(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const page = await browser.newPage();
    const assets = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      try {
        const body = await response.body();
        assets.push({ type, url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      } catch {
        /* redirected or aborted */
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    return assets;
  } finally {
    await browser.close();
  }
}

async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcp: audits['first-contentful-paint']?.displayValue,
      lcp: audits['largest-contentful-paint']?.displayValue,
      tbt: audits['total-blocking-time']?.displayValue,
      cls: audits['cumulative-layout-shift']?.displayValue,
    };
  } finally {
    await chrome.kill();
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    console.log('building the app (vite build)…');
    execSync('node_modules/.bin/vite build --logLevel warn', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/signals/`, server, 120_000);
    const url = `${base}${PAGE}`;
    const assets = await measureAssets(url);
    const js = assets.filter((a) => a.type === 'script');
    const css = assets.filter((a) => a.type === 'stylesheet');
    const sum = (list, field) => list.reduce((total, a) => total + a[field], 0);
    console.log(`\nFirst page ${PAGE}`);
    for (const a of assets) console.log(`  ${a.type.padEnd(10)} ${kb(a.gzip).padStart(9)} gzip  ${kb(a.raw).padStart(9)} raw  ${a.url}`);
    console.log(`JavaScript: ${kb(sum(js, 'gzip'))} gzip (${js.length} files, ${kb(sum(js, 'raw'))} raw), budget ${JS_BUDGET_KB} KB`);
    console.log(`CSS:        ${kb(sum(css, 'gzip'))} gzip (${css.length} files, ${kb(sum(css, 'raw'))} raw)`);
    const scores = await runLighthouse(url);
    console.log(`Lighthouse performance: ${scores.performance}  (FCP ${scores.fcp}, LCP ${scores.lcp}, TBT ${scores.tbt}, CLS ${scores.cls})`);
    console.log(`Lighthouse accessibility: ${scores.accessibility}`);
    if (sum(js, 'gzip') > JS_BUDGET_KB * 1024) {
      console.error(`\nOver budget: the first page loads more than ${JS_BUDGET_KB} KB of gzipped JavaScript.`);
      process.exitCode = 1;
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
