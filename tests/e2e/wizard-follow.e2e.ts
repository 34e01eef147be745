/**
 * docs/duplicates.md, the resident's side on step 2 (docs/duplicates.md): a resident reports bulky waste at
 * Dam 1; a second resident chooses the same subcategory and place, sees 'Is dit hetzelfde
 * probleem?' with that report (date, status, distance), follows it by keyboard with an e-mail
 * address (a wrong address first: the error summary), and sees the confirmation; the outbox then
 * holds the mail with the link to confirm, to that address. A third resident sees the list, ignores it
 * and files a report as before (its confirmation mail arrives).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, PHONE_CONTEXT, useBrowser } from './support.ts';
import { chooseLocation, describeReport, expectHeading, fillContact, fillText, next, question, send } from './wizard-support.ts';
import { checkAndShoot, linkIn, mailTo, residentReports } from './manage-incident-support.ts';
import { tabTo } from './map-support.ts';

const browser = useBrowser();

const FIRST = 'kast.eerste@example.com';
const SECOND = 'kast.tweede@example.com';
const THIRD = 'kast.derde@example.com';

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('step 2: is dit hetzelfde probleem?', () => {
  it('a second resident follows the report already made at that place; a third ignores it and reports', async () => {
    const first = await newPage(browser());
    const reported = await residentReports(first.page, FIRST);
    await first.context.close();

    for (const options of [{}, PHONE_CONTEXT]) {
      const { page, context } = await newPage(browser(), options);
      await describeReport(page, { text: 'Er staat al dagen een oude kast naast de container', subcategory: 'Grofvuil' });
      await next(page);
      await expectHeading(page, 'Locatie en vragen');
      await chooseLocation(page, 'Dam 1');

      const section = page.getByRole('region', { name: 'Is dit hetzelfde probleem?' });
      const item = section.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: `Melding SIG-${reported}` }) });
      await item.waitFor();
      await item.getByText(/^Gemeld op \d{1,2} \w+ \d{4}$/).waitFor();
      await item.getByText('Status: Gemeld', { exact: true }).waitFor();
      await item.getByText(/^(\d+ meter hiervandaan|Op deze plek)$/).waitFor();
      // nothing a reporter typed: not the first resident's text, not their address
      expect(await section.innerText()).not.toMatch(/oude kast|Een kast|kast\.eerste/);
      // the same reports on the map beside the list: a numbered marker per list item, named as its heading
      const map = section.getByRole('group', { name: 'Kaart met uw locatie en de meldingen in de buurt' });
      const marker = map.getByRole('button', { name: `Melding SIG-${reported}`, exact: true });
      await marker.waitFor();
      const headings = await section.getByRole('list').first().getByRole('heading', { level: 3 }).allTextContents();
      const markers = await map.getByRole('button').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
      expect(markers).toEqual(headings);
      expect(await map.evaluate((el) => el.innerHTML)).not.toMatch(/oude kast|kast\.eerste/);
      // its number is the list item's number
      const n = String(headings.indexOf(`Melding SIG-${reported}`) + 1);
      expect(await marker.innerText()).toBe(n);
      expect(await item.locator('.ml-nearby-number').innerText()).toBe(n);
      expect(await checkAndShoot(page, `wizard-follow-list-${options === PHONE_CONTEXT ? 'phone' : 'desktop'}`)).toEqual([]);
      if (options === PHONE_CONTEXT) {
        await context.close();
        continue;
      }

      // by keyboard: to 'Ja, houd mij op de hoogte' of that report, Enter: the form, its heading has the focus
      const follow = item.getByRole('button', { name: 'Ja, houd mij op de hoogte' });
      expect(await follow.getAttribute('aria-describedby')).toBeTruthy();
      // the marker on the map by keyboard: Enter takes the focus to that report's button in the list
      await tabTo(page, marker);
      await page.keyboard.press('Enter');
      await page.waitForFunction((el) => el === document.activeElement, await follow.elementHandle());
      await tabTo(page, follow);
      await page.keyboard.press('Enter');
      await section.getByRole('heading', { level: 3, name: `Melding SIG-${reported} volgen` }).waitFor();
      expect(await focused(page)).toBe(`Melding SIG-${reported} volgen`);

      // a wrong address: the error summary (focused), the field says what is wrong; nothing is sent
      const email = section.getByRole('textbox', { name: 'Wat is uw e-mailadres?' });
      await tabTo(page, email);
      await page.keyboard.type('kast.tweede-example.com');
      await page.keyboard.press('Enter');
      const summary = section.getByRole('region', { name: 'Er ging iets mis bij het invullen' });
      await summary.getByRole('link', { name: /^E-mailadres: Vul een geldig e-mailadres in/ }).waitFor();
      expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await checkAndShoot(page, 'wizard-follow-error')).toEqual([]);
      await expect(mailTo('kast.tweede-example.com', /volgen/)).rejects.toThrow();

      // the right address: the confirmation, with the focus on its heading
      await email.fill('');
      await tabTo(page, email);
      await page.keyboard.type(SECOND);
      await page.keyboard.press('Enter');
      const done = section.getByRole('heading', { level: 3, name: 'Bevestig uw e-mailadres' });
      await done.waitFor();
      expect(await done.evaluate((el) => el === document.activeElement)).toBe(true);
      await section.getByText(`U volgt straks melding SIG-${reported}. Wij hebben een e-mail gestuurd naar ${SECOND}.`, { exact: false }).waitFor();
      expect(await checkAndShoot(page, 'wizard-follow-done')).toEqual([]);

      // the outbox: the mail with the link to confirm, to that address only, about that report
      const mail = await mailTo(SECOND, /\/volgen\/bevestig\//);
      expect(mail.to).toBe(SECOND);
      expect(`${mail.subject} ${mail.text}`).toContain(`SIG-${reported}`);
      expect(linkIn(mail, /https?:\/\/[^\s"<]+\/volgen\/bevestig\/[\w-]+/)).toMatch(/^\/volgen\/bevestig\//);
      await context.close();
    }

    // a third resident sees the list, ignores it and files a report as before
    const { page, context } = await newPage(browser());
    await describeReport(page, { text: 'Naast de container staat een kapotte kast', subcategory: 'Grofvuil' });
    await next(page);
    await expectHeading(page, 'Locatie en vragen');
    await chooseLocation(page, 'Dam 1');
    await page.getByRole('region', { name: 'Is dit hetzelfde probleem?' }).getByRole('heading', { level: 3, name: `Melding SIG-${reported}` }).waitFor();
    await fillText(page, question('afval', 'extra_afval').label, 'Een kast');
    await next(page);
    await fillContact(page, { email: THIRD });
    await next(page);
    const own = await send(page);
    expect(own.created.id).not.toBe(reported);
    expect((await mailTo(THIRD, new RegExp(own.created._display))).to).toBe(THIRD);
    await context.close();
  });
});
