/**
 * A resident sends a report with a photo that does not decode (a PNG whose zlib checksum
 * is wrong: it passes every check but decoding), at desktop and phone size. The report
 * is stored and thanked for; the photo is refused by the server's image step, and the
 * thank-you page says which photo and why, with what to do next. The server holds the
 * report without the photo (docs/images.md).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { messages } from '@meldloket/engine';
import { axeViolations, useBrowser, withPage } from './support.ts';
import { SCREENSHOTS } from './staff-support.ts';
import { pngChunk } from '../../server/test/images.ts';
import { chooseLocation, describeReport, fillContact, heading, next, send, storedReport } from './wizard-support.ts';

const browser = useBrowser();

/** A 120×120 RGBA PNG of noise (over the wizard's 30 KiB minimum) whose zlib stream ends in a wrong Adler-32; every chunk CRC is right. */
function brokenPng(): Buffer {
  const side = 120;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8;
  header[9] = 6; // RGBA
  const rows = Buffer.concat(Array.from({ length: side }, () => Buffer.concat([Buffer.from([0]), randomBytes(side * 4)])));
  const zlib = deflateSync(rows);
  zlib[zlib.length - 1]! ^= 0xff; // the Adler-32 checksum
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', zlib), pngChunk('IEND', Buffer.alloc(0))]);
}

describe.each([
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const)('a resident whose photo is broken (%s)', (size, options) => {
  it('gets the report thanked for, is told which photo was refused and why, and the server holds the report without it', async () => {
    await withPage(
      browser(),
      async (page) => {
        await describeReport(page, { text: 'Er ligt een kapotte stoeptegel voor de deur', subcategory: 'Veeg- en zwerfvuil' });
        await page.getByLabel("Foto's toevoegen").setInputFiles([{ name: 'stoep.png', mimeType: 'image/png', buffer: brokenPng() }]);
        await page.getByRole('button', { name: 'Verwijder foto stoep.png' }).waitFor();
        await next(page);
        await heading(page, 'Locatie en vragen').waitFor();
        await chooseLocation(page, 'Dam 1');
        await next(page);
        await fillContact(page, { email: `kapotte-foto-${size}@example.com` });
        await next(page);
        const sent = await send(page, 1);
        expect(sent.uploads).toEqual([400]);

        // what the resident reads: the number, the photo with the reason, and what to do
        expect(await page.locator('.ml-confirmation-panel').innerText()).toContain(sent.created._display);
        const failures = page.locator('.ml-upload-failures');
        const text = await failures.innerText();
        expect(text).toContain(`${messages.uploadFailed}: stoep.png`);
        expect(text).toContain(messages.photoNotDecoded);
        expect(text).toContain(`noem uw meldingnummer ${sent.created._display}`);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(SCREENSHOTS, `broken-photo-thanks-${size}.png`), fullPage: true });

        // what the server holds: the report, without the photo
        const stored = await storedReport(sent.created.signal_id);
        expect(stored.text).toContain('Er ligt een kapotte stoeptegel voor de deur');
        expect(stored.photos).toEqual([]);
      },
      options,
    );
  });
});
