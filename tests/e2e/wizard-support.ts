/**
 * Helpers for the wizard's end-to-end tests: fill each step the way a resident
 * does (by role and label), make real PNG photos, and read back what was stored.
 */
import { deflateSync, crc32 } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { API_PATHS } from '@meldloket/engine';
import { api, appTookOver, axeViolations, STEP_TIMEOUT } from './support.ts';

/** A real PNG of random pixels: big enough (> 30 KiB) for the photo rules, small enough to send quickly. */
export function photo(name: string, size = 120): { name: string; mimeType: string; buffer: Buffer } {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) rows.push(Buffer.concat([Buffer.from([0]), randomBytes(size * 3)]));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer: png };
}

export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Waits for the page's h1; on failure says where the browser was and what it showed. */
export async function expectHeading(page: Page, name: string | RegExp, timeout = STEP_TIMEOUT) {
  try {
    await heading(page, name).waitFor({ timeout });
  } catch (error) {
    const text = await page.locator('body').innerText().catch(() => '(no body)');
    throw new Error(`heading ${String(name)} not shown at ${page.url()}; the page showed:\n${text.slice(0, 1500)}`, { cause: error });
  }
}

/**
 * Step 1 once the app has taken over the page drawn ahead: the resident taps into the description
 * (on a phone), and the category tree, read only once the resident begins, has arrived.
 */
export async function beginInDescription(page: Page) {
  await appTookOver(page);
  const categories = page.waitForResponse((response) => response.url().includes(API_PATHS.categories));
  await page.getByRole('textbox', { name: /Waar gaat het om\?/ }).tap();
  await categories;
}

/** Step 1: the description, the subcategory (chosen by name, after the prediction had its go) and photos. */
export async function describeReport(page: Page, options: { text: string; subcategory: string; photos?: number }) {
  await page.goto('/incident/beschrijf');
  await expectHeading(page, 'Beschrijf uw melding');
  const description = page.getByRole('textbox', { name: /Waar gaat het om\?/ });
  await description.fill(options.text);
  const prediction = page.waitForResponse((r) => r.url().endsWith('/signals/category/prediction')).catch(() => null);
  await description.blur();
  await prediction;
  await chooseSubcategory(page, options.subcategory);
  if (options.photos) {
    await page.getByLabel("Foto's toevoegen").setInputFiles(Array.from({ length: options.photos }, (_, i) => photo(`foto-${i + 1}.png`)));
    await page.getByRole('img', { name: `foto-${options.photos}.png` }).waitFor();
  }
}

/** Types (part of) the subcategory's name in the searchable list and clicks the option with that name. */
export async function chooseSubcategory(page: Page, name: string, search = name) {
  const box = page.getByRole('combobox', { name: /^Subcategorie/ });
  // a click opens the list (typing the name a prediction already put there changes nothing)
  await box.click();
  await box.fill(search);
  // a prediction that lands between fill's select-all and its typing puts its name in the field and
  // the typed text after it (a person typing key by key starts a new search: SubcategoryChoice): type again
  for (let attempt = 0; attempt < 2 && (await box.inputValue()) !== search; attempt += 1) await box.fill(search);
  const list = page.getByRole('listbox', { name: /^Subcategorie/ });
  try {
    await list.getByRole('option', { name, exact: true }).click();
  } catch (error) {
    // say what the field showed, so a failure can be understood from the report
    const state = await box.evaluate((el) => ({ value: (el as HTMLInputElement).value, expanded: el.getAttribute('aria-expanded'), focused: el === document.activeElement })).catch(() => null);
    const options = await list.getByRole('option').allInnerTexts().catch(() => []);
    throw new Error(`no option '${name}' after typing '${search}' at ${page.url()}: field ${JSON.stringify(state)}, ${options.length} options shown (${options.slice(0, 5).join(', ')})`, { cause: error });
  }
  const shown = await box.inputValue();
  if (shown !== name) throw new Error(`subcategory field shows '${shown}' after choosing '${name}'`);
}

