/**
 * The settings jobs (docs/back-office-incident.md), each as the role that does it (the Beheerder, docs/reference/permissions.md#roles) and as
 * one that may not, through Chromium, checking what the person sees and what the API then
 * holds: manage users, roles, departments and categories, including the refusals (a taken
 * username, role name or department code; an empty name); standard texts v1 (a text
 * deleted is no longer offered to the handler) and v2 (refused to a handler). And the
 * overview's desk jobs not covered elsewhere: the CSV export (its columns, the contact
 * columns only with `sia_can_view_contact_details`, formulas defused) and a second saved
 * filter of the same name, refused where the handler sees it.
 *
 * What settings.e2e.ts and settings-grants.e2e.ts already cover is not repeated here (a role
 * and a user created, department responsibility, the handling message, the coordinator's
 * read-only view, who may grant what).
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support.ts';
import { signedIn, STAFF, withFeatures, withViewport } from './staff-support.ts';
import { apiAs, checkAndShoot, openAs, openReportAs, PHONE, DESKTOP } from './manage-incident-support.ts';
import { storeReport, waitForCount } from './manage-support.ts';
import { createReport } from './followup-support.ts';

const browser = useBrowser();

const P = '/signals/v1/private';
const NOT_ALLOWED = 'Je hebt niet voldoende rechten om deze actie uit te voeren.';
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
type List<T> = { results: T[] };

/** The refusal page a route shows to someone without its area (docs/reference/texts.md#errors's text). */
async function refused(page: Page, path: string) {
  await page.goto(path);
  await h1(page, 'Geen toegang').waitFor();
  await page.getByText(NOT_ALLOWED).waitFor();
}

