/**
 * The question-set studio (docs/studio-api.md, docs/authoring.md), in Chromium. An author (Beheerder) adds a
 * required radio question with a condition to the draft of 'wrakken' in the structured view, by
 * keyboard; the live preview shows it only when the condition holds; the author publishes, and a
 * resident filing a Fietswrak report (another browser context) gets the question and its answer is
 * in the stored report's extra_properties; the author rolls back and the next resident does not get
 * it. A broken draft (a schema error, a cycle) cannot be published and says why at the JSON path. A
 * coordinator (no sia_questionset_write) does not see the section and gets 403 from the API.
 * Axe and screenshots at phone and desktop size.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, axeViolations, useBrowser } from './support.ts';
import { SCREENSHOTS, signedIn, STAFF, storedToken, withViewport } from './staff-support.ts';
import { choose, chooseLocation, describeReport, expectHeading, extra, fillContact, next, send } from './wizard-support.ts';
import { tabTo } from './map-support.ts';

const SETS = '/signals/v1/private/question-sets';
const QUESTION = 'Is het wrak met een slot vastgemaakt?';
const browser = useBrowser();

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const auth = async (page: Page) => ({ authorization: `Bearer ${await storedToken(page)}`, 'content-type': 'application/json' });

/** Types into the focused element as a person does (select-all first), then Tab. */
async function typeHere(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** A resident files a Fietswrak report; returns whether the new question was asked and the stored report's extra_properties. */
async function residentReport(text: string, answerIt: boolean) {
  return withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
    await describeReport(page, { text, subcategory: 'Fietswrak' });
    await next(page);
    await expectHeading(page, 'Locatie en vragen');
    await chooseLocation(page, 'Dam 1');
    const asked = page.getByRole('group', { name: QUESTION });
    const wasAsked = (await asked.count()) > 0;
    if (answerIt) await choose(page, QUESTION, 'Ja');
    await next(page);
    await fillContact(page, {});
    await next(page);
    const sent = await send(page);
    return { wasAsked, sent: extra(sent.payload), id: sent.created.id };
  });
}

