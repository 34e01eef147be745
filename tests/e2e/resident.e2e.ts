/**
 * What residents tripped over (docs/reference/README.md#product), in Chromium at desktop (1280x800) and phone
 * (390x844) size: the danger notice names the configured phone number, the map's
 * 'Terug' only on small screens, the address field follows a click elsewhere, the
 * chosen location stays out from under the panel, a failed object service says only
 * that, 'Eerder' starts at a moment that is not in the future, the confirmation mail,
 * the follow-up pages that say what happened, the accessibility statement; and a
 * report made with the keyboard alone whose location is pinned on the map.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeViolations, useBrowser, withPage } from './support.ts';
import { describeByKeyboard, dialog, mapAtRest, nextByKeyboard, openMap, searchAddress, summaryText, tabTo } from './map-support.ts';
import { chooseLocation, describeReport, fillContact, heading, next, send } from './wizard-support.ts';
import { createReport, outboxLink, trigger } from './followup-support.ts';

const browser = useBrowser();

const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

type Size = (typeof SIZES)[number][0];

/** A fresh page at `viewport` (each size runs every test), optionally with a fixed clock. */
const at = (viewport: { width: number; height: number }, run: (page: Page) => Promise<void>, options: { clock?: Date } = {}) => withPage(browser(), run, { viewport, ...options });

/** Step 2 of a 'Veeg- en zwerfvuil' report: the location and 'Wanneer was het?'. */
async function toLocationStep(page: Page) {
  await describeReport(page, { text: 'Er ligt veel zwerfvuil op de stoep', subcategory: 'Veeg- en zwerfvuil' });
  await next(page);
  await heading(page, 'Locatie en vragen').waitFor();
}

/** The part of the map the panel leaves free, in page pixels. */
async function freeMapArea(page: Page) {
  const map = (await page.locator('.ml-map').boundingBox())!;
  const panel = (await page.locator('.ml-map-panel').boundingBox())!;
  const drawer = panel.y > map.y + 1;
  return drawer
    ? { x: map.x, y: map.y, width: map.width, height: panel.y - map.y }
    : { x: panel.x + panel.width, y: map.y, width: map.x + map.width - (panel.x + panel.width), height: map.height };
}

const inside = (box: { x: number; y: number; width: number; height: number }, area: { x: number; y: number; width: number; height: number }) =>
  box.x >= area.x && box.y >= area.y && box.x + box.width <= area.x + area.width && box.y + box.height <= area.y + area.height;