describe('settings jobs', () => {
  it('a Beheerder adds a user, is refused a taken username, and switches an account off; a handler may not', async () => {
    await withViewport(browser(), DESKTOP, async (page) => {
      await signedIn(page, STAFF.beheerder, '/instellingen/gebruikers/nieuw');
      await h1(page, 'Gebruiker toevoegen').waitFor();
      // a taken username (any case) is refused at the field, and nothing is stored
      await page.getByRole('textbox', { name: 'E-mailadres (gebruikersnaam)' }).fill('Behandelaar@meldloket.local');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('De gebruiker kon niet opgeslagen worden').waitFor();
      await page.getByText('Een gebruiker met die gebruikersnaam bestaat al.').waitFor();
      expect(await h1(page, 'Gebruiker toevoegen').isVisible()).toBe(true);
      const named = await apiAs<List<{ username: string }>>(page, `${P}/users/?search=behandelaar`);
      expect(named.body.results.map((u) => u.username.toLowerCase()).filter((u) => u === STAFF.behandelaar.email)).toHaveLength(1);
      expect(await checkAndShoot(page, 'jobs-settings-user-taken')).toEqual([]);

      // a new colleague, then switched off again
      const email = 'tijdelijk@gemeente.nl';
      await page.getByRole('textbox', { name: 'E-mailadres (gebruikersnaam)' }).fill(email);
      await page.getByRole('textbox', { name: /Voornaam/ }).fill('Tim');
      await page.getByRole('textbox', { name: /Achternaam/ }).fill('Tijdelijk');
      await page.getByRole('checkbox', { name: 'Behandelaar' }).check();
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await h1(page, `Gebruiker wijzigen: ${email}`).waitFor();
      let held = await apiAs<List<{ id: number; username: string; is_active: boolean; roles: Array<{ name: string }> }>>(page, `${P}/users/?username=${email}`);
      expect(held.body.results.map((u) => [u.username, u.is_active, u.roles.map((r) => r.name)])).toEqual([[email, true, ['Behandelaar']]]);

      await page.getByRole('checkbox', { name: 'Actief' }).uncheck();
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('Gegevens opgeslagen').waitFor();
      held = await apiAs(page, `${P}/users/?username=${email}`);
      expect(held.body.results[0]!.is_active).toBe(false);
      // the list filtered on 'Niet actief' shows the account
      await page.goto('/instellingen/gebruikers?is_active=false');
      await page.getByRole('link', { name: email }).waitFor();
    });

    await withViewport(browser(), PHONE, async (page) => {
      await signedIn(page, STAFF.behandelaar, '/manage/incidents');
      for (const path of ['/instellingen/gebruikers', '/instellingen/gebruikers/nieuw']) await refused(page, path);
      expect(await checkAndShoot(page, 'jobs-settings-refused')).toEqual([]);
      expect((await apiAs(page, `${P}/users/`)).status).toBe(403);
      const post = await apiAs(page, `${P}/users/`, { method: 'POST', body: { username: 'stiekem@gemeente.nl' } });
      expect(post.status).toBe(403);
    });
  });

  it('a Beheerder is refused a role name that is taken, and renames a role; a read-only user may not', async () => {
    await withViewport(browser(), DESKTOP, async (page) => {
      await signedIn(page, STAFF.beheerder, '/instellingen/rollen/nieuw');
      await h1(page, 'Rol toevoegen').waitFor();
      await page.getByRole('textbox', { name: 'Naam' }).fill('Behandelaar');
      await page.getByRole('checkbox', { name: 'Leesrechten algemeen', exact: true }).check();
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('De rol kon niet opgeslagen worden').waitFor();
      await page.getByText('Groep met deze Naam bestaat al.').waitFor();
      const roles = async () => (await apiAs<List<{ id: number; name: string }>>(page, `${P}/roles/`)).body.results;
      expect((await roles()).filter((r) => r.name === 'Behandelaar')).toHaveLength(1);

      await page.getByRole('textbox', { name: 'Naam' }).fill('Wijkteam');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByRole('link', { name: 'Wijkteam' }).click();
      await h1(page, 'Rol wijzigen: Wijkteam').waitFor();
      // renaming to a taken name is refused too, and the role keeps its name
      await page.getByRole('textbox', { name: 'Naam' }).fill('Coördinator');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('De rol kon niet bijgewerkt worden').waitFor();
      expect((await roles()).filter((r) => r.name === 'Wijkteam')).toHaveLength(1);
      await page.getByRole('textbox', { name: 'Naam' }).fill('Wijkteam Noord');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByRole('link', { name: 'Wijkteam Noord' }).waitFor();
      const names = (await roles()).map((r) => r.name);
      expect(names).toContain('Wijkteam Noord');
      expect(names).not.toContain('Wijkteam');
    });

    await withViewport(browser(), DESKTOP, async (page) => {
      await signedIn(page, STAFF.lezer, '/manage/incidents');
      for (const path of ['/instellingen/', '/instellingen/rollen', '/instellingen/rollen/nieuw']) await refused(page, path);
      const role = (await apiAs<List<{ id: number; name: string }>>(page, `${P}/roles/`)).body.results.find((r) => r.name === 'Alleen lezen')!;
      expect((await apiAs(page, `${P}/roles/${role.id}`, { method: 'PATCH', body: { name: 'Alles lezen' } })).status).toBe(403);
      expect((await apiAs<{ name: string }>(page, `${P}/roles/${role.id}`)).body.name).toBe('Alleen lezen');
    });
  });

  it('a Beheerder adds a department and is refused its code a second time; a handler may not', async () => {
    await withViewport(browser(), PHONE, async (page) => {
      await signedIn(page, STAFF.beheerder, '/instellingen/afdelingen/nieuw');
      await h1(page, 'Afdeling toevoegen').waitFor();
      await page.getByRole('textbox', { name: 'Code' }).fill('WBZ');
      await page.getByRole('textbox', { name: 'Naam' }).fill('Wijkbeheer Zuid');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await h1(page, 'Afdelingen').waitFor();
      await page.getByRole('link', { name: 'Wijkbeheer Zuid' }).waitFor();
      const departments = async () => (await apiAs<List<{ code: string; name: string }>>(page, `${P}/departments/`)).body.results;
      expect((await departments()).filter((d) => d.code.toUpperCase() === 'WBZ').map((d) => [d.code, d.name])).toEqual([['WBZ', 'Wijkbeheer Zuid']]);

      await page.goto('/instellingen/afdelingen/nieuw');
      await h1(page, 'Afdeling toevoegen').waitFor();
      await page.getByRole('textbox', { name: 'Code' }).fill('wbz');
      await page.getByRole('textbox', { name: 'Naam' }).fill('Wijkbeheer Zuid (dubbel)');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('De afdeling kon niet opgeslagen worden').waitFor();
      await page.getByText('Afdeling met deze Code bestaat al.').waitFor();
      expect(await checkAndShoot(page, 'jobs-settings-department-taken')).toEqual([]);
      expect((await departments()).filter((d) => d.code.toUpperCase() === 'WBZ')).toHaveLength(1);
    });

    await withViewport(browser(), DESKTOP, async (page) => {
      await signedIn(page, STAFF.behandelaar, '/manage/incidents');
      for (const path of ['/instellingen/afdelingen', '/instellingen/afdelingen/nieuw']) await refused(page, path);
      const post = await apiAs(page, `${P}/departments/`, { method: 'POST', body: { code: 'XYZ', name: 'Stiekem' } });
      expect(post.status).toBe(403);
    });
  });

  it('a Beheerder is refused a category without a name or with an SLA of 0 days, then changes its SLA; a read-only user may not', async () => {
    await withViewport(browser(), DESKTOP, async (page) => {
      await signedIn(page, STAFF.beheerder, '/instellingen/categorieen');
      await page.getByRole('link', { name: /^Grofvuil/ }).click();
      await h1(page, /^Categorie wijzigen: Grofvuil/).waitFor();
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const name = page.getByRole('textbox', { name: /^Naam/ }).first();
      await name.fill('');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      // refused, with the reason at the field; the category keeps its name
      await page.getByText('Vul een naam in.').waitFor();
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await checkAndShoot(page, 'jobs-settings-category-refused')).toEqual([]);
      expect((await apiAs<{ name: string }>(page, `${P}/categories/${id}`)).body.name).toBe('Grofvuil');

      await name.fill('Grofvuil');
      await page.getByRole('spinbutton', { name: 'Aantal' }).fill('0');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('Vul een aantal dagen in van 1 of meer.').waitFor();
      expect(await page.getByText('Vul een naam in.').count()).toBe(0);
      await page.getByRole('spinbutton', { name: 'Aantal' }).fill('4');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await h1(page, 'Categorieën').waitFor();
      const held = await apiAs<{ name: string; sla: { n_days: number } }>(page, `${P}/categories/${id}`);
      expect([held.body.name, held.body.sla.n_days]).toEqual(['Grofvuil', 4]);
    });

    await withViewport(browser(), PHONE, async (page) => {
      await signedIn(page, STAFF.lezer, '/manage/incidents');
      await refused(page, '/instellingen/categorieen');
      const category = (await apiAs<List<{ id: number; slug: string }>>(page, `${P}/categories/?page_size=1000`)).body.results.find((c) => c.slug === 'grofvuil')!;
      expect((await apiAs(page, `${P}/categories/${category.id}`, { method: 'PATCH', body: { new_sla: { n_days: 1, use_calendar_days: true } } })).status).toBe(403);
      expect((await apiAs<{ sla: { n_days: number } }>(page, `${P}/categories/${category.id}`)).body.sla.n_days).toBe(4);
    });
  });

  it('a coordinator deletes a v1 standard text and the handler is no longer offered it; a handler gets no v2 screen', async () => {
    const report = await createReport('tekst@example.com');
    const templates = '/signals/v1/private/terms/categories/afval/sub_categories/grofvuil/status-message-templates';
    const { page, context } = await openAs(browser(), '/manage/v1/standaardteksten', STAFF.coordinator);
    await h1(page, 'Standaard teksten (v1)').waitFor();
    const sub = page.getByRole('combobox', { name: 'Subcategorie' });
    await sub.locator('option', { hasText: /^Grofvuil/ }).first().waitFor({ state: 'attached' });
    await sub.selectOption({ label: (await sub.locator('option').allInnerTexts()).find((l) => l.startsWith('Grofvuil'))! });
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'In behandeling' });
    await page.getByRole('heading', { level: 2, name: 'Teksten voor In behandeling bij Grofvuil' }).waitFor();
    for (const [title, text] of [['Ingepland', 'Een ploeg haalt het deze week op.'], ['Uitgesteld', 'Het ophalen is uitgesteld.']]) {
      await page.getByRole('button', { name: 'Tekst toevoegen' }).click();
      await page.getByRole('textbox', { name: 'Titel' }).last().fill(title!);
      await page.getByRole('textbox', { name: 'Tekst' }).last().fill(text!);
    }
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De standaard teksten zijn opgeslagen.').waitFor();
    const held = async () =>
      (await apiAs<Array<{ state: string; templates: Array<{ title: string }> }>>(page, templates)).body.filter((t) => t.state === 'b').flatMap((t) => t.templates.map((x) => x.title));
    expect(await held()).toEqual(['Ingepland', 'Uitgesteld']);

    await page.getByRole('button', { name: 'Tekst 1 verwijderen' }).click();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De standaard teksten zijn opgeslagen.').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: /niet|fout|error/i }).count()).toBe(0);
    expect(await held()).toEqual(['Uitgesteld']);
    await context.close();

    // the handler's status form offers what is left, and not the deleted text
    const handler = await openReportAs(browser(), report.id, STAFF.behandelaar);
    await handler.page.getByRole('button', { name: 'Status wijzigen', exact: true }).click();
    const form = handler.page.getByRole('form', { name: 'Status wijzigen' });
    await form.getByRole('radio', { name: 'In behandeling', exact: true }).check();
    await form.getByRole('button', { name: 'Gebruik ‘Uitgesteld’' }).waitFor();
    expect(await form.getByRole('button', { name: 'Gebruik ‘Ingepland’' }).count()).toBe(0);

    // and the v2 screen (switched on) is refused to him like the v1 screen
    await withFeatures(handler.page, { showStandardTextAdminV2: true });
    for (const path of ['/manage/v1/standaardteksten', '/manage/v2/standaardteksten']) await refused(handler.page, path);
    const post = await apiAs(handler.page, `${P}/status-messages/`, { method: 'POST', body: { title: 'x', text: 'x', state: 'b', categories: [], active: true } });
    expect(post.status).toBe(403);
    await handler.context.close();
  });
});

