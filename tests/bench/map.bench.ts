/**
 * npm run bench:map — the public incidents map (/meldingenkaart) with 100,000 open
 * reports in view on a phone, side by side with a peer in the same run.
 *
 * 100,000 open reports in public categories, all inside the map's first view, are
 * stored in a fresh data directory (one bulk insert, seconds), and the product is
 * started on it (built app + API, as `npm start` runs it). Then, in Chromium with a
 * phone's profile (390×844, touch, device pixel ratio 3, the CPU slowed down 4 times
 * through CDP `Emulation.setCPUThrottlingRate`):
 *
 *   ours   /meldingenkaart as the app draws it;
 *   peer   the same reports from the public geography call (every page of GEO_PAGE_SIZE) on a
 *          plain Leaflet 1.9 map with one marker per report (the usual way to put points
 *          on a Leaflet map).
 *
 * Printed per side: time to first render (navigation start → every report counted and
 * drawn, two frames later; ours twice: the server's index of the open reports still to be built, as
 * after a restart or a write, and built, as for every later visitor; the figure judged is the second), pan (a 150 px drag → redrawn, median of 6) and zoom out one
 * level (→ redrawn), beside the targets of a city's scale (first render ≤ 1.5 s, pan
 * ≤ 200 ms) with met / not met, and the machine's load average before and after.
 * Options: BENCH_REPORTS (default 100000), BENCH_CPU (slow-down, default 4),
 * BENCH_PEER=0 (leave the peer out), --no-build.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContextOptions, type Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../server/src/db/index.ts';
import { seed } from '../../server/src/db/seed.ts';
import { startServer, ROOT } from '../e2e/server.ts';
import { chromiumLaunchOptions } from '../chromium.ts';
import { seededRandom } from '../../engine/src/random/index.ts';
import { GEO_PAGE_SIZE } from '@meldloket/engine';

const COUNT = Number(process.env.BENCH_REPORTS ?? 100_000);
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU ?? 4);
const WITH_PEER = process.env.BENCH_PEER !== '0';
/** The targets of a city's scale (docs/performance.md). */
const TARGET = { first: 1500, pan: 200 };
const CENTRE = { lng: 4.8932945, lat: 52.3731081 };
/** Half the size of the box the reports lie in: inside the first view of the map on a phone (zoom 11, 390 px wide, above the drawer). */
const SPREAD = { lng: 0.004, lat: 0.0015 };
/** A phone: the viewport of a common one, touch, and its pixel density. */
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'nl-NL' };
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** Slows the page's CPU down as a phone's is (Chromium's own throttling, as its DevTools do). */
async function asPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}
const SUBS = [
  ['afval', 'grofvuil'],
  ['afval', 'container-is-vol'],
  ['openbaar-groen-en-water', 'bomen'],
  ['wegen-verkeer-straatmeubilair', 'klok'],
  ['wegen-verkeer-straatmeubilair', 'gladheid'],
];
const PANS = 6;


/**
 * Stores the reports straight into the product's database before it starts (the public
 * create call would take minutes for 10,000): migrated and seeded as the server does,
 * then one insert of rows as the create call writes them, state 'm' (open).
 */
async function storeReports(dataDir: string): Promise<void> {
  // deterministic, so every run stores the same reports
  const next = seededRandom(18);
  const handle = await openDatabase({ dataDir });
  try {
    await seed(handle.db);
    const categories = await handle.db
      .selectFrom('category as sub')
      .innerJoin('category as main', 'main.id', 'sub.parent_id')
      .select(['sub.id', 'sub.slug', 'main.slug as main_slug'])
      .execute();
    const ids = SUBS.map(([main, sub]) => categories.find((c) => c.main_slug === main && c.slug === sub)!.id);
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      uuid: randomUUID(),
      source: 'online',
      text: `Benchmarkmelding ${i}`,
      category_id: ids[i % ids.length],
      lng: CENTRE.lng + (next() * 2 - 1) * SPREAD.lng,
      lat: CENTRE.lat + (next() * 2 - 1) * SPREAD.lat,
      incident_date_start: new Date(Date.now() - 3600_000),
    }));
    // one transaction, batches of 2000 rows (7 parameters a row stays under PostgreSQL's 65,535)
    await handle.db.transaction().execute(async (tx) => {
      for (let i = 0; i < rows.length; i += 2000) await tx.insertInto('signal').values(rows.slice(i, i + 2000)).execute();
    });
  } finally {
    await handle.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Resolves two frames later: what was drawn is on screen. */
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now())))));

