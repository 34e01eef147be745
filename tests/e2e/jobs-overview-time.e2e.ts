/**
 * Jobs on the overview (docs/back-office-incident.md, second half), as the person who does them:
 * - a handler on a PC set to UTC reads the same time in the table as the reporter's mail says
 *   (Amsterdam time), and the district the server derived from the point;
 * - a handler sorts by Urgentie: Hoog, Normaal, Laag, as the API then lists them;
 * - the header's search field shows its whole placeholder;
 * - the overview on a phone, seen (screenshot).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';
import { api, axeViolations, newPage, PHONE, useBrowser } from './support.ts';
import { openAs, SCREENSHOTS, signIn, STAFF } from './staff-support.ts';
import { storeReport, waitForCount } from './manage-support.ts';

const browser = useBrowser();
let id = 0;

beforeAll(async () => {
  id = await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'N', street: 'Mosplein', number: 12, postcode: '1032KX', text: 'Tijdzone-melding op het Mosplein' });
});

describe('the overview, whatever the PC', () => {
  it('a handler on a UTC PC sees the Amsterdam time the mail gives, and the district of the point', async () => {
    const { page, context } = await newPage(browser(), { viewport: { width: 1280, height: 800 }, timezoneId: 'UTC' });
    // the browser really is in UTC
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
    await page.goto(`/manage/incidents?search=SIG-${id}`);
    await signIn(page, STAFF.behandelaar);
    const row = page.getByRole('row', { name: new RegExp(`SIG-${id}\\b`) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    // what the API holds: Amsterdam offset and the district of the point (Noord), whatever the wizard said
    const { body: mails } = await api<{ to: string; subject: string; text: string }[]>('/dev/outbox.json');
    const mail = mails.find((m) => m.subject.includes(`SIG-${id}`))!;
    const reported = /Gemeld op:?\s*(\d{1,2}) (\w+) (\d{4}) om (\d{2}):(\d{2})/.exec(mail.text)!;
    expect(reported).not.toBeNull();
    const months = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];
    const tableTime = `${reported[1]!.padStart(2, '0')}-${String(months.indexOf(reported[2]!) + 1).padStart(2, '0')}-${reported[3]} ${reported[4]}:${reported[5]}`;
    expect(cells).toContain(tableTime);
    expect(cells).toContain('Noord');
    await context.close();
  });

  it('a handler sorts by Urgentie: Hoog, Normaal, Laag, as the API orders them', async () => {
    const { page, context } = await openAs(browser(), '/manage/incidents', STAFF.behandelaar);
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await page.getByRole('columnheader', { name: /Urgentie/ }).getByRole('button').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ordering')).toBe('priority');
    const shown = await page.locator('tbody tr td[data-label="Urgentie"]').allInnerTexts();
    const rank = (p: string) => ['Hoog', 'Normaal', 'Laag'].indexOf(p.trim());
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.map(rank)).toEqual([...shown.map(rank)].sort((a, b) => a - b));
    await context.close();
  });

  it('the header search shows its whole placeholder; the overview on a phone', async () => {
    const { page, context } = await openAs(browser(), '/manage/incidents', STAFF.behandelaar, { viewport: { width: 1440, height: 900 } });
    const search = page.getByRole('searchbox', { name: 'Zoek op meldingsinformatie' }).or(page.getByRole('textbox', { name: 'Zoek op meldingsinformatie' }));
    await search.first().waitFor();
    const fits = await search.first().evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: ctx.measureText(input.placeholder).width, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'overview-wide-search.png') });
    await context.close();

    const phone = await openAs(browser(), '/manage/incidents', STAFF.behandelaar, { viewport: PHONE });
    await phone.page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await phone.page.locator('tbody tr').first().waitFor();
    await phone.page.screenshot({ path: path.join(SCREENSHOTS, 'overview-phone.png') });
    await writeFile(path.join(SCREENSHOTS, 'overview-phone.txt'), `${await phone.page.locator('tbody tr').count()} rows on the page`);
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });
});