describe('desk jobs on the overview', () => {
  const COLUMNS = [
    'Meldingnummer', 'Gemeld op', 'Datum overlast', 'Laatst gewijzigd', 'Hoofdcategorie', 'Subcategorie', 'Omschrijving', 'Status', 'Urgentie',
    'Type', 'Bron', 'Adres', 'Postcode', 'Stadsdeel', 'Breedtegraad', 'Lengtegraad',
  ];

  /** The export as the signed-in page downloads it: the header row and the row of `sig`, as cells. */
  async function exported(page: Page, sig: string) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporteren (CSV)' }).click();
    const text = await readFile(await (await download).path(), 'utf8');
    const rows: string[][] = parse(text, { bom: true, delimiter: ';', relax_column_count: false });
    return { header: rows[0]!, row: rows.find((r) => r[0] === sig) };
  }

  it('exports the columns a team lead analyses, contact columns only with the right, formulas defused', async () => {
    const id = await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'N', street: 'Mosplein', number: 3, postcode: '1032KX', text: '=HYPERLINK("http://example.com") bij de container' });
    const sig = `SIG-${id}`;

    // the coordinator holds sia_can_view_contact_details: the reporter's contact columns come last
    const { page, context } = await openAs(browser(), `/manage/incidents?search=${sig}`, STAFF.coordinator, { viewport: DESKTOP, acceptDownloads: true });
    await waitForCount(page, '1 melding');
    let { header, row } = await exported(page, sig);
    expect(header.slice(0, COLUMNS.length)).toEqual(COLUMNS);
    for (const column of ['Afdeling', 'Toegewezen aan', 'Afhandeltermijn', 'Termijn', 'Notities']) expect(header).toContain(column);
    expect(header.slice(-2)).toEqual(['E-mail melder', 'Telefoon melder']);
    expect(row![header.indexOf('Omschrijving')]).toBe(`'=HYPERLINK("http://example.com") bij de container`);
    expect(row![header.indexOf('Stadsdeel')]).toBe('Noord');
    expect(row![header.indexOf('E-mail melder')]).toBe('melder@example.com');

    // a role with the export right but not the contact right: no contact columns
    const permissions = (await apiAs<List<{ id: number; codename: string }>>(page, `${P}/permissions/?all=true&page_size=1000`)).body.results;
    await context.close();
    const exporter = { email: 'analist@gemeente.nl', password: 'analist-wachtwoord' };
    await withViewport(browser(), DESKTOP, async (admin) => {
      await signedIn(admin, STAFF.beheerder);
      const ids = ['sia_read', 'sia_signal_report', 'sia_can_view_all_categories'].map((c) => permissions.find((p) => p.codename === c)!.id);
      const role = await apiAs<{ id: number }>(admin, `${P}/roles/`, { method: 'POST', body: { name: 'Analist', permission_ids: ids } });
      expect(role.status).toBe(201);
      expect((await apiAs(admin, `${P}/users/`, { method: 'POST', body: { username: exporter.email, role_ids: [role.body.id], password: exporter.password } })).status).toBe(201);
    });
    const analyst = await openAs(browser(), `/manage/incidents?search=${sig}`, exporter, { viewport: DESKTOP, acceptDownloads: true });
    await waitForCount(analyst.page, '1 melding');
    ({ header, row } = await exported(analyst.page, sig));
    expect(header.slice(0, COLUMNS.length)).toEqual(COLUMNS);
    expect(header).not.toContain('E-mail melder');
    expect(header).not.toContain('Telefoon melder');
    expect(row!.join(';')).not.toContain('melder@example.com');
    await analyst.context.close();

    // the read-only user is offered no export, and the API refuses it
    await withViewport(browser(), DESKTOP, async (reader) => {
      await signedIn(reader, STAFF.lezer, '/manage/incidents');
      await h1(reader, 'Overzicht meldingen').waitFor();
      // the list has loaded (its count shows) before the controls are read
      await reader.getByRole('status').filter({ hasText: /\d meldingen?$/ }).waitFor();
            expect(await reader.getByRole('button', { name: 'Exporteren (CSV)' }).count()).toBe(0);
      expect((await apiAs(reader, `${P}/signals/export.csv`)).status).toBe(403);
    });
  });

  it('refuses a second saved filter of the same name, where the handler sees it', async () => {
    const { page, context } = await openAs(browser(), '/manage/incidents', STAFF.behandelaar);
    await h1(page, 'Overzicht meldingen').waitFor();
    const save = async (status: string, name: string) => {
      await page.getByRole('button', { name: 'Filteren', expanded: false }).click();
      const form = page.getByRole('form', { name: 'Filter' });
      const reset = form.getByRole('button', { name: 'Nieuw filter' });
      if (await reset.count()) await reset.click();
      await form.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: status, exact: true }).check();
      await form.getByLabel('Naam van het filter').fill(name);
      await form.getByRole('button', { name: 'Opslaan als filter' }).click();
      return form;
    };
    await save('Gemeld', 'Mijn werk');
    await page.getByText('Filter ‘Mijn werk’ is opgeslagen.').waitFor();
    const form = await save('In behandeling', ' mijn WERK ');
    await page.getByText('Je hebt al een filter met deze naam. Kies een andere naam.').waitFor();
    expect(await form.getByLabel('Naam van het filter').inputValue()).toBe(' mijn WERK ');
    expect(await checkAndShoot(page, 'jobs-filter-name-taken')).toEqual([]);
    const held = await apiAs<List<{ name: string; options: Record<string, unknown> }>>(page, '/signals/v1/private/me/filters/');
    expect(held.body.results.map((f) => [f.name, f.options])).toEqual([['Mijn werk', { status: ['m'] }]]);
    await context.close();
  });
});