/** In the focused subcategory list: arrow down until `name` is the active option, then Enter (keyboard only). */
export async function arrowToSubcategory(page: Page, name: string) {
  const box = page.getByRole('combobox', { name: /^Subcategorie/ });
  const option = page.getByRole('option', { name, exact: true });
  await option.waitFor();
  const id = await option.getAttribute('id');
  for (let i = 0; i < 30 && (await box.getAttribute('aria-activedescendant')) !== id; i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const shown = await box.inputValue();
  if (shown !== name) throw new Error(`subcategory field shows '${shown}' after choosing '${name}'`);
}

export async function next(page: Page) {
  await page.getByRole('button', { name: 'Volgende' }).click();
}

/** Step 2: pick the location through the address search of the map screen (no dragging needed). */
export async function chooseLocation(page: Page, query = 'Dam 1', options: { open?: boolean; submit?: RegExp } = {}) {
  const submit = options.submit ?? /Gebruik deze locatie|Ga verder zonder|Meld dit object/;
  if (options.open !== false) await page.getByRole('button', { name: 'Kies locatie' }).click();
  const search = page.getByRole('combobox', { name: 'Zoek op adres of postcode' });
  await search.fill(query);
  await page.getByRole('listbox', { name: 'Zoek op adres of postcode' }).getByRole('option').first().click();
  await page.getByText('Adres wordt opgezocht…').waitFor({ state: 'detached' }).catch(() => undefined);
  await page.getByRole('button', { name: submit }).click();
  await page.getByRole('button', { name: 'Wijzigen' }).waitFor();
}

/** Answers a radio question by the texts of its question and option. */
export async function choose(page: Page, question: string | RegExp, option: string | RegExp) {
  await page.getByRole('group', { name: question }).getByRole('radio', { name: option, exact: typeof option === 'string' }).check();
}

export async function fillText(page: Page, label: string | RegExp, value: string) {
  await page.getByRole('textbox', { name: label }).fill(value);
}

/** Step 3. */
export async function fillContact(page: Page, contact: { phone?: string; email?: string; share?: boolean }) {
  await expectHeading(page, 'Contactgegevens');
  if (contact.phone) await fillText(page, /Wat is uw telefoonnummer\?/, contact.phone);
  if (contact.email) await fillText(page, /Wat is uw e-mailadres\?/, contact.email);
  if (contact.share) await page.getByRole('checkbox', { name: /toestemming/ }).check();
}

/** Steps 1 to 3 the plain way (the report described, 'Dam 1' as its place, `contact` given) up to the summary, 'Versturen'. */
export async function toSummary(page: Page, report: { text: string; subcategory: string }, contact: { phone?: string; email?: string; share?: boolean }) {
  await describeReport(page, report);
  await next(page);
  await expectHeading(page, 'Locatie en vragen');
  await chooseLocation(page, 'Dam 1');
  await next(page);
  await fillContact(page, contact);
  await next(page);
  await expectHeading(page, 'Versturen');
}

/** From step 2 of a Grofvuil report to the summary: 'Dam 1', 'Een bank' as the extra waste, no contact details. */
export async function grofvuilToSummary(page: Page) {
  await expectHeading(page, 'Locatie en vragen');
  await chooseLocation(page, 'Dam 1');
  await fillText(page, question('afval', 'extra_afval').label, 'Een bank');
  await next(page);
  await expectHeading(page, 'Contactgegevens');
  await next(page);
  await expectHeading(page, 'Versturen');
}

export interface Submitted {
  payload: Record<string, unknown>;
  created: { signal_id: string; _display: string; id: number };
  uploads: number[];
}

/** On the summary: 'Verstuur', then wait for the thank-you page; returns what was sent and stored. */
export async function send(page: Page, photos = 0, whileSending?: () => Promise<void>): Promise<Submitted> {
  await expectHeading(page, 'Versturen');
  const uploads: Promise<Response>[] = [];
  const onRequest = (r: import('playwright-core').Request) => {
    if (/\/attachments\/?$/.test(new URL(r.url()).pathname) && r.method() === 'POST') uploads.push(r.response().then((x) => x!));
  };
  page.on('request', onRequest);
  const createRequest = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/signals/v1/public/signals/');
  const createResponse = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/signals/v1/public/signals/');
  await page.getByRole('button', { name: 'Verstuur' }).click();
  await whileSending?.();
  const request = await createRequest;
  const response = await createResponse;
  await expectHeading(page, 'Bedankt!');
  page.off('request', onRequest);
  const statuses = (await Promise.all(uploads)).map((r) => r.status());
  if (statuses.length !== photos) throw new Error(`expected ${photos} uploads, saw ${statuses.length}`);
  return { payload: request.postDataJSON() as Record<string, unknown>, created: (await response.json()) as Submitted['created'], uploads: statuses };
}

/**
 * What the server stored of a report, read back through its public APIs: the
 * follow-up flow's development trigger opens a question session on the report,
 * whose snapshot holds the description, the location and the photos (this needs
 * the report to have an e-mail address).
 */
export async function storedReport(signalId: string) {
  const started = await api<{ sessionUuid: string }>('/dev/followup/reaction-request', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ signal_id: signalId, question: 'Kunt u nog iets toevoegen?' }),
  });
  if (started.status !== 201) throw new Error(`no question session for ${signalId}: ${started.status} ${JSON.stringify(started.body)}`);
  const session = await api<{
    questionnaire_explanation: { sections: Array<{ text: string; files: Array<{ description: string }> }> };
    signal_snapshot: { location: { address_text: string | null; geometrie: { coordinates: [number, number] } } | null };
  }>(`/signals/v1/public/qa/sessions/${started.body.sessionUuid}`);
  if (session.status !== 200) throw new Error(`question session not readable: ${session.status}`);
  const [section] = session.body.questionnaire_explanation.sections;
  return {
    text: section?.text,
    photos: (section?.files ?? []).map((f) => f.description),
    address: session.body.signal_snapshot.location?.address_text ?? null,
  };
}