/** Drags the map by 150 px (alternating directions) and waits until `redrawn` resolves in the page. */
async function measurePans(page: Page, redrawn: string): Promise<number[]> {
  const map = (await page.locator('.leaflet-container').boundingBox())!;
  const x = map.x + map.width * 0.6;
  // above a phone's drawer
  const y = map.y + map.height * 0.25;
  const times: number[] = [];
  for (let i = 0; i < PANS; i++) {
    const dx = i % 2 === 0 ? -150 : 150;
    await page.evaluate((expr) => {
      (window as unknown as { __done: Promise<number> }).__done = new Function(`return ${expr}`)() as Promise<number>;
    }, redrawn);
    const start = (await page.evaluate(() => performance.now())) as number;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y, { steps: 10 });
    await page.mouse.up();
    const end = (await page.evaluate(() => (window as unknown as { __done: Promise<number> }).__done)) as number;
    times.push(end - start);
  }
  return times;
}

async function main() {
  if (!process.argv.includes('--no-build') || !existsSync(path.join(ROOT, 'dist/index.html'))) {
    execSync('node_modules/.bin/vite build --logLevel warn', { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-bench-map-'));
  const loadBefore = load();
  const stored = performance.now();
  await storeReports(dataDir);
  const storing = performance.now() - stored;
  const server = await startServer(dataDir, { LOG_LEVEL: 'warn' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // The server's share of the first render: the geography call for the first view, every page.
    const t0 = performance.now();
    let served = 0;
    for (let page = 1; ; page++) {
      const body = (await (await fetch(`${server.baseUrl}/signals/v1/public/signals/geography?bbox=4.87,52.36,4.92,52.39${page > 1 ? `&geopage=${page}` : ''}`)).json()) as { features: unknown[] };
      served += body.features.length;
      if (body.features.length < GEO_PAGE_SIZE) break;
    }
    const geography = performance.now() - t0;
    if (served !== COUNT) throw new Error(`the geography call gave ${served} of ${COUNT} reports`);
    const countText = `${COUNT.toLocaleString('nl-NL')} meldingen op de kaart`;

    // Ours --------------------------------------------------------------------------------
    // Twice: first on a server that has not yet built its index of the open reports (as after a
    // restart, or a write that dropped it), then with the index there (as every later visitor),
    // each in a fresh context, so nothing of the first visit is in the second's browser cache.
    const openMap = async () => {
      const context = await browser.newContext({ ...PHONE, baseURL: server.baseUrl });
      await context.addInitScript(() => {
        (window as unknown as { __MELDLOKET_CONFIG__: unknown }).__MELDLOKET_CONFIG__ = { features: { enablePublicIncidentsMap: true } };
      });
      const opened = await context.newPage();
      opened.setDefaultTimeout(300_000);
      await asPhone(opened);
      await opened.goto('/meldingenkaart');
      await opened.getByRole('status').filter({ hasText: countText }).waitFor();
      await opened.locator('.ml-report-cluster').first().waitFor();
      return { context, page: opened, first: (await frames(opened)) as number };
    };
    const cold = await openMap();
    await cold.context.close();
    const { context: ours, page, first: oursFirst } = await openMap();
    const oursCold = cold.first;
    const oursMarkers = await page.locator('.leaflet-marker-icon').count();
    // After every move the page brings its markers up to date and counts it on the map element: wait for that, then two frames.
    // A zoom draws twice: at once with what it had, then with the server's clusters for the new level.
    const redrawnAfter = (draws: number) =>
      `new Promise((resolve) => { const map = document.querySelector('.leaflet-container'); const until = Number(map.dataset.reportsDrawn) + ${draws}; const o = new MutationObserver(() => { if (Number(map.dataset.reportsDrawn) < until) return; o.disconnect(); requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))); }); o.observe(map, { attributes: true, attributeFilter: ['data-reports-drawn'] }); })`;
    const redrawn = redrawnAfter(1);
    const oursPans = await measurePans(page, redrawn);
    await page.evaluate((expr) => {
      (window as unknown as { __done: Promise<number> }).__done = new Function(`return ${expr}`)() as Promise<number>;
    }, redrawnAfter(2));
    const zs = (await page.evaluate(() => performance.now())) as number;
    await page.getByRole('button', { name: 'Uitzoomen' }).click();
    const oursZoom = ((await page.evaluate(() => (window as unknown as { __done: Promise<number> }).__done)) as number) - zs;
    await ours.close();

    const ms = (n: number) => `${Math.round(n)} ms`;
    const verdict = (n: number, target: number) => `${ms(n)} (${n <= target ? 'met' : 'NOT met'}, <= ${target})`;
    console.log(`\n/meldingenkaart with ${COUNT.toLocaleString('en')} open reports in view, on a phone (Chromium ${PHONE.viewport!.width}×${PHONE.viewport!.height}, touch, CPU ×${CPU_SLOWDOWN})`);
    console.log(`load average (1, 5, 15 min): ${loadBefore} before`);
    console.log(`storing the reports: ${ms(storing)}; the geography call alone (every page, from Node): ${ms(geography)}\n`);
    console.log(['', 'first render', 'pan (median of 6)', 'zoom out', 'markers in DOM'].join(' | '));
    console.log(['ours: /meldingenkaart', verdict(oursFirst, TARGET.first), verdict(median(oursPans), TARGET.pan), ms(oursZoom), String(oursMarkers)].join(' | '));
    console.log(`ours, first render on a server still to build its index of the open reports: ${ms(oursCold)}`);
    console.log(`ours, pans: ${oursPans.map(ms).join(', ')}`);

    // Peer: plain Leaflet, one marker per report ------------------------------------------
    let peerFigures: number[] | undefined;
    if (WITH_PEER) {
    const peer = await browser.newContext({ ...PHONE, baseURL: server.baseUrl });
    const leaflet = readFileSync(path.join(ROOT, 'node_modules/leaflet/dist/leaflet.js'), 'utf8');
    const leafletCss = readFileSync(path.join(ROOT, 'node_modules/leaflet/dist/leaflet.css'), 'utf8');
    await peer.route('**/bench-peer/leaflet.js', (route) => route.fulfill({ contentType: 'text/javascript', body: leaflet }));
    await peer.route('**/bench-peer/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><head><style>${leafletCss} body{margin:0} #map{position:absolute;left:0;top:56px;right:0;bottom:0}</style>
<script src="/bench-peer/leaflet.js"></script></head><body><div id="map"></div><script>
const map = L.map('map', { zoomControl: true, preferCanvas: false }).setView([${CENTRE.lat}, ${CENTRE.lng}], 15);
window.map = map;
(async () => {
  const bounds = map.getBounds().pad(0.5);
  const bbox = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()].join(',');
  const reports = [];
  for (let page = 1; ; page++) {
    const body = await (await fetch('/signals/v1/public/signals/geography?bbox=' + bbox + (page > 1 ? '&geopage=' + page : ''))).json();
    const features = body.features || [];
    reports.push(...features);
    if (features.length < GEO_PAGE_SIZE) break;
  }
  const icon = L.divIcon({ className: 'peer-marker', iconSize: [40, 40], html: '<span style="display:block;width:18px;height:18px;margin:8px;border-radius:50%;background:#00527f;border:3px solid #fff"></span>' });
  for (const f of reports) L.marker([f.geometry.coordinates[1], f.geometry.coordinates[0]], { icon, keyboard: true, title: f.properties.category.name }).addTo(map);
  document.title = 'drawn ' + reports.length;
})();
</script></body></html>`,
        }),
    );
    const peerPage = await peer.newPage();
    peerPage.setDefaultTimeout(600_000);
    await asPhone(peerPage);
    await peerPage.goto('/bench-peer/');
    await peerPage.waitForFunction((n) => document.title === `drawn ${n}`, COUNT);
    const peerFirst = (await frames(peerPage)) as number;
    const moved = `new Promise((resolve) => window.map.once('moveend', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))))`;
    const peerPans = await measurePans(peerPage, moved);
    await peerPage.evaluate((expr) => {
      (window as unknown as { __done: Promise<number> }).__done = new Function(`return ${expr}`)() as Promise<number>;
    }, moved.replace("'moveend'", "'zoomend'"));
    const pz = (await peerPage.evaluate(() => performance.now())) as number;
    await peerPage.locator('.leaflet-control-zoom-out').click();
    const peerZoom = ((await peerPage.evaluate(() => (window as unknown as { __done: Promise<number> }).__done)) as number) - pz;
    await peer.close();
    peerFigures = [peerFirst, median(peerPans), peerZoom];
    }

    if (peerFigures) console.log(['peer: Leaflet, a marker per report', ms(peerFigures[0]!), ms(peerFigures[1]!), ms(peerFigures[2]!), String(COUNT)].join(' | '));
    console.log(`load average (1, 5, 15 min) at the end: ${load()}`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
