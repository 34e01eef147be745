/**
 * npm run bench:map — the public incidents map (/meldingenkaart) with 10,000 open
 * reports in view, side by side with a peer in the same run.
 *
 * 10,000 open reports in public categories, all inside the map's first view, are
 * stored in a fresh data directory, and the product is started on it (built app +
 * API, as `npm start` runs it). Then, in Chromium at 1280×800:
 *
 *   ours   /meldingenkaart: reports from the geography call (3 pages of 4000),
 *          clustered with supercluster, only the clusters in view drawn;
 *   peer   the same reports from the same call on a plain Leaflet 1.9 map with one
 *          marker per report (the usual way to put points on a Leaflet map).
 *
 * Printed per side: time to first render (navigation start → every report loaded
 * and drawn, two frames later), pan (a 300 px drag → redrawn, median of 6) and zoom
 * out one level (→ redrawn). Options: BENCH_REPORTS (default 10000), --no-build.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../server/src/db/index.ts';
import { seed } from '../../server/src/db/seed.ts';
import { startServer, ROOT } from '../e2e/server.ts';
import { chromiumLaunchOptions } from '../chromium.ts';
import { seededRandom } from '../../engine/src/random/index.ts';

const COUNT = Number(process.env.BENCH_REPORTS ?? 10_000);
const CENTRE = { lng: 4.8932945, lat: 52.3731081 };
/** Half the size of the box the reports lie in: inside the first view of the map (zoom 11, 880×750 px of map). */
const SPREAD = { lng: 0.0075, lat: 0.0035 };
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
    for (let i = 0; i < rows.length; i += 1000) await handle.db.insertInto('signal').values(rows.slice(i, i + 1000)).execute();
  } finally {
    await handle.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Resolves two frames later: what was drawn is on screen. */
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now())))));

/** Drags the map by 300 px (alternating directions) and waits until `redrawn` resolves in the page. */
async function measurePans(page: Page, redrawn: string): Promise<number[]> {
  const map = (await page.locator('.leaflet-container').boundingBox())!;
  const x = map.x + map.width * 0.6;
  const y = map.y + map.height * 0.5;
  const times: number[] = [];
  for (let i = 0; i < PANS; i++) {
    const dx = i % 2 === 0 ? -300 : 300;
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
  await storeReports(dataDir);
  const server = await startServer(dataDir, { LOG_LEVEL: 'warn' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // The server's share of the first render: the geography call for the first view, every page.
    const t0 = performance.now();
    let served = 0;
    for (let page = 1; ; page++) {
      const body = (await (await fetch(`${server.baseUrl}/signals/v1/public/signals/geography?bbox=4.87,52.36,4.92,52.39${page > 1 ? `&geopage=${page}` : ''}`)).json()) as { features: unknown[] };
      served += body.features.length;
      if (body.features.length < 4000) break;
    }
    const geography = performance.now() - t0;
    if (served !== COUNT) throw new Error(`the geography call gave ${served} of ${COUNT} reports`);
    const countText = `${COUNT.toLocaleString('nl-NL')} meldingen op de kaart`;

    // Ours --------------------------------------------------------------------------------
    const ours = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, locale: 'nl-NL' });
    await ours.addInitScript(() => {
      (window as unknown as { __MELDLOKET_CONFIG__: unknown }).__MELDLOKET_CONFIG__ = { features: { enablePublicIncidentsMap: true } };
    });
    const page = await ours.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto('/meldingenkaart');
    await page.getByRole('status').filter({ hasText: countText }).waitFor();
    await page.locator('.ml-report-cluster').first().waitFor();
    const oursFirst = (await frames(page)) as number;
    const oursMarkers = await page.locator('.leaflet-marker-icon').count();
    // After every move the page brings its markers up to date and counts it on the map element: wait for that, then two frames.
    const redrawn = `new Promise((resolve) => { const map = document.querySelector('.leaflet-container'); const before = map.dataset.reportsDrawn; const o = new MutationObserver(() => { if (map.dataset.reportsDrawn === before) return; o.disconnect(); requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))); }); o.observe(map, { attributes: true, attributeFilter: ['data-reports-drawn'] }); })`;
    const oursPans = await measurePans(page, redrawn);
    await page.evaluate((expr) => {
      (window as unknown as { __done: Promise<number> }).__done = new Function(`return ${expr}`)() as Promise<number>;
    }, redrawn);
    const zs = (await page.evaluate(() => performance.now())) as number;
    await page.getByRole('button', { name: 'Uitzoomen' }).click();
    const oursZoom = ((await page.evaluate(() => (window as unknown as { __done: Promise<number> }).__done)) as number) - zs;
    await ours.close();

    // Peer: plain Leaflet, one marker per report ------------------------------------------
    const peer = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
    const leaflet = readFileSync(path.join(ROOT, 'node_modules/leaflet/dist/leaflet.js'), 'utf8');
    const leafletCss = readFileSync(path.join(ROOT, 'node_modules/leaflet/dist/leaflet.css'), 'utf8');
    await peer.route('**/bench-peer/leaflet.js', (route) => route.fulfill({ contentType: 'text/javascript', body: leaflet }));
    await peer.route('**/bench-peer/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><head><style>${leafletCss} body{margin:0} #map{position:absolute;left:400px;top:50px;right:0;bottom:66px}</style>
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
    if (features.length < 4000) break;
  }
  const icon = L.divIcon({ className: 'peer-marker', iconSize: [40, 40], html: '<span style="display:block;width:18px;height:18px;margin:8px;border-radius:50%;background:#00527f;border:3px solid #fff"></span>' });
  for (const f of reports) L.marker([f.geometry.coordinates[1], f.geometry.coordinates[0]], { icon, keyboard: true, title: f.properties.category.name }).addTo(map);
  document.title = 'drawn ' + reports.length;
})();
</script></body></html>`,
        }),
    );
    const peerPage = await peer.newPage();
    peerPage.setDefaultTimeout(120_000);
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

    const ms = (n: number) => `${Math.round(n)} ms`;
    console.log(`\n/meldingenkaart with ${COUNT} reports in view (Chromium 1280×800, same server, same geography call)`);
    console.log(`the geography call alone (every page, from Node): ${ms(geography)}\n`);
    console.log(['', 'first render', 'pan (median of 6)', 'zoom out', 'markers in DOM'].join(' | '));
    console.log(['ours: supercluster, clusters in view', ms(oursFirst), ms(median(oursPans)), ms(oursZoom), String(oursMarkers)].join(' | '));
    console.log(['peer: Leaflet, a marker per report', ms(peerFirst), ms(median(peerPans)), ms(peerZoom), String(COUNT)].join(' | '));
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
