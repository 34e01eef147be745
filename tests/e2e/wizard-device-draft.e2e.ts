/**
 * A half-filled report survives closing the tab (docs/classifier.md): the draft, photos included, stays on
 * this device for a day; a new tab of the wizard offers 'Verder met uw melding van {tijd}?' with
 * going on or starting anew. Sending, 'Opnieuw beginnen' and a day's age clear it. The browser
 * context is the device: its pages share IndexedDB, each page is a tab of its own.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatInAmsterdam } from '@meldloket/engine';
import { axeViolations, DESKTOP, holdScripts, newPage, PHONE_CONTEXT, useBrowser } from './support.ts';
import { chooseLocation, describeReport, expectHeading, fillContact, next, send } from './wizard-support.ts';

const browser = useBrowser();

const DAY_MS = 24 * 60 * 60 * 1000;
const TEXT = 'De prullenbak bij de speeltuin is kapot, de klep hangt eraf';

interface StoredCopy {
  savedAt: number;
  draft: { description: string; images: { id: string; name: string }[] };
}

/**
 * Runs `change` on what the device keeps under `key` in the app's IndexedDB store (idb-keyval's
 * 'keyval-store'/'keyval'), and returns the value as it was. `change` returning undefined leaves it.
 */
function keyval(page: Page, key: string, change?: string): Promise<unknown> {
  return page.evaluate(
    ({ key, change }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction('keyval', 'readwrite').objectStore('keyval');
          const read = store.get(key);
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const value = read.result ?? null;
            // eslint-disable-next-line @typescript-eslint/no-implied-eval
            const changed = change && value ? (new Function('value', change) as (v: unknown) => unknown)(value) : undefined;
            if (changed !== undefined) store.put(changed, key);
            store.transaction.oncomplete = () => {
              db.close();
              resolve(value);
            };
          };
        };
      }),
    { key, change },
  );
}

const deviceCopy = (page: Page) => keyval(page, 'meldloket:device-draft') as Promise<StoredCopy | null>;
const description = (page: Page) => page.getByRole('textbox', { name: /Waar gaat het om\?/ });
const offer = (page: Page) => page.getByRole('dialog', { name: /^Verder met uw melding van / });

/** Step 1 filled in a tab with a photo; the tab is closed once the device holds it. Returns the copy and a new tab. */
async function beginAndClose(context: BrowserContext, page: Page): Promise<{ copy: StoredCopy; tab: Page }> {
  await describeReport(page, { text: TEXT, subcategory: 'Prullenbak is kapot', photos: 1 });
  await expect.poll(async () => (await deviceCopy(page))?.draft.images.length ?? 0).toBe(1);
  const copy = (await deviceCopy(page))!;
  expect(copy.draft.description).toBe(TEXT);
  await page.close();
  return { copy, tab: await context.newPage() };
}

/**
 * The new tab has looked for a report on the device and offers none: what the resident types there
 * becomes the device's copy (which happens only once no offer is pending), and no dialog is shown.
 */
async function expectNoOffer(tab: Page) {
  await tab.goto('/incident/beschrijf');
  await expectHeading(tab, 'Beschrijf uw melding');
  await description(tab).fill('Een nieuwe melding');
  await expect.poll(async () => (await deviceCopy(tab))?.draft.description ?? null).toBe('Een nieuwe melding');
  await expect(offer(tab).count()).resolves.toBe(0);
}

async function onDevice<T>(run: (context: BrowserContext, page: Page) => Promise<T>, options: object = { viewport: DESKTOP }): Promise<T> {
  const { context, page } = await newPage(browser(), options);
  try {
    return await run(context, page);
  } finally {
    await context.close();
  }
}

