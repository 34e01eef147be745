/**
 * map_input in use (docs/question-set-format.md#the-twenty-field-types): a resident reporting noise from a boat that comes back often points,
 * by keyboard, at where the boat is usually moored. That point is not the report's location: its
 * map button is named after its question (never a second 'Kies locatie'), and its coordinates are
 * stored as an extra property while the report keeps the location of 'Waar is het?'.
 */
import { describe, expect, it } from 'vitest';

import { API_PATHS, apiPath } from '@meldloket/engine';
import { newPage, useBrowser, withPage } from './support.ts';
import { apiAs } from './manage-incident-support.ts';
import { SCREENSHOTS, signedIn, STAFF } from './staff-support.ts';
import { summaryText, tabTo } from './map-support.ts';
import { answer, chooseLocation, describeReport, expectHeading, extra, fillContact, fillText, next, question, send } from './wizard-support.ts';

const browser = useBrowser();

const FILE = 'overlast-op-het-water';
const MOORING = question(FILE, 'extra_boten_ligplaats').label;

type Point = { location: { coordinates: { lat: number; lng: number } } };

describe('a point on the map that is not the report location (map_input)', () => {
  it('a resident marks where the boat is usually moored by keyboard; it is stored as an extra property, the report keeps its own location', async () => {
    const staff = await newPage(browser());
    try {
      const signalId = await withPage(browser(), async (page) => {
        await describeReport(page, { text: 'Elke zaterdagavond harde muziek vanaf een partyboot', subcategory: 'Geluid vanaf een boot' });
        await next(page);
        await expectHeading(page, 'Locatie en vragen');
        // the mooring question appears only for a boat that comes back
        expect(await page.getByRole('group', { name: MOORING }).count()).toBe(0);
        await answer(page, FILE, 'extra_boten_frequentie', 'ja');
        const group = page.getByRole('group', { name: MOORING });
        await group.waitFor();
        // one 'Kies locatie' (the report's), the mooring place has a button of its own
        expect(await page.getByRole('button', { name: 'Kies locatie', exact: true }).count()).toBe(1);
        await chooseLocation(page, 'Amstel 1');
        await page.getByRole('group', { name: question(FILE, 'dateTime').label }).getByRole('radio', { name: 'Nu', exact: true }).check();
        await fillText(page, question(FILE, 'extra_boten_moment').label, 'Elke zaterdagavond');
        await page.getByRole('combobox', { name: question(FILE, 'extra_boten_soort').label }).selectOption({ label: question(FILE, 'extra_boten_soort').option('rondvaart') });
        await answer(page, FILE, 'extra_boten_open_gesloten', 'open');

        // the mooring place, by keyboard alone
        await tabTo(page, page.getByRole('button', { name: `Kies op de kaart: ${MOORING}`, exact: true }));
        await page.keyboard.press('Enter');
        // titled by the question: 'Selecteer de ligplaats'
        const dialog = page.getByRole('dialog', { name: question(FILE, 'extra_boten_ligplaats').mapTitle });
        await dialog.waitFor();
        const search = dialog.getByRole('combobox', { name: 'Zoek op adres of postcode' });
        await search.pressSequentially('Dam 1');
        await dialog.getByRole('listbox', { name: 'Zoek op adres of postcode' }).getByRole('option').first().waitFor();
        await search.press('ArrowDown');
        await search.press('Enter');
        expect(await summaryText(page)).toMatch(/Dam 1\b/);
        await tabTo(page, page.getByRole('button', { name: 'Gebruik deze plek' }));
        await page.keyboard.press('Enter');
        await dialog.waitFor({ state: 'detached' });
        // focus returns to the question's own button, which now offers to change it
        const change = group.getByRole('button', { name: `Wijzigen: ${MOORING}`, exact: true });
        await expect.poll(() => change.evaluate((el) => el === document.activeElement)).toBe(true);
        await group.getByText(/Dam 1\b/).waitFor();
        for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
          await page.setViewportSize(viewport);
          await group.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SCREENSHOTS}/map-input-${size}.png` });
        }

        await next(page);
        await fillContact(page, {});
        await next(page);
        const sent = await send(page);
        const mooring = extra(sent.payload).extra_boten_ligplaats as Point;
        const [lng, lat] = (sent.payload.location as { geometrie: { coordinates: [number, number] } }).geometrie.coordinates;
        // the report is where it happened (Amstel 1), the mooring place elsewhere (Dam 1)
        expect(mooring.location.coordinates.lat === lat && mooring.location.coordinates.lng === lng).toBe(false);
        return { id: sent.created.id as number, mooring, reportAt: [lng, lat] };
      });

      await signedIn(staff.page, STAFF.beheerder);
      const stored = await apiAs<any>(staff.page, apiPath(API_PATHS.privateSignal, { id: signalId.id }));
      expect(stored.status).toBe(200);
      expect(stored.body.location.geometrie.coordinates).toEqual(signalId.reportAt);
      const property = stored.body.extra_properties.find((p: { id: string }) => p.id === 'extra_boten_ligplaats');
      expect(property).toMatchObject({ label: 'Ligplaats', answer: { location: { coordinates: signalId.mooring.location.coordinates } } });
    } finally {
      await staff.context.close();
    }
  });
});
