/**
 * The routing rules in the settings (docs/routing.md), in Chromium: a coordinator adds a
 * rule, cannot save it before the dry run, sees what it would do to the last reports, saves it and
 * finds the change in the history; the next report follows it (what the API holds). A handler is
 * refused the screen and the API. Axe and screenshots at phone and desktop size.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, axeViolations, useBrowser } from './support.ts';
import { SCREENSHOTS, signedIn, STAFF, storedToken, withViewport } from './staff-support.ts';
import { storeReport } from './manage-support.ts';

const RULES = '/signals/v1/private/routing-rules/';
const browser = useBrowser();

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** Axe at desktop (1280) and phone (390) size, each with a full-page screenshot; back at 1280 after. */
async function axeAtBothSizes(page: Page, name: string): Promise<unknown[]> {
  const found: unknown[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize(width === 1280 ? { width, height: 800 } : { width, height: 844 });
    found.push(...(await axeViolations(page)));
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}
interface AreaList {
  results: { code: string; name: string; type: { code: string } }[];
}
/** The drawn polygons of the areas map: one per area of the chosen type, each named in the legend and on hover. */
async function expectDrawn(page: Page, areas: AreaList['results'], typeName: string): Promise<void> {
  const areasMap = page.getByRole('region', { name: 'Kaart', exact: true });
  const shapes = areasMap.locator('path.ml-areas-map__shape');
  await expect.poll(() => shapes.count()).toBe(areas.length);
  const legend = areasMap.getByRole('region', { name: `Legenda: ${typeName}` });
  expect((await legend.getByRole('listitem').allInnerTexts()).map((t) => t.trim()).sort()).toEqual(areas.map((a) => `${a.name} (${a.code})`).sort());
  // hovering a polygon shows its area's name
  const names = new Set(areas.map((a) => a.name));
  const tooltip = areasMap.getByRole('tooltip');
  await page.mouse.move(0, 0);
  await expect.poll(() => tooltip.count()).toBe(0);
  await shapes.first().hover({ force: true });
  await expect.poll(() => tooltip.count()).toBe(1);
  expect(names.has((await tooltip.innerText()).trim())).toBe(true);
}
const auth = async (page: Page) => ({ authorization: `Bearer ${await storedToken(page)}`, 'content-type': 'application/json' });

describe('routing rules in the settings', () => {
  it('a coordinator tries a new rule, saves it, sees it in the history, and the next report follows it', async () => {
    // an earlier Grofvuil report in Centrum: the dry run shows it would move from AEG to ASC
    const earlier = await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'A', street: 'Dam', number: 3, postcode: '1012JS', text: 'Een bank op de stoep' });
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.coordinator, '/instellingen/routering');
      await h1(page, 'Routering').waitFor();
      const original = (await api<{ results: unknown[] }>(RULES, { headers: await auth(page) })).body.results;
      const rules = page.getByRole('region', { name: 'Routeringsregels' });
      await rules.getByRole('cell', { name: 'Verlichting in Noord naar Openbare Verlichting Noord', exact: true }).waitFor();

      const form = page.getByRole('form', { name: 'Regel toevoegen' });
      // a rule without a name or department is not added
      await form.getByRole('button', { name: 'Regel toevoegen' }).click();
      const missing = form.getByRole('region', { name: 'De regel is nog niet compleet' });
      await missing.getByRole('link', { name: 'Naam: Geef de regel een naam.' }).waitFor();
      await missing.getByRole('link', { name: 'Afdeling: Kies de afdeling waar de melding heen gaat.' }).waitFor();
      await form.getByRole('textbox', { name: /Naam/ }).fill('Grofvuil in Centrum naar het ASC');
      await form.getByRole('combobox', { name: /^Categorie/ }).selectOption({ label: 'Grofvuil' });
      await form.getByRole('combobox', { name: 'Gebied' }).selectOption({ label: 'Centrum (stadsdeel)' });
      await form.getByRole('combobox', { name: 'Afdeling' }).selectOption({ label: 'Actie Service Centrum (ASC)' });
      await form.getByRole('button', { name: 'Regel toevoegen' }).click();
      await rules.getByRole('cell', { name: 'Grofvuil in Centrum naar het ASC', exact: true }).waitFor();
      const save = page.getByRole('button', { name: 'Regels opslaan' });
      expect(await save.isDisabled()).toBe(true);
      await page.getByText('Draai de gewijzigde regels eerst proef.').waitFor();

      await page.getByRole('button', { name: 'Proefdraaien' }).click();
      const result = page.getByRole('status').filter({ hasText: /Van de laatste .* naar een andere afdeling gaan/ });
      await result.waitFor();
      const moves = page.getByRole('region', { name: 'Meldingen die naar een andere afdeling zouden gaan' });
      const row = moves.getByRole('row', { name: /AEG.*ASC/ });
      await row.getByRole('link', { name: `SIG-${earlier}` }).waitFor();
      expect(await axeAtBothSizes(page, 'routing-settings')).toEqual([]);

      await save.click();
      await page.getByText('De routeringsregels zijn opgeslagen.').first().waitFor();
      await page.getByText(/Cor Coördinator|coordinator@meldloket\.local/).filter({ hasText: /1 regel .* 2 regels/ }).first().waitFor();

      // what the API holds, and the next report follows the rule
      const saved = (await api<{ results: { name: string }[] }>(RULES, { headers: await auth(page) })).body.results;
      expect(saved.map((r) => r.name)).toEqual(['Verlichting in Noord naar Openbare Verlichting Noord', 'Grofvuil in Centrum naar het ASC']);
      const next = await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'A', street: 'Dam', number: 5, postcode: '1012JS', text: 'Een kast op de stoep' });
      const detail = await api<{ routing_departments: { code: string }[] }>(`/signals/v1/private/signals/${next}`, { headers: await auth(page) });
      expect(detail.body.routing_departments.map((d) => d.code)).toEqual(['ASC']);
      // the rules as they were, for the other tests
      expect((await api(RULES, { method: 'PUT', headers: await auth(page), body: JSON.stringify({ rules: original }) })).status).toBe(200);
    });
  });

  it('a coordinator writes a rule on a main category, area, type, source, days and time; mistakes are announced; the next report in Noord follows it and one in Centrum does not; the open reports are routed again in the background, a hand-routed one stays', async () => {
    // two Afval reports in Noord from before the rule, one of them routed by hand
    const earlier = await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'N', street: 'Buiksloterweg', number: 11, postcode: '1031CC', text: 'Een bankstel bij de brug' });
    const byHand = await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'N', street: 'Buiksloterweg', number: 13, postcode: '1031CC', text: 'Een koelkast bij de brug' });
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.coordinator, '/instellingen/routering');
      await h1(page, 'Routering').waitFor();
      const original = (await api<{ results: unknown[] }>(RULES, { headers: await auth(page) })).body.results;
      const departments = (await api<{ results: { id: number; code: string }[] }>('/signals/v1/private/departments/', { headers: await auth(page) })).body.results;
      const aeg = departments.find((d) => d.code === 'AEG')!.id;
      expect((await api(`/signals/v1/private/signals/${byHand}`, { method: 'PATCH', headers: await auth(page), body: JSON.stringify({ routing_departments: [{ id: aeg }] }) })).status).toBe(200);
      const rules = page.getByRole('region', { name: 'Routeringsregels' });
      await rules.getByRole('cell', { name: 'Verlichting in Noord naar Openbare Verlichting Noord', exact: true }).waitFor();
      // a window of three hours around now, on today and tomorrow (Amsterdam time), so the next report lies in it
      const clock = (offsetHours: number) => new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() + offsetHours * 3600_000));
      const weekday = (offsetDays: number) => new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', weekday: 'long' }).format(new Date(Date.now() + offsetDays * 86_400_000));
      const [from, until, today, tomorrow] = [clock(-1), clock(2), weekday(0), weekday(1)];

      const form = page.getByRole('form', { name: 'Regel toevoegen' });
      await form.getByRole('textbox', { name: /Naam/ }).fill('Afval in Noord overdag naar het ASC');
      await form.getByRole('combobox', { name: /^Categorie/ }).selectOption({ label: 'Afval (alle subcategorieën)' });
      await form.getByRole('combobox', { name: /^Gebied/ }).selectOption({ label: 'Noord (stadsdeel)' });
      await form.getByRole('group', { name: 'Type melding' }).getByRole('checkbox', { name: 'Melding', exact: true }).check();
      await form.getByRole('group', { name: 'Bron' }).getByRole('checkbox', { name: 'online', exact: true }).check();
      const days = form.getByRole('group', { name: 'Dagen' });
      await days.getByRole('checkbox', { name: today }).check();
      await days.getByRole('checkbox', { name: tomorrow }).check();
      await form.getByLabel(/^Vanaf \(tijd\)/).fill(from);
      await form.getByLabel(/^Tot \(tijd\)/).fill(from);
      await form.getByRole('combobox', { name: /^Afdeling/ }).selectOption({ label: 'Actie Service Centrum (ASC)' });
      // the same start and end: announced in a summary that takes the focus, its link leads to the field
      await form.getByRole('button', { name: 'Regel toevoegen' }).click();
      const summary = form.getByRole('region', { name: 'De regel is nog niet compleet' });
      await summary.waitFor();
      expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
      await summary.getByRole('link', { name: 'Tot (tijd): Kies een eindtijd die anders is dan de begintijd.' }).click();
      expect(await form.getByLabel(/^Tot \(tijd\)/).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await form.getByLabel(/^Tot \(tijd\)/).fill(until);
      await form.getByRole('button', { name: 'Regel toevoegen' }).click();
      const added = rules.getByRole('row', { name: /Afval in Noord overdag naar het ASC/ });
      await added.waitFor();
      expect(await form.getByRole('region', { name: 'De regel is nog niet compleet' }).count()).toBe(0);
      const described = await added.getByRole('cell').nth(2).innerText();
      expect(described).toContain('Hoofdcategorie: Afval');
      expect(described).toContain('Gebied: Noord');
      expect(described).toContain('Type melding: Melding');
      expect(described).toContain('Bron: online');
      expect(described).toMatch(/Dagen: \w+, \w+/);
      expect(described).toContain(today);
      expect(described).toContain(tomorrow);
      expect(described).toContain(`Tijd: ${from}–${until}`);
      expect(await axeAtBothSizes(page, 'routing-conditions')).toEqual([]);

      await page.getByRole('button', { name: 'Proefdraaien' }).click();
      await page.getByRole('status').filter({ hasText: /Van de laatste .* naar een andere afdeling gaan/ }).waitFor();
      await page.getByRole('button', { name: 'Regels opslaan' }).click();
      await page.getByText('De routeringsregels zijn opgeslagen.').first().waitFor();

      // what the API holds: every condition as written
      const saved = (await api<{ results: { name: string; conditions: Record<string, unknown> }[] }>(RULES, { headers: await auth(page) })).body.results;
      const rule = saved.find((r) => r.name === 'Afval in Noord overdag naar het ASC')!;
      expect(Object.keys(rule.conditions).sort()).toEqual(['areas', 'days', 'main_categories', 'sources', 'time_from', 'time_until', 'types']);
      expect(rule.conditions).toMatchObject({ types: ['SIG'], sources: ['online'], time_from: from, time_until: until });
      // the next Afval report in Noord follows it; one in Centrum goes to its subcategory's responsible department
      const noord = await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'N', street: 'Buiksloterweg', number: 9, postcode: '1031CC', text: 'Een matras naast de container' });
      const centrum = await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'A', street: 'Dam', number: 7, postcode: '1012JS', text: 'Een matras op de Dam' });
      const routed = async (id: number) => (await api<{ routing_departments: { code: string }[] }>(`/signals/v1/private/signals/${id}`, { headers: await auth(page) })).body.routing_departments.map((d) => d.code);
      expect(await routed(noord)).toEqual(['ASC']);
      expect(await routed(centrum)).toEqual([]);
      expect(await routed(earlier)).toEqual([]);

      // the open reports of before the rule: routed again in the background, with its progress; a person's routing stays
      const again = page.getByRole('button', { name: 'Open meldingen opnieuw routeren' });
      await again.click();
      const finished = page.getByRole('status').filter({ hasText: /^Klaar \(.*\): \d+ meldingen opnieuw gerouteerd, waarvan \d+ naar een andere afdeling\.$/ });
      await finished.waitFor();
      expect(await again.isEnabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      const job = (await api<{ job: { status: string; moved: number; total: number; done: number } }>(`${RULES}reroute/`, { headers: await auth(page) })).body.job;
      expect(job).toMatchObject({ status: 'done' });
      expect(job.done).toBe(job.total);
      expect(job.moved).toBeGreaterThanOrEqual(1);
      expect(await finished.innerText()).toContain(`${job.done} meldingen opnieuw gerouteerd, waarvan ${job.moved} naar een andere afdeling`);
      expect(await routed(earlier)).toEqual(['ASC']);
      expect(await routed(byHand)).toEqual(['AEG']);
      expect((await api(RULES, { method: 'PUT', headers: await auth(page), body: JSON.stringify({ rules: original }) })).status).toBe(200);
    });
  });

  it('an administrator sees the areas of each type drawn on the map over the stand-in tiles, with a legend and each name on hover; a coordinator gets no map', async () => {
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.beheerder, '/instellingen/gebieden');
      await h1(page, 'Gebieden').waitFor();
      const listed = (await api<AreaList>('/signals/v1/private/areas/', { headers: await auth(page) })).body;
      const of = (type: string) => listed.results.filter((a) => a.type.code === type);
      expect(of('stadsdeel').length).toBeGreaterThan(1);
      expect(of('buurt').length).toBeGreaterThan(of('stadsdeel').length);

      const areasMap = page.getByRole('region', { name: 'Kaart', exact: true });
      const map = areasMap.getByRole('region', { name: /^Kaart met de gebieden van het type Stadsdeel\./ });
      await map.waitFor();
      await expectDrawn(page, of('stadsdeel'), 'Stadsdeel');
      // the stand-in tiles under it
      await map.locator('img.leaflet-tile-loaded').first().waitFor();
      expect(await axeAtBothSizes(page, 'areas-map')).toEqual([]);

      // another type: its areas replace the districts
      await areasMap.getByRole('combobox', { name: 'Gebiedstype op de kaart' }).selectOption({ label: 'Buurt' });
      await areasMap.getByRole('region', { name: /^Kaart met de gebieden van het type Buurt\./ }).waitFor();
      await expectDrawn(page, of('buurt'), 'Buurt');
      expect(await axeViolations(page)).toEqual([]);
    });
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.coordinator, '/instellingen/gebieden');
      await h1(page, 'Geen toegang').waitFor();
      expect(await page.locator('.leaflet-container').count()).toBe(0);
      // the polygons' call asks a token (a staff member without sia_read gets a 403: server/test/routing-settings.test.ts)
      expect((await api('/signals/v1/private/areas/?geometry=true')).status).toBe(401);
    });
  });

  it('an administrator imports areas from a GeoJSON file and sees them listed; a coordinator may not', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'meldloket-areas-')), 'onderhoud.geojson');
    const ring = [[4.88, 52.37], [4.9, 52.37], [4.9, 52.38], [4.88, 52.38], [4.88, 52.37]];
    writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { code: 'OH1', naam: 'Onderhoud Centrum' }, geometry: { type: 'Polygon', coordinates: [ring] } }] }));
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.beheerder, '/instellingen/gebieden');
      await h1(page, 'Gebieden').waitFor();
      const types = page.getByRole('region', { name: 'Gebiedstypen' });
      await types.getByRole('cell', { name: 'Stadsdeel', exact: true }).waitFor();
      const form = page.getByRole('form', { name: 'Gebieden importeren' });
      await form.getByRole('button', { name: 'Importeren' }).click();
      await form.getByText('Kies een GeoJSON-bestand.').waitFor();
      await form.getByRole('textbox', { name: /Code van het gebiedstype/ }).fill('onderhoud');
      await form.getByRole('textbox', { name: /Naam van het gebiedstype/ }).fill('Onderhoudsgebied');
      await form.getByLabel(/GeoJSON-bestand/).setInputFiles(file);
      await form.getByRole('button', { name: 'Importeren' }).click();
      await page.getByText('1 gebied van het type Onderhoudsgebied geïmporteerd.').first().waitFor();
      await types.getByRole('row', { name: /Onderhoudsgebied/ }).getByRole('cell', { name: 'Onderhoud Centrum' }).waitFor();
      // the new area is drawn once its type is chosen on the map
      await page.getByRole('region', { name: 'Kaart', exact: true }).getByRole('combobox', { name: 'Gebiedstype op de kaart' }).selectOption({ label: 'Onderhoudsgebied' });
      await expectDrawn(page, [{ code: 'OH1', name: 'Onderhoud Centrum', type: { code: 'onderhoud' } }], 'Onderhoudsgebied');
      expect(await page.getByRole('tooltip').innerText()).toBe('Onderhoud Centrum');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'areas-settings-imported-1280.png'), fullPage: true });
      const listed = await api<{ results: { code: string; type: { code: string } }[] }>('/signals/v1/private/areas/', { headers: await auth(page) });
      expect(listed.body.results.filter((a) => a.type.code === 'onderhoud').map((a) => a.code)).toEqual(['OH1']);
    });
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.coordinator, '/instellingen/gebieden');
      await h1(page, 'Geen toegang').waitFor();
      const refused = await api('/signals/v1/private/areas/import/', { method: 'POST', headers: await auth(page), body: JSON.stringify({ type_code: 'x', type_name: 'X', geojson: {} }) });
      expect(refused.status).toBe(403);
    });
  });

  it('a handler is refused the screen and the API', async () => {
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.behandelaar, '/instellingen/routering');
      await h1(page, 'Geen toegang').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect((await api(RULES, { headers: await auth(page) })).status).toBe(403);
      expect((await api(RULES, { method: 'PUT', headers: await auth(page), body: JSON.stringify({ rules: [] }) })).status).toBe(403);
    });
  });
});
