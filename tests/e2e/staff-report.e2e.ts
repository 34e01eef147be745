/**
 * A staff member files a report (docs/staff-auth.md): signed in, 'Melden' opens the wizard with
 * the staff fields (source, priority, type); the report goes to the private create call
 * and the thank-you page links its number to /manage/incident/{id}.
 */

import { describe, expect, it } from 'vitest';
import { newPage, useBrowser } from './support.ts';
import { signIn, STAFF } from './staff-support.ts';
import { checkScreen, chooseSubcategory, expectHeading, grofvuilToSummary, next } from './wizard-support.ts';

const browser = useBrowser();

describe('reporting as staff', () => {
  it('files a report with source, priority and type through the private create call', async () => {
    const { page, context } = await newPage(browser(), { viewport: { width: 1280, height: 800 } });
    const listCalls: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (/^\/signals\/v1\/private\/(me|sources|categories|departments)\/$/.test(pathname)) listCalls.push(pathname);
    });
    await page.goto('/manage');
    await signIn(page, STAFF.behandelaar);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Melden' }).click();
    await expectHeading(page, 'Beschrijf uw melding');

    const source = page.getByRole('combobox', { name: /^Bron/ });
    await source.locator('option', { hasText: 'Telefoon – ASC' }).waitFor({ state: 'attached' });
    const offered = (await source.locator('option:not([value=""])').allInnerTexts()).map((t) => t.trim());
    // only sources staff may select: not the public 'online' and 'app', not 'Interne melding'
    expect(offered.sort()).toEqual(['Balie', 'E-mail – ASC', 'Eigen organisatie', 'Telefoon – ASC', 'Telefoon – Stadsdeel', 'Webcare'].sort());
    await source.selectOption({ label: 'Telefoon – ASC' });

    const description = page.getByRole('textbox', { name: /Waar gaat het om\?/ });
    await description.fill('Een omgevallen boom blokkeert het fietspad, gemeld door een bewoner aan de telefoon');
    const prediction = page.waitForResponse((r) => r.url().endsWith('/signals/category/prediction')).catch(() => null);
    await description.blur();
    await prediction;
    await chooseSubcategory(page, 'Grofvuil');
    await page.getByRole('group', { name: /^Urgentie/ }).getByRole('radio', { name: 'Hoog' }).check();
    await page.getByRole('group', { name: /^Type/ }).getByRole('radio', { name: 'Klacht' }).check();
    expect(await checkScreen(page)).toEqual([]);
    await next(page);

    await grofvuilToSummary(page);
    const summary = page.getByRole('region', { name: /^1\. / });
    for (const [label, value] of [
      ['Bron', 'Telefoon – ASC'],
      ['Urgentie', 'Hoog'],
      ['Type', 'Klacht'],
    ]) {
      expect(await summary.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText()).toBe(value);
    }

    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/signals/v1/private/signals/');
    await page.getByRole('button', { name: 'Verstuur' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(response.request().headers().authorization).toMatch(/^Bearer /);
    const body = (await response.json()) as { id: number; id_display: string; source: string; priority: { priority: string }; type: { code: string } };
    expect(body.source).toBe('Telefoon – ASC');
    expect(body.priority.priority).toBe('high');
    expect(body.type.code).toBe('COM');

    await expectHeading(page, 'Bedankt!');
    // the current user, categories, departments and sources were fetched once, at sign-in, and kept
    expect(listCalls.sort()).toEqual(
      ['/signals/v1/private/categories/', '/signals/v1/private/departments/', '/signals/v1/private/me/', '/signals/v1/private/sources/'].sort(),
    );
    const number = page.getByRole('link', { name: body.id_display });
    expect(await number.getAttribute('href')).toBe(`/manage/incident/${body.id}`);
    expect(await checkScreen(page)).toEqual([]);
    await number.click();
    await expectHeading(page, `Melding ${body.id_display}`);
    await context.close();
  });
});