describe('a half-filled report on this device', () => {
  it('is offered in a new tab with the time it was last changed; going on (by keyboard) brings back the text and the photo', async () => {
    await onDevice(async (context, page) => {
      const { copy, tab } = await beginAndClose(context, page);
      await tab.goto('/incident/beschrijf');
      const dialog = offer(tab);
      await dialog.waitFor();
      // announced by its name, in Amsterdam time: 'Verder met uw melding van 28 november om 14:05?'
      await expect(dialog.getAttribute('aria-labelledby').then((id) => tab.locator(`[id="${id}"]`).innerText())).resolves.toBe(
        `Verder met uw melding van ${formatInAmsterdam(copy.savedAt, "d MMMM 'om' HH:mm")}?`,
      );
      // the focus starts on going on (the choice that loses nothing); the page under it is inert
      const resume = dialog.getByRole('button', { name: 'Verder met mijn melding' });
      await expect.poll(() => resume.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await axeViolations(tab)).toEqual([]);
      await tab.screenshot({ path: 'test-results/device-draft-offer-desktop.png' });
      await tab.keyboard.press('Enter');
      await expect.poll(() => description(tab).inputValue()).toBe(TEXT);
      await expect.poll(() => tab.getByRole('combobox', { name: /^Subcategorie/ }).inputValue()).toBe('Prullenbak is kapot');
      await tab.getByRole('img', { name: 'foto-1.png' }).waitFor();
      await expect(offer(tab).count()).resolves.toBe(0);
      await expect.poll(() => description(tab).evaluate((field) => field === document.activeElement)).toBe(true);
      // and the report goes on to be sent with its photo
      await next(tab);
      await expectHeading(tab, 'Locatie en vragen');
      await chooseLocation(tab);
      await next(tab);
      await fillContact(tab, { email: 'bewoner@example.com' });
      await next(tab);
      const sent = await send(tab, 1);
      expect(sent.payload.text).toBe(TEXT);
      // sent: the device keeps nothing of it, and a new tab offers nothing
      await expect.poll(() => deviceCopy(tab)).toBe(null);
      await tab.close();
      await expectNoOffer(await context.newPage());
    });
  });

  it("starts anew on 'Opnieuw beginnen': an empty form, and the report and its photo are gone from the device", async () => {
    await onDevice(
      async (context, page) => {
        const { copy, tab } = await beginAndClose(context, page);
        await tab.goto('/incident/beschrijf');
        await offer(tab).waitFor();
        expect(await axeViolations(tab)).toEqual([]);
        await tab.screenshot({ path: 'test-results/device-draft-offer-phone.png' });
        await offer(tab).getByRole('button', { name: 'Opnieuw beginnen' }).click();
        await expect.poll(() => offer(tab).count()).toBe(0);
        await expect.poll(() => description(tab).evaluate((field) => field === document.activeElement)).toBe(true);
        await expect(description(tab).inputValue()).resolves.toBe('');
        await expect(tab.getByRole('img', { name: 'foto-1.png' }).count()).resolves.toBe(0);
        await expect.poll(() => deviceCopy(tab)).toBe(null);
        await expect(keyval(tab, `meldloket:photo:${copy.draft.images[0]!.id}`)).resolves.toBe(null);
        await tab.close();
        await expectNoOffer(await context.newPage());
      },
      PHONE_CONTEXT,
    );
  });

  it('is not offered once it is older than a day, and is then discarded with its photo', async () => {
    await onDevice(async (context, page) => {
      const { copy, tab } = await beginAndClose(context, page);
      // a day and a minute ago, as if the tab had been closed then
      // (changed from a page of the same origin that does not run the app)
      await tab.route('**/blank', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
      await tab.goto('/blank');
      await keyval(tab, 'meldloket:device-draft', `return { ...value, savedAt: ${copy.savedAt - DAY_MS - 60_000} }`);
      await expectNoOffer(tab);
      await expect(keyval(tab, `meldloket:photo:${copy.draft.images[0]!.id}`)).resolves.toBe(null);
    });
  });

  it('stays on the device when the offer is closed by Escape, until this tab has a report of its own', async () => {
    await onDevice(async (context, page) => {
      const { copy, tab } = await beginAndClose(context, page);
      await tab.goto('/incident/beschrijf');
      await offer(tab).waitFor();
      await tab.keyboard.press('Escape');
      await expect.poll(() => offer(tab).count()).toBe(0);
      await expect.poll(() => description(tab).evaluate((field) => field === document.activeElement)).toBe(true);
      await expect(deviceCopy(tab).then((stored) => stored?.savedAt)).resolves.toBe(copy.savedAt);
      await tab.keyboard.type('Iets anders');
      await expect.poll(async () => (await deviceCopy(tab))?.draft.description ?? null).toBe('Iets anders');
    });
  });

  it('is offered over the first page the app took over, keeping what was typed there before the app ran', async () => {
    await onDevice(async (context, page) => {
      await beginAndClose(context, page).then(async ({ tab }) => {
        const scripts = await holdScripts(tab);
        await tab.goto('/incident/beschrijf', { waitUntil: 'commit' });
        await expectHeading(tab, 'Beschrijf uw melding');
        await description(tab).pressSequentially('Getypt voordat de app er was');
        await tab.evaluate(() => void ((window as unknown as Record<string, unknown>).renderedField = document.querySelector('textarea')));
        await scripts.release();
        await offer(tab).waitFor();
        // the app took the rendered page over (the same field), and the offer is over it
        await expect(tab.evaluate(() => document.querySelector('textarea') === (window as unknown as Record<string, unknown>).renderedField)).resolves.toBe(true);
        await offer(tab).getByRole('button', { name: 'Opnieuw beginnen' }).click();
        await expect.poll(() => description(tab).inputValue()).toBe('Getypt voordat de app er was');
        await expect.poll(async () => (await deviceCopy(tab))?.draft.description ?? null).toBe('Getypt voordat de app er was');
      });
    });
  });
});