describe.each(SIZES)('a resident on a %s', (size: Size, viewport) => {
  it("sees 'Terug' on the map only on small screens, the address of a point clicked elsewhere, and the pin in the free part of the map", async () => {
    await at(viewport, async (page) => {
      await toLocationStep(page);
      await openMap(page);
      expect(await dialog(page).getByRole('button', { name: 'Terug' }).isVisible()).toBe(size === 'phone');

      const search = page.getByRole('combobox', { name: 'Zoek op adres of postcode' });
      await searchAddress(page, 'Rokin 10');
      const first = await summaryText(page);
      expect(first).toContain('Rokin 10');
      expect(await search.inputValue()).toContain('Rokin 10');

      // a click elsewhere, in the part of the map the panel leaves free (once the map has come to
      // rest on the address: a click during its flight lands on a point that then moves on)
      await mapAtRest(page);
      const free = await freeMapArea(page);
      await page.mouse.click(free.x + free.width * 0.5, free.y + free.height * 0.25);
      await page.waitForFunction(() => {
        const text = document.querySelector('.ml-location-summary')?.textContent ?? '';
        return text !== '' && !text.includes('Rokin 10') && !text.includes('Adres wordt opgezocht');
      });
      const second = await summaryText(page);
      expect(second).not.toContain('Rokin 10');
      const field = await search.inputValue();
      expect(field).not.toContain('Rokin 10');
      // the field names the new point's street, as the summary does
      const street = /Locatie (?:\S+ )?(.+?) \d/.exec(second)?.[1];
      expect(street && field.includes(street), `field '${field}' vs summary '${second}'`).toBe(true);

      // the pin lies in the free part of the map, not under the panel or the drawer (where the map
      // brings it: measured once the map is at rest)
      await mapAtRest(page);
      const pin = (await page.locator('.leaflet-marker-icon[alt="Gekozen locatie"]').boundingBox())!;
      expect(inside(pin, await freeMapArea(page))).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('reads the configured phone number in the danger notice, not "onbekend"', async () => {
    await at(viewport, async (page) => {
      await describeReport(page, { text: 'De lantaarnpaal is omgereden en ligt op straat', subcategory: 'Lantaarnpaal of straatverlichting' });
      await next(page);
      await heading(page, 'Locatie en vragen').waitFor();
      await chooseLocation(page, 'Damrak 20');
      await page.getByRole('radio', { name: 'De lamp doet het niet' }).check();
      await page.getByRole('radio', { name: 'Ja, iemand is tegen de paal aangereden' }).check();
      const notice = page.getByRole('alert').filter({ hasText: 'Dit is gevaarlijk.' });
      await notice.waitFor();
      expect(await notice.innerText()).toContain('Bel direct 14 020, dan komen we zo snel mogelijk.');
      expect(await notice.innerText()).not.toContain('onbekend');
    });
  });

  it("starts 'Eerder' at the most recent five-minute step, also before nine in the morning", async () => {
    // 07:03 in Amsterdam: the old default, 09:00 today, lay in the future
    await at(
      viewport,
      async (page) => {
        await toLocationStep(page);
        await page.getByRole('radio', { name: 'Eerder' }).check();
        expect(await page.getByRole('combobox', { name: 'Uur' }).inputValue()).toBe('7');
        expect(await page.getByRole('combobox', { name: 'Minuten' }).inputValue()).toBe('0');
        expect(await page.getByText('Vul een tijdstip uit het verleden in').count()).toBe(0);
      },
      { clock: new Date('2026-11-23T07:03:00+01:00') },
    );
  });

  it('gets only the failure message when the map objects cannot be fetched', async () => {
    await at(viewport, async (page) => {
      await page.route(/\/stand-ins\/wfs\//, (route) => route.fulfill({ status: 500, body: '{}', contentType: 'application/json' }));
      await describeReport(page, { text: 'De lantaarnpaal brandt niet', subcategory: 'Lantaarnpaal of straatverlichting' });
      await next(page);
      await heading(page, 'Locatie en vragen').waitFor();
      await openMap(page);
      await searchAddress(page, 'Damrak 20');
      await page.getByText('Kaart informatie kon niet worden opgehaald.').waitFor();
      await summaryText(page);
      expect(await page.getByText(/Er zijn geen lampen in de buurt/).count()).toBe(0);
    });
  });

  it('sends a report and finds its confirmation mail: number, description, handling message', async () => {
    await at(viewport, async (page) => {
      const email = `bevestiging-${size}@example.com`;
      await toLocationStep(page);
      await chooseLocation(page, 'Dam 1');
      await next(page);
      await fillContact(page, { email });
      await next(page);
      const sent = await send(page);
      const panel = page.locator('.ml-confirmation-panel');
      expect(await panel.innerText()).toContain(sent.created._display);
      expect(await axeViolations(page)).toEqual([]);
      const mails = await api<Array<{ to: string; subject: string; text: string; html: string | null }>>('/dev/outbox.json');
      const mail = mails.body.find((m) => m.to === email);
      expect(mail?.subject).toBe(`Bedankt voor uw melding ${sent.created._display}`);
      expect(mail?.text).toContain('Er ligt veel zwerfvuil op de stoep');
      expect(mail?.text).toContain('Wat doen we met uw melding?');
      expect(mail?.html).toContain(sent.created._display);
    });
  });

  it('is told what happened on follow-up links: superseded, unknown, confirmed before', async () => {
    await at(viewport, async (page) => {
      const email = `volg-${size}@example.com`;
      const report = await createReport(email);
      await trigger('reaction-request', { signal_id: report.signal_id, question: 'Welke kleur had de bank?' });
      const older = await outboxLink(email, /http:\/\/[^\s"<]+\/incident\/reactie\/[0-9a-f-]{36}/);
      await trigger('reaction-request', { signal_id: report.signal_id, question: 'En hoe groot was hij?' });
      await page.goto(new URL(older).pathname);
      await heading(page, 'Deze vraag is vervangen door een nieuwere').waitFor();
      expect(await page.getByText(/inmiddels afgehandeld/).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      await page.goto('/incident/reactie/00000000-0000-4000-8000-000000000000');
      await heading(page, 'Het versturen van het actieformulier is mislukt').waitFor();

      await trigger('verify-email', { signal_id: report.signal_id, email: `nieuw-${email}` });
      const verify = new URL(await outboxLink(`nieuw-${email}`, /http:\/\/[^\s"<]+\/verify_email\/[^\s"<]+/)).pathname;
      await page.goto(verify);
      await heading(page, 'E-mailadres bevestigd').waitFor();
      await page.goto(verify);
      await heading(page, 'E-mailadres al bevestigd').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it("finds subcategories by everyday words in one searchable list, and the 'Subcategorie voorstel' goes after a choice of their own", async () => {
    await at(viewport, async (page) => {
      await page.goto('/incident/beschrijf');
      await heading(page, 'Beschrijf uw melding').waitFor();
      const description = page.getByRole('textbox', { name: /Waar gaat het om\?/ });
      await description.fill('Er staat een oude bank met een matras naast de container');
      const prediction = page.waitForResponse((r) => r.url().endsWith('/signals/category/prediction'));
      await description.blur();
      await prediction;
      const suggestion = page.getByText(/^Subcategorie voorstel: /);
      await suggestion.waitFor();
      expect(await page.getByRole('searchbox').count()).toBe(0);
      const box = page.getByRole('combobox', { name: /^Subcategorie/ });
      const list = page.getByRole('listbox', { name: /^Subcategorie/ });
      for (const [word, expected] of [
        ['lamp', 'Lantaarnpaal of straatverlichting'],
        ['VUILNISZAK', 'Huisafval'],
        ['boom', 'Bomen'],
      ] as const) {
        await box.fill(word);
        await list.getByRole('option', { name: expected, exact: true }).waitFor();
      }
      await box.fill('boom');
      await list.getByRole('option', { name: 'Bomen', exact: true }).click();
      expect(await box.inputValue()).toBe('Bomen');
      await suggestion.waitFor({ state: 'detached' });
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('is told that letters do not belong in a phone number, and a written-out number is not cut', async () => {
    await at(viewport, async (page) => {
      await toLocationStep(page);
      await chooseLocation(page, 'Dam 1');
      await next(page);
      await heading(page, 'Contactgegevens').waitFor();
      const phone = page.getByRole('textbox', { name: /Wat is uw telefoonnummer\?/ });
      await phone.fill('06-1234abcd');
      await phone.blur();
      await page.getByText('Ongeldig telefoonnummer, alleen cijfers, spaties, haakjes, + en - zijn toegestaan.').waitFor();
      expect(await phone.inputValue()).toBe('06-1234abcd');
      await phone.fill('+31 (0)6-1234 5678');
      await phone.blur();
      expect(await phone.inputValue()).toBe('+31 (0)6-1234 5678');
      await page.getByText(/Een telefoonnummer mag hoogstens 17 tekens lang zijn/).waitFor();
      await phone.fill('+31 6-1234 5678');
      await next(page);
      await heading(page, 'Versturen').waitFor();
    });
  });

  it("hears a blocking answer's sentence, and 'Volgende', an ordinary button, refuses with it in the focused error summary", async () => {
    await at(viewport, async (page) => {
      await describeReport(page, { text: 'Er drijft een dode zwaan in de gracht', subcategory: 'Dode dieren' });
      await next(page);
      await heading(page, 'Locatie en vragen').waitFor();
      // nothing else to fix on the page: only the blocking answer stands in the way
      await chooseLocation(page, 'Dam 1');
      await page.getByRole('group', { name: /Waar ligt het dode dier\?/ }).getByRole('radio', { name: 'In het water' }).check();
      const blocking = 'U kunt dit formulier niet verder invullen. Lees onder de antwoorden waar u uw melding wel kunt doen.';
      await page.getByRole('alert').filter({ hasText: blocking }).waitFor();
      const volgende = page.getByRole('button', { name: 'Volgende' });
      expect(await volgende.getAttribute('aria-disabled')).toBeNull();
      await volgende.focus();
      await page.keyboard.press('Enter');
      // the press refuses: the error summary says the sentence and has the focus
      const summary = page.getByRole('region', { name: blocking });
      await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
      await heading(page, 'Locatie en vragen').waitFor();
      expect(await page.getByRole('alert').filter({ hasText: 'Bel daarvoor 14 020' }).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('is reminded in the contact step to give the e-mail address a rats report asks for', async () => {
    await at(viewport, async (page) => {
      await describeReport(page, { text: 'Er lopen ratten door onze tuin', subcategory: 'Ratten' });
      await next(page);
      await heading(page, 'Locatie en vragen').waitFor();
      await chooseLocation(page, 'Dam 1');
      await page.getByRole('radio', { name: 'In mijn huis' }).check();
      await page.getByText(/Vul bij de volgende stap uw e-mailadres in/).waitFor();
      await next(page);
      await heading(page, 'Contactgegevens').waitFor();
      await page.getByText(/Ziet u de ratten in of bij uw woning\? Vul dan hieronder uw e-mailadres in/).waitFor();
    });
  });

  it('reads an accessibility statement without a public map that does not exist', async () => {
    await at(viewport, async (page) => {
      await page.goto('/toegankelijkheidsverklaring');
      await heading(page, 'Toegankelijkheid').waitFor();
      expect(await page.getByText('het meldformulier', { exact: false }).count()).toBeGreaterThan(0);
      expect(await page.getByText(/kaart met meldingen/).count()).toBe(0);
    });
  });
});

describe('a resident with the keyboard alone', () => {
  it.each(SIZES)('reports with the location pinned at the centre of the map (%s)', async (_size, viewport) => {
    await at(viewport, async (page) => {
      await describeByKeyboard(page, 'Er ligt veel zwerfvuil op de stoep', 'zwerfvuil', 'Veeg- en zwerfvuil');

      await tabTo(page, page.getByRole('button', { name: 'Kies locatie' }));
      await page.keyboard.press('Enter');
      const map = page.getByRole('region', { name: /^Kaart\./ });
      await map.waitFor();
      await tabTo(page, map);
      // the focused map shows a crosshair at its centre
      const crosshair = await map.evaluate((el) => getComputedStyle(el, '::after').content);
      expect(crosshair).not.toBe('none');
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Het midden van de kaart is als locatie gekozen.' }).waitFor();
      await summaryText(page);
      await tabTo(page, page.getByRole('button', { name: 'Gebruik deze locatie' }));
      await page.keyboard.press('Enter');
      await dialog(page).waitFor({ state: 'detached' });

      await nextByKeyboard(page, 'Contactgegevens');
      await nextByKeyboard(page, 'Versturen');
      const request = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/signals/v1/public/signals/');
      await tabTo(page, page.getByRole('button', { name: 'Verstuur' }));
      await page.keyboard.press('Enter');
      await heading(page, 'Bedankt!').waitFor();
      const [lng, lat] = (await request).postDataJSON().location.geometrie.coordinates as [number, number];
      // the configured centre of the map (Amsterdam), where the map opened
      expect(lat).toBeCloseTo(52.37, 1);
      expect(lng).toBeCloseTo(4.89, 1);
    });
  });
});