describe('the question-set studio', () => {
  it('an author adds a conditional required question, previews, publishes; a resident gets it; a roll back takes it away again', async () => {
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.beheerder, '/instellingen/vragenlijsten');
      await h1(page, 'Vragenlijsten').waitFor();
      const row = page.getByRole('row', { name: /\(wrakken\)/ });
      await row.getByRole('cell', { name: /Fietswrak/ }).waitFor();
      await row.getByRole('cell', { name: /^Versie 1, .* door meldloket$/ }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'studio-list-1280.png'), fullPage: true });
      await row.getByRole('link', { name: /\(wrakken\)/ }).click();
      await h1(page, 'Vragenlijst Fiets- en voertuigwrakken').waitFor();

      // the palette, by keyboard: radio_input, 'Toevoegen'; the focus lands on the new question's key
      const palette = page.getByRole('combobox', { name: 'Veldtype van de nieuwe vraag' });
      await palette.focus();
      await page.keyboard.type('radio_input');
      expect(await palette.inputValue()).toBe('radio_input');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const key = page.getByRole('textbox', { name: /^Sleutel/ });
      await expect.poll(() => key.evaluate((el) => el === document.activeElement)).toBe(true);
      await typeHere(page, 'slot');
      await page.keyboard.press('Tab');
      await typeHere(page, QUESTION);
      await tabTo(page, page.getByRole('checkbox', { name: 'Verplicht' }), 40);
      await page.keyboard.press('Space');
      // shown only for a Fietswrak: a condition on the subcategory
      await tabTo(page, page.getByRole('combobox', { name: 'Vraag of subcategorie' }), 40);
      await page.keyboard.type('De subcategorie');
      await page.keyboard.press('Tab');
      await page.keyboard.type('fietswrak');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByText('subcategory: fietswrak').waitFor();
      await page.getByText('Er zijn wijzigingen die nog niet zijn opgeslagen.').waitFor();

      // the preview: the question for a Fietswrak, not for an Auto-, scooter- of bromfietswrak
      const preview = page.getByRole('form', { name: 'Voorbeeld' });
      const subcategory = page.getByRole('combobox', { name: 'Subcategorie van de melding' });
      await subcategory.selectOption({ label: 'Fietswrak' });
      await preview.getByRole('group', { name: QUESTION }).waitFor();
      await subcategory.selectOption({ label: 'Auto-, scooter- of bromfietswrak' });
      await preview.getByRole('group', { name: QUESTION }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Waarom niet? (${QUESTION})` }).click();
      await page.getByText(/^subcategory is fietswrak/).waitFor();
      await subcategory.selectOption({ label: 'Fietswrak' });
      await preview.getByRole('group', { name: QUESTION }).getByRole('radio', { name: 'Ja' }).check();
      await expect.poll(async () => JSON.parse((await page.getByTestId('studio-payload').textContent()) ?? '[]').map((p: { id: string }) => p.id)).toContain('slot');
      await page.getByText('Geen fouten of waarschuwingen gevonden.').or(page.getByText(/^0 fouten en/)).first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'studio-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('radio', { name: 'Telefoon' }).check();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'studio-390.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });

      // publish: saved and published as version 2
      await page.getByRole('textbox', { name: /Notitie bij deze versie/ }).focus();
      await page.keyboard.type('Vraag over het slot');
      await tabTo(page, page.getByRole('button', { name: 'Publiceren' }), 40);
      await page.keyboard.press('Enter');
      await page.getByText('Versie 2 is gepubliceerd. De volgende melder krijgt deze vragen.').first().waitFor();
      const published = await api<{ published: { version: number; document: { questions: Array<{ key: string; required?: boolean; meta: Record<string, unknown> }> } }; draft: unknown }>(`${SETS}/wrakken/`, { headers: await auth(page) });
      expect(published.body.published.version).toBe(2);
      expect(published.body.draft).toBeNull();
      expect(published.body.published.document.questions.find((q) => q.key === 'slot')).toMatchObject({ required: true, meta: { label: QUESTION, ifOneOf: { subcategory: 'fietswrak' }, pathMerge: 'extra_properties' } });
    });

    // a resident (another browser context) gets the question; its answer is stored
    const first = await residentReport('Een fietswrak zonder zadel', true);
    expect(first.wasAsked).toBe(true);
    expect(first.sent.slot).toEqual({ id: 'ja', label: 'Ja' });

    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.beheerder, '/instellingen/vragenlijsten/wrakken');
      const stored = await api<{ extra_properties: Array<{ id: string; answer: unknown }> }>(`/signals/v1/private/signals/${first.id}`, { headers: await auth(page) });
      expect(extra(stored.body as unknown as Record<string, unknown>).slot).toEqual({ id: 'ja', label: 'Ja' });

      // compare 1 and 2, then roll back to 1: version 3
      await page.getByRole('button', { name: 'Vergelijken' }).click();
      const diff = page.getByRole('region', { name: 'Verschillen tussen Versie 1 en Versie 2' });
      await diff.getByText(/regels toegevoegd, 0 regels verwijderd\./).waitFor();
      await diff.getByText(/"key": "slot"/).waitFor();
      await page.getByRole('button', { name: 'Terugzetten naar versie 1' }).click();
      await page.getByText('Versie 3 is gepubliceerd met de vragen van versie 1.').first().waitFor();
      const versions = await api<{ results: Array<{ version: number; published_by: string }> }>(`${SETS}/wrakken/versions/`, { headers: await auth(page) });
      expect(versions.body.results.map((v) => [v.version, v.published_by])).toEqual([
        [3, STAFF.beheerder.email],
        [2, STAFF.beheerder.email],
        [1, 'meldloket'],
      ]);
    });

    const second = await residentReport('Nog een fietswrak', false);
    expect(second.wasAsked).toBe(false);
    expect(second.sent.slot).toBeUndefined();
  });

  it('a broken draft (a schema error, a cycle) cannot be published and says why at the JSON path', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'meldloket-studio-')), 'bomen.json');
    const radio = (k: string, on: string) => ({ key: k, field_type: 'radio_input', meta: { label: `Vraag ${k}`, values: { ja: 'Ja', nee: 'Nee' }, ifOneOf: { [on]: 'ja' } } });
    writeFileSync(file, `${JSON.stringify({ title: 'Bomen', questions: [radio('p', 'q'), radio('q', 'p'), { key: 'r', field_type: 'radio_input', meta: { label: 'Vraag r' } }] }, null, 2)}\n`);
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.beheerder, '/instellingen/vragenlijsten/bomen');
      await h1(page, 'Vragenlijst Bomen').waitFor();
      await page.getByLabel('JSON-bestand').setInputFiles(file);
      await page.getByRole('button', { name: 'Als concept importeren' }).click();
      await page.getByText('bomen.json is als concept geïmporteerd. Bekijk de controle voor je publiceert.').first().waitFor();
      const check = page.getByRole('region', { name: 'Controle' });
      await check.getByText('bij /questions/2/meta: "values" ontbreekt').waitFor();
      await check.getByText(/bij \/questions\/0: de zichtbaarheid hangt via een kring van vragen van zichzelf af: p, q/).waitFor();
      const publish = page.getByRole('button', { name: 'Publiceren' });
      expect(await publish.getAttribute('aria-disabled')).toBe('true');
      await page.getByText(/^Publiceren kan pas als het concept geen fouten meer heeft/).waitFor();

      // the JSON view underlines it; 'Ga naar' puts the cursor there
      await check.getByRole('button', { name: 'Ga naar /questions/2/meta' }).click();
      const editor = page.getByRole('textbox', { name: 'De vragenlijst als JSON' });
      await expect.poll(() => editor.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))).toBe(true);
      expect(await page.locator('.cm-lintRange-error').count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'studio-json-1280.png'), fullPage: true });

      // the server refuses it as well, with the findings at their paths
      const held = await api<{ draft: { text: string; based_on: number } }>(`${SETS}/bomen/`, { headers: await auth(page) });
      const refused = await api<{ findings: Array<{ path: string; kind: string }> }>(`${SETS}/bomen/publish/`, { method: 'POST', headers: await auth(page), body: JSON.stringify({ based_on: held.body.draft.based_on }) });
      expect(refused.status).toBe(400);
      expect(refused.body.findings).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/questions/2/meta', kind: 'schema' }), expect.objectContaining({ path: '/questions/0', kind: 'lint' })]));
      expect((await api(`${SETS}/bomen/draft/`, { method: 'DELETE', headers: await auth(page) })).status).toBe(204);
    });
  });

  it('a coordinator does not see the section and is refused by the API', async () => {
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.coordinator, '/instellingen/');
      await page.getByRole('link', { name: 'Routering' }).waitFor();
      expect(await page.getByRole('link', { name: 'Vragenlijsten' }).count()).toBe(0);
    });
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.coordinator, '/instellingen/vragenlijsten');
      await h1(page, 'Geen toegang').waitFor();
      expect((await api(`${SETS}/`, { headers: await auth(page) })).status).toBe(403);
      expect((await api(`${SETS}/wrakken/draft/`, { method: 'PUT', headers: await auth(page), body: JSON.stringify({ text: '{}' }) })).status).toBe(403);
    });
  });
});