/** Every screen: axe (WCAG A/AA) finds nothing, and there is exactly one h1. */
export async function checkScreen(page: Page): Promise<string[]> {
  const problems = await axeViolations(page);
  const h1 = await page.getByRole('heading', { level: 1 }).count();
  if (h1 !== 1) problems.push(`page has ${h1} h1 elements instead of one`);
  return problems;
}

/** The stored report, read back through the public API. */
export async function storedSignal(signalId: string) {
  return api<{ _display: string; id: number; signal_id: string; status: { state: string } }>(`/signals/v1/public/signals/${signalId}`);
}

export function extra(payload: Record<string, unknown>): Record<string, unknown> {
  const list = (payload.extra_properties as Array<{ id: string; answer: unknown }>) ?? [];
  return Object.fromEntries(list.map((item) => [item.id, item.answer]));
}

interface QuestionJson {
  key: string;
  meta: { label?: string; values?: Record<string, string | { label: string }>; value?: string; language?: { title?: string } };
}

const sets = new Map<string, QuestionJson[]>();

/** A question of a question set, read from question-sets/ so the tests follow the texts. */
export function question(file: string, key: string): { label: string; option(id: string): string; value?: string; mapTitle?: string } {
  if (!sets.has(file)) {
    const json = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../question-sets', `${file}.json`), 'utf8')) as { questions: QuestionJson[] };
    sets.set(file, json.questions);
  }
  const found = sets.get(file)!.find((q) => q.key === key);
  if (!found) throw new Error(`no question ${key} in ${file}`);
  return {
    label: found.meta.label ?? key,
    value: found.meta.value,
    /** The map dialog's title the question sets (meta.language.title). */
    mapTitle: found.meta.language?.title,
    option(id: string) {
      const entry = found.meta.values?.[id];
      if (entry === undefined) throw new Error(`no option ${id} for ${key}`);
      return typeof entry === 'string' ? entry : entry.label;
    },
  };
}

/** Answers a radio question of a question set by key and option id. */
export async function answer(page: Page, file: string, key: string, id: string) {
  const q = question(file, key);
  await choose(page, q.label, q.option(id));
}
