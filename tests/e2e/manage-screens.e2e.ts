/**
 * Every back-office screen, walked at phone (390×844) and desktop (1280×800) size by a
 * Beheerder, who may open them all (docs/back-office-incident.md, "axe is clean on every back-office screen
 * including the map"): the overview as list and as map (with clusters, WCAG 2.2 target
 * size), a report, a report that does not exist, signalering, the standard texts (v1, v2),
 * every settings page and the Melden form as staff. Each screen passes axe, is shot to look
 * at, and speaks to the staff member as 'je', never as 'u'.
 *
 * And the report page on a phone: the report (heading, status, description, location) comes
 * before the action buttons, on screen and in the keyboard order; a desktop keeps the actions
 * on top.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, useBrowser } from './support.ts';
import { SCREENSHOTS, signedIn, STAFF, withFeatures, withViewport } from './staff-support.ts';
import { apiAs, DESKTOP, openReportAs, PHONE } from './manage-incident-support.ts';
import { storeReport } from './manage-support.ts';

const browser = useBrowser();
const ids: number[] = [];
beforeAll(async () => {
  // close enough together in Noord to cluster on the map, and a few in Centrum
  for (let n = 0; n < 8; n += 1) ids.push(await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'N', street: 'Mosplein', number: n + 1, postcode: '1032KX', text: `Een matras en een kast bij nummer ${n + 1}` }));
  for (let n = 0; n < 3; n += 1) ids.push(await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'A', street: 'Dam', number: n + 1, postcode: '1012JS', text: `Zakken afval op de Dam bij nummer ${n + 1}` }));
});

const P = '/signals/v1/private';
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
/** Words that address the reader as 'u' (residents' voice); staff are addressed as 'je'. */
const FORMAL = /\b(u|uw|U|Uw)\b/;

/** The visible text of the page's main part, without what residents see (a preview of the resident's page). */
const staffText = (page: Page) =>
  page.getByRole('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[data-audience="resident"], textarea, input').forEach((e) => e.remove());
    // a quotation of the resident's page ('Wat doen we met uw melding?') is not said to the staff member
    return copy.innerText.replace(/'[^'\n]*'|‘[^’\n]*’/g, '');
  });

interface Screen {
  url: string;
  title: string | RegExp;
  /** What must show before the check (beyond the heading and no loading status). */
  ready?: (page: Page) => Promise<unknown>;
  /** The screen speaks to residents (the Melden form asks the resident's questions): no voice check. */
  residentsVoice?: boolean;
}

async function screens(page: Page): Promise<Screen[]> {
  const first = async (list: string) => (await apiAs<{ results: Array<{ id: number }> }>(page, `${P}/${list}/?page_size=1`)).body.results[0]!.id;
  const users = (await apiAs<{ results: Array<{ id: number; is_superuser: boolean }> }>(page, `${P}/users/?page_size=100`)).body.results;
  const sub = (await apiAs<{ results: Array<{ id: number; _links: Record<string, unknown> }> }>(page, `${P}/categories/?page_size=1000`)).body.results.find((c) => c._links['sia:parent'])!;
  const markers = (p: Page) => p.locator('.leaflet-marker-icon').first().waitFor();
  return [
    { url: '/manage/incidents', title: 'Overzicht meldingen', ready: (p) => p.getByRole('status').filter({ hasText: /^\d+ meldingen$/ }).waitFor() },
    {
      url: '/manage/incidents?view=map',
      title: 'Overzicht meldingen',
      ready: async (p) => {
        await p.getByRole('status').filter({ hasText: /meldingen op de kaart$/ }).waitFor();
        await markers(p);
        await p.getByRole('button', { name: /meldingen, zoom in$/ }).first().waitFor();
      },
    },
    { url: `/manage/incident/${ids[0]}`, title: `Melding SIG-${ids[0]}`, ready: (p) => p.getByRole('region', { name: 'Geschiedenis' }).getByRole('listitem').first().waitFor() },
    { url: '/manage/incident/99999999', title: 'Melding niet gevonden', ready: (p) => p.getByRole('link', { name: 'Naar het overzicht van meldingen' }).waitFor() },
    { url: '/manage/signalering', title: 'Signalering', ready: (p) => p.getByRole('heading', { level: 2 }).first().waitFor() },
    { url: '/manage/v1/standaardteksten', title: 'Standaard teksten (v1)', ready: (p) => p.getByRole('combobox', { name: 'Subcategorie' }).waitFor() },
    { url: '/manage/v2/standaardteksten', title: 'Standaard teksten (v2)', ready: (p) => p.getByRole('combobox', { name: 'Subcategorie' }).waitFor() },
    { url: '/instellingen/', title: 'Instellingen' },
    { url: '/instellingen/rollen', title: 'Rollen' },
    { url: '/instellingen/rollen/nieuw', title: 'Rol toevoegen' },
    { url: `/instellingen/rollen/${await first('roles')}`, title: /^Rol wijzigen/ },
    { url: '/instellingen/gebruikers', title: 'Gebruikers' },
    { url: '/instellingen/gebruikers/nieuw', title: 'Gebruiker toevoegen' },
    // an account the Beheerder may change, and a superuser's, which only a superuser changes (read-only here)
    { url: `/instellingen/gebruikers/${users.find((u) => !u.is_superuser)!.id}`, title: /^Gebruiker wijzigen/ },
    { url: `/instellingen/gebruikers/${users.find((u) => u.is_superuser)!.id}`, title: /@/ },
    { url: '/instellingen/afdelingen', title: 'Afdelingen' },
    { url: '/instellingen/afdelingen/nieuw', title: 'Afdeling toevoegen' },
    { url: `/instellingen/afdelingen/${await first('departments')}`, title: /^Afdeling wijzigen/ },
    { url: '/instellingen/categorieen', title: 'Categorieën' },
    { url: `/instellingen/categorieen/${sub.id}`, title: /^Categorie wijzigen/ },
    { url: '/instellingen/privacy', title: 'Privacy', ready: (p) => p.getByRole('heading', { level: 2, name: 'Bewaartermijnen' }).waitFor() },
    { url: '/instellingen/privacy/inzage', title: /./ },
    { url: '/instellingen/routering', title: 'Routering', ready: (p) => p.getByRole('region', { name: 'Routeringsregels' }).waitFor() },
    { url: '/instellingen/gebieden', title: 'Gebieden', ready: (p) => p.getByRole('region', { name: 'Gebiedstypen' }).waitFor() },
    { url: '/instellingen/bestaat-niet', title: 'Niet gevonden', ready: (p) => p.getByRole('link', { name: 'Naar het overzicht van meldingen' }).waitFor() },
    { url: '/incident/beschrijf', title: /./, ready: (p) => p.getByRole('combobox', { name: /Bron/ }).waitFor(), residentsVoice: true },
  ];
}

