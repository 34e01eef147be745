/**
 * docs/duplicates.md's proof in Chromium: residents report the same broken lamp; the second, on step 2 of
 * the wizard, sees the first report and follows it (confirmed by the link in the mail; the page and
 * the mails name the report followed) instead of reporting it again; a third
 * reports anyway and a handler merges that report into the first; closing the first then
 * sends one mail to each of the three, each to one address. The follower stops following by
 * the link in that mail, without signing in.
 */

import { describe, expect, it } from 'vitest';
import { api, axeViolations, newPage, useBrowser } from './support.ts';
import { STAFF } from './staff-support.ts';
import { createReport } from './followup-support.ts';
import { changeStatus, linkIn, mailTo, openReportAs, outbox } from './manage-incident-support.ts';
import { chooseLocation, describeReport, expectHeading, next } from './wizard-support.ts';

const browser = useBrowser();

const LAMP = 'wegen-verkeer-straatmeubilair/sub_categories/lantaarnpaal-straatverlichting';
const RESIDENTS = ['lamp.eerste@example.com', 'lamp.tweede@example.com', 'lamp.derde@example.com'] as const;

describe('one problem, many reporters', () => {
  it('two residents report the same lamp, one follows, one is merged: closing it mails each of the three once', async () => {
    const [first, second, third] = RESIDENTS;
    const main = await createReport(first, LAMP);

    // the second resident starts a report of the same lamp; step 2 shows the first report ('Is dit
    // hetzelfde probleem?') and they follow it instead of reporting
    const resident = await newPage(browser());
    await describeReport(resident.page, { text: 'De lantaarnpaal op de Dam brandt niet', subcategory: 'Lantaarnpaal of straatverlichting' });
    await next(resident.page);
    await expectHeading(resident.page, 'Locatie en vragen');
    await chooseLocation(resident.page, 'Dam 1');
    const nearby = resident.page.getByRole('region', { name: 'Is dit hetzelfde probleem?' });
    const item = nearby.getByRole('listitem').filter({ has: resident.page.getByRole('heading', { level: 3, name: `Melding SIG-${main.id}` }) });
    await item.getByRole('button', { name: 'Ja, houd mij op de hoogte' }).click();
    await nearby.getByRole('textbox', { name: 'Wat is uw e-mailadres?' }).fill(second);
    await nearby.getByRole('button', { name: 'Volg deze melding' }).click();
    // the thank-you names the report followed
    await nearby.getByRole('heading', { level: 3, name: 'Bevestig uw e-mailadres' }).waitFor();
    await nearby.getByText(`U volgt straks melding SIG-${main.id}.`, { exact: false }).waitFor();
    // confirmed by the link in the mail: the page names the report, and so does the mail that follows, with its link to stop
    await resident.page.goto(linkIn(await mailTo(second, /\/volgen\/bevestig\//), /https?:\/\/[^\s"<]+\/volgen\/bevestig\/[\w-]+/));
    await resident.page.getByRole('heading', { level: 1, name: `U volgt melding SIG-${main.id}` }).waitFor();
    await resident.page.getByText('De status is nu: Gemeld.', { exact: false }).waitFor();
    expect(await axeViolations(resident.page)).toEqual([]);
    const confirmed = await mailTo(second, new RegExp(`U volgt nu melding SIG-${main.id}`));
    expect(confirmed.subject).toBe(`U volgt melding SIG-${main.id}`);
    expect(linkIn(confirmed, /https?:\/\/[^\s"<]+\/volgen\/stoppen\/[\w-]+/)).toMatch(/^\/volgen\/stoppen\//);

    // the third reports anyway; a handler merges it into the first
    const duplicate = await createReport(third, LAMP);
    const { page, context } = await openReportAs(browser(), main.id, STAFF.coordinator);
    const section = page.getByRole('region', { name: 'Melders en volgers' });
    await section.getByText('2 melders · 1 volger').waitFor();
    await section.getByRole('textbox', { name: 'Nummer van de dubbele melding' }).fill(`SIG-${duplicate.id}`);
    await section.getByRole('button', { name: 'Samenvoegen met deze melding' }).click();
    await section.getByText('3 melders · 2 volgers').waitFor();
    expect((await mailTo(third, /samengevoegd/)).subject).toBe(`Uw melding SIG-${duplicate.id} is samengevoegd met SIG-${main.id}`);

    // closing the first report: one mail to each of the three, each to one address
    const before = (await outbox()).length;
    await changeStatus(page, 'Afgehandeld', { text: 'De lamp brandt weer.' });
    const all = await outbox();
    const sent = all.slice(0, all.length - before);
    expect(sent.map((m) => m.to).sort()).toEqual([...RESIDENTS].sort());
    for (const mail of sent) {
      expect(mail.to).not.toContain(',');
      expect(mail.text).toContain(`SIG-${main.id}`);
      expect(mail.text).toContain('De lamp brandt weer.');
      for (const other of RESIDENTS.filter((r) => r !== mail.to)) expect(`${mail.text}${mail.html ?? ''}`).not.toContain(other);
      // a follower's mail (the one who followed, the merged reporter) has its one-click link to stop
      if (mail.to !== first) expect(linkIn(mail, /https?:\/\/[^\s"<]+\/volgen\/stoppen\/[\w-]+/)).toMatch(/^\/volgen\/stoppen\//);
    }

    // the follower stops following by the link in that mail, without signing in
    const news = sent.find((m) => m.to === second)!;
    await resident.page.goto(linkIn(news, /https?:\/\/[^\s"<]+\/volgen\/stoppen\/[\w-]+/));
    await resident.page.getByRole('heading', { level: 1, name: `U volgt melding SIG-${main.id} niet meer` }).waitFor();
    await resident.page.getByText(`U krijgt geen berichten meer over melding SIG-${main.id}.`).waitFor();
    const held = await api<{ count: number }>(`/signals/v1/public/followers/unsubscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'al-gebruikt' }) });
    expect(held.status).toBe(404);
    await context.close();
    await resident.context.close();
  });
});
