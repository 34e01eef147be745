/**
 * The settings end to end (docs/settings.md), in Chromium against this file's own server:
 * an administrator creates a role and a user with it, and that user sees exactly what
 * the role allows; a department made responsible for a category lets its staff see that
 * category's reports; a changed handling message reaches the resident's thank-you page;
 * every settings screen passes axe at phone and desktop size in manage-screens.e2e.ts.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, axeViolations, baseUrl, useBrowser, DESKTOP, PHONE } from './support.ts';
import { menuItems, SCREENSHOTS, signedIn, STAFF, storedToken, withViewport } from './staff-support.ts';
import { chooseLocation, describeReport, fillContact, heading, next, send } from './wizard-support.ts';

const browser = useBrowser();

const P = '/signals/v1/private';

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const bearer = (token: string | null) => ({ headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });

describe('settings', () => {
  it('an administrator creates a role and a user with it; that user sees exactly what the role allows', async () => {
    const user = { email: 'categorie.beheer@gemeente.nl', password: 'categorie-wachtwoord' };
    await withViewport(browser(), DESKTOP, async (page) => {
      await signedIn(page, STAFF.beheerder, '/instellingen/');
      await h1(page, 'Instellingen').waitFor();
      await page.getByRole('navigation', { name: 'Instellingen' }).getByRole('link', { name: 'Rollen' }).click();
      await page.getByRole('link', { name: 'Rol toevoegen' }).click();
      await h1(page, 'Rol toevoegen').waitFor();
      await page.getByRole('textbox', { name: 'Naam' }).fill('Categoriebeheer');
      for (const permission of ['Leesrechten algemeen', 'Schrijfrechten algemeen', 'Categorieën wijzigen', 'Kan categorie inzien', 'Kan categorie wijzigen']) {
        await page.getByRole('checkbox', { name: permission, exact: true }).check();
      }
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByRole('link', { name: 'Categoriebeheer' }).waitFor();

      await page.goto('/instellingen/gebruikers/nieuw');
      await h1(page, 'Gebruiker toevoegen').waitFor();
      await page.getByRole('textbox', { name: 'E-mailadres (gebruikersnaam)' }).fill(user.email);
      await page.getByRole('textbox', { name: /Voornaam/ }).fill('Carla');
      await page.getByRole('textbox', { name: /Achternaam/ }).fill('Categorie');
      await page.getByRole('checkbox', { name: 'Categoriebeheer' }).check();
      await page.getByRole('checkbox', { name: 'Groen en Water (GRN)' }).check();
      await page.getByLabel(/Beginwachtwoord/).fill(user.password);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await h1(page, `Gebruiker wijzigen: ${user.email}`).waitFor();
      await page.getByText(/Gebruiker aangemaakt: categorie\.beheer@gemeente\.nl/).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-user-desktop.png'), fullPage: true });
    });

    // wide enough for the whole menu (it collapses to a toggle below 1320 px)
    await withViewport(browser(), { width: 1440, height: 900 }, async (page) => {
      await signedIn(page, user);
      // no 'Melden': the role has no create right (sia_signal_create_initial)
      await expect.poll(() => menuItems(page)).toEqual(['Overzicht', '[Zoek op meldingsinformatie]', 'Signalering', 'Instellingen', 'Mijn account: Carla']);
      await page.getByRole('link', { name: 'Instellingen' }).click();
      const sections = page.getByRole('navigation', { name: 'Instellingen' }).getByRole('link');
      await sections.first().waitFor();
      expect(await sections.allInnerTexts()).toEqual(['Categorieën']);
      await sections.first().click();
      await page.getByRole('link', { name: /^Veeg- en zwerfvuil/ }).click();
      await h1(page, /^Categorie wijzigen: Veeg- en zwerfvuil/).waitFor();
      expect(await page.getByRole('button', { name: 'Opslaan' }).isVisible()).toBe(true);
      for (const refused of ['/instellingen/rollen', '/instellingen/gebruikers', '/instellingen/afdelingen']) {
        await page.goto(refused);
        await h1(page, 'Geen toegang').waitFor();
      }
      // and the server refuses what the screens do not offer
      const token = await storedToken(page);
      expect((await api(`${P}/roles/`, { method: 'POST', body: JSON.stringify({ name: 'x' }), ...bearer(token) })).status).toBe(403);
      expect((await api(`${P}/users/`, bearer(token))).status).toBe(403);
    });
  });

  it('a department made responsible for a category lets its staff see that category\'s reports', async () => {
    const reader = { email: 'groen.lezer@gemeente.nl', password: 'groen-lezer-wachtwoord' };
    const categories = async (token: string | null) => (await api<{ results: any[] }>(`${P}/categories/?page_size=1000`, bearer(token))).body.results;
    await withViewport(browser(), DESKTOP, async (admin) => {
      await signedIn(admin, STAFF.beheerder);
      const adminToken = await storedToken(admin);
      const all = await categories(adminToken);
      const grofvuil = all.find((c) => c.slug === 'grofvuil');
      expect(grofvuil.departments.map((d: any) => d.code)).not.toContain('GRN');
      const grn = (await api<{ results: any[] }>(`${P}/departments/`, bearer(adminToken))).body.results.find((d) => d.code === 'GRN');
      const roles = (await api<{ results: any[] }>(`${P}/roles/`, bearer(adminToken))).body.results;
      const created = await api(`${P}/users/`, {
        method: 'POST',
        ...bearer(adminToken),
        body: JSON.stringify({ username: reader.email, role_ids: [roles.find((r) => r.name === 'Alleen lezen').id], profile: { department_ids: [grn.id] }, password: reader.password }),
      });
      expect(created.status).toBe(201);
      const report = await api<{ id: number; signal_id: string }>('/signals/v1/public/signals/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          text: 'Een bank en een matras naast de container',
          location: {
            geometrie: { type: 'Point', coordinates: [4.8936, 52.3731] },
            address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam' },
          },
          category: { sub_category: `${baseUrl()}/signals/v1/public/terms/categories/afval/sub_categories/grofvuil` },
          reporter: {},
          incident_date_start: new Date().toISOString(),
        }),
      });
      expect(report.status).toBe(201);

      await withViewport(browser(), DESKTOP, async (staff) => {
        await signedIn(staff, reader);
        const token = await storedToken(staff);
        const seen = async () => (await api<{ results: Array<{ id: number }> }>(`${P}/signals/?page_size=100`, bearer(token))).body.results.map((s) => s.id);
        expect(await seen()).not.toContain(report.body.id);

        await admin.goto('/instellingen/afdelingen');
        await admin.getByRole('link', { name: 'Groen en Water' }).click();
        await h1(admin, 'Afdeling wijzigen: Groen en Water').waitFor();
        await admin.getByRole('checkbox', { name: 'Grofvuil: verantwoordelijk' }).check();
        expect(await admin.getByRole('checkbox', { name: 'Grofvuil: mag inzien' }).isChecked()).toBe(true);
        expect(await axeViolations(admin)).toEqual([]);
        await admin.getByRole('button', { name: 'Opslaan' }).click();
        await h1(admin, 'Afdelingen').waitFor();

        expect(await seen()).toContain(report.body.id);
        // the categories list now names GRN among grofvuil's responsible departments
        await admin.goto('/instellingen/categorieen');
        await admin.getByRole('link', { name: /^Grofvuil \(.*GRN.*\)$/ }).waitFor();
      });
    });
  });

  it("a changed handling message shows on the resident's thank-you page", async () => {
    const message = 'We vegen de stoep binnen twee werkdagen schoon. Dank voor het melden!';
    await withViewport(browser(), DESKTOP, async (page) => {
      await signedIn(page, STAFF.beheerder, '/instellingen/categorieen');
      await page.getByRole('link', { name: /^Veeg- en zwerfvuil/ }).click();
      const field = page.getByRole('textbox', { name: /Servicebelofte/ });
      await field.fill(message);
      const preview = page.getByRole('region', { name: 'Voorbeeld: zo ziet de melder het na het versturen' });
      await expect.poll(() => preview.innerText()).toContain(message);
      await page.getByRole('spinbutton', { name: 'Aantal' }).fill('2');
      await page.getByRole('textbox', { name: /Notitie bij deze wijziging/ }).fill('Nieuwe afspraak met de reiniging');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-category-desktop.png'), fullPage: true });
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await h1(page, 'Categorieën').waitFor();
      await page.getByRole('link', { name: /^Veeg- en zwerfvuil/ }).click();
      await page.getByText('Notitie: Nieuwe afspraak met de reiniging').waitFor();
      expect(await page.getByText(/Servicebelofte gewijzigd:/).count()).toBe(1);
    });
    await withViewport(browser(), PHONE, async (page) => {
      await describeReport(page, { text: 'Er ligt veel zwerfvuil op de stoep', subcategory: 'Veeg- en zwerfvuil' });
      await next(page);
      await heading(page, 'Locatie en vragen').waitFor();
      await chooseLocation(page, 'Dam 1');
      await next(page);
      await fillContact(page, {});
      await next(page);
      await send(page);
      await page.getByRole('heading', { level: 2, name: 'Wat doen we met uw melding?' }).waitFor();
      expect(await page.getByText(message).isVisible()).toBe(true);
    });
  });

  it('a coordinator, who may only view departments and categories, sees them without edit controls; the server refuses the write', async () => {
    await withViewport(browser(), PHONE, async (page) => {
      await signedIn(page, STAFF.coordinator, '/instellingen/afdelingen');
      await page.getByRole('link', { name: 'Groen en Water' }).click();
      await h1(page, 'Groen en Water').waitFor();
      await page.getByText('Je kunt deze gegevens bekijken, maar niet wijzigen.').waitFor();
      expect(await page.getByRole('checkbox').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Opslaan' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto('/instellingen/afdelingen');
      await h1(page, 'Afdelingen').waitFor();
      expect(await page.getByRole('link', { name: 'Afdeling toevoegen' }).count()).toBe(0);
      await page.goto('/instellingen/categorieen');
      await page.getByRole('link', { name: /^Veeg- en zwerfvuil/ }).click();
      await h1(page, /^Veeg- en zwerfvuil/).waitFor();
      expect(await page.getByRole('textbox').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Opslaan' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-category-readonly-phone.png'), fullPage: true });
      const token = await storedToken(page);
      const id = new URL(page.url()).pathname.split('/').pop();
      expect((await api(`${P}/categories/${id}`, { method: 'PATCH', body: JSON.stringify({ name: 'x' }), ...bearer(token) })).status).toBe(403);
    });
  });
});