describe('every back-office screen', () => {
  for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`passes axe and speaks as 'je' (${size})`, async () => {
      await withViewport(browser(), viewport, async (page) => {
        await withFeatures(page, { showStandardTextAdminV1: true, showStandardTextAdminV2: true });
        await signedIn(page, STAFF.beheerder, '/manage/incidents');
        const found: Array<[string, string[], string | null]> = [];
        for (const screen of await screens(page)) {
          await page.goto(screen.url);
          await h1(page, screen.title).waitFor();
          await expect.poll(() => page.getByRole('status').filter({ hasText: /laden…$/ }).count()).toBe(0);
          await screen.ready?.(page);
          const formal = screen.residentsVoice ? null : ((await staffText(page)).match(FORMAL)?.[0] ?? null);
          found.push([screen.url, await axeViolations(page), formal && `'${formal}' in: ${(await staffText(page)).split('\n').find((l) => FORMAL.test(l))}`]);
          await page.screenshot({ path: path.join(SCREENSHOTS, `screens-${size}-${screen.url.replace(/\W+/g, '-')}.png`), fullPage: true });
        }
        expect(found.filter(([, violations, formal]) => violations.length || formal)).toEqual([]);
      });
    }, 600_000);
  }
});

describe('the report page on a phone', () => {
  /** Where the parts of the report page are, top to bottom, and whether the DOM (so the keyboard) has them in that order. */
  const places = (page: Page) =>
    page.evaluate(() => {
      const main = document.querySelector('main')!;
      const h1 = main.querySelector('h1')!;
      const status = main.querySelector('.ml-incident__status-line')!;
      const term = (text: string) => [...main.querySelectorAll('dt')].find((dt) => dt.textContent === text)!;
      const actions = document.getElementById('incident-actions')!.closest('section')!.querySelector('button')!;
      const parts = { heading: h1, status, description: term('Omschrijving'), location: term('Locatie'), actions };
      const top = Object.fromEntries(Object.entries(parts).map(([k, e]) => [k, Math.round(e.getBoundingClientRect().top + window.scrollY)]));
      const inDom = Object.entries(parts)
        .sort(([, a], [, b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
        .map(([k]) => k);
      return { top, inDom };
    });

  it('shows the heading, status, description and location before the actions; a desktop keeps the actions on top', async () => {
    const id = ids[1]!;
    const phone = await openReportAs(browser(), id, STAFF.behandelaar, { viewport: PHONE });
    const seen = await places(phone.page);
    const byTop = Object.entries(seen.top).sort(([, a], [, b]) => a - b).map(([k]) => k);
    expect(byTop).toEqual(['heading', 'status', 'description', 'location', 'actions']);
    // the keyboard meets them in the order they are seen
    expect(seen.inDom).toEqual(byTop);
    // all of the report's first lines fit the first screen
    expect(seen.top.location).toBeLessThan(PHONE.height);
    await phone.page.screenshot({ path: path.join(SCREENSHOTS, 'report-order-phone.png') });
    // the first tab stop after the report is the first action
    await phone.page.getByRole('link', { name: 'Terug naar het overzicht' }).focus();
    await phone.page.keyboard.press('Tab');
    expect(await phone.page.evaluate(() => document.activeElement?.textContent)).toBe('Download PDF');
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.page.screenshot({ path: path.join(SCREENSHOTS, 'report-order-phone-actions.png') });
    await phone.context.close();

    const desktop = await openReportAs(browser(), id, STAFF.behandelaar);
    const wide = await places(desktop.page);
    expect(Object.entries(wide.top).sort(([, a], [, b]) => a - b).map(([k]) => k)).toEqual(['heading', 'status', 'actions', 'description', 'location']);
    expect(wide.inDom).toEqual(['heading', 'status', 'actions', 'description', 'location']);
    await desktop.page.screenshot({ path: path.join(SCREENSHOTS, 'report-order-desktop.png') });
    await desktop.context.close();
  });
});
