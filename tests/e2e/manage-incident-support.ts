/**
 * Helpers for the back-office report tests: a resident's report through the wizard,
 * the mails in the outbox, the detail page's status form, axe and screenshots at
 * phone and desktop size.
 */
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { api, axeViolations } from './support.ts';
import { openAs, SCREENSHOTS, storedToken, type Account } from './staff-support.ts';

export { openAs } from './staff-support.ts';
import { chooseLocation, describeReport, expectHeading, fillContact, fillText, next, question, send } from './wizard-support.ts';

export { DESKTOP, PHONE } from './support.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Every mail in the outbox (GET /dev/outbox.json of the development pages). */
export async function outbox(): Promise<Mail[]> {
  const res = await api<Mail[]>('/dev/outbox.json');
  if (res.status !== 200) throw new Error(`outbox: ${res.status}`);
  return res.body;
}

/**
 * The newest mail to `to` whose text matches `pattern` (the outbox lists the newest first). A mail
 * is stored in the same transaction as the change that sends it, so it is there once the change's
 * answer is: no waiting, and never an older mail of an earlier step.
 */
export async function mailTo(to: string, pattern: RegExp): Promise<Mail> {
  const mails = await outbox();
  const mail = mails.find((m) => m.to === to && (pattern.test(m.text) || pattern.test(m.html ?? '')));
  if (!mail) throw new Error(`no mail to ${to} matching ${pattern}; outbox: ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`);
  return mail;
}

/** The first link in a mail matching `pattern`, as a path of this server. */
export function linkIn(mail: Mail, pattern: RegExp): string {
  const match = (mail.html ?? mail.text).replace(/&amp;/g, '&').match(pattern) ?? mail.text.match(pattern);
  if (!match) throw new Error(`no link ${pattern} in mail '${mail.subject}'`);
  return new URL(match[0]).pathname;
}

/** A resident reports bulky waste at Dam 1 through the wizard, with an e-mail address; returns the report's id. */
export async function residentReports(page: Page, email: string, text = 'Er staat een oude kast naast de container'): Promise<number> {
  await describeReport(page, { text, subcategory: 'Grofvuil' });
  await next(page);
  await expectHeading(page, 'Locatie en vragen');
  await chooseLocation(page, 'Dam 1');
  await fillText(page, question('afval', 'extra_afval').label, 'Een kast');
  await next(page);
  await fillContact(page, { email });
  await next(page);
  const sent = await send(page);
  return sent.created.id;
}

/** Axe on the page, and a screenshot to look at, named after the screen. */
export async function checkAndShoot(page: Page, name: string): Promise<string[]> {
  const size = page.viewportSize();
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size?.width ?? 0}.png`), fullPage: true });
  return axeViolations(page);
}

/** The private API's reports, with a trailing slash: `${SIGNALS}${id}/…`. */
export const SIGNALS = '/signals/v1/private/signals/';

/** On the detail page: open the 'Status wijzigen' form. */
export async function openStatusForm(page: Page) {
  await page.getByRole('button', { name: 'Status wijzigen', exact: true }).click();
  return page.getByRole('form', { name: 'Status wijzigen' });
}

/** On the detail page: 'Status wijzigen', pick `status`, optionally a default text, type `text`, save; waits for the confirmation. */
export async function changeStatus(page: Page, status: string, options: { text?: string; defaultText?: string; label?: string } = {}) {
  const form = await openStatusForm(page);
  await form.getByRole('radio', { name: status, exact: true }).check();
  const box = form.getByRole('textbox', { name: options.label ?? 'Toelichting' });
  if (options.defaultText) await form.getByRole('button', { name: `Gebruik ‘${options.defaultText}’` }).click();
  if (options.text) await box.fill(options.text);
  await form.getByRole('button', { name: 'Status opslaan' }).click();
  // the form closing says this save is done (an earlier change's message may still show)
  await form.waitFor({ state: 'detached' });
  await page.getByText(`De status is gewijzigd naar ${status}.`).waitFor();
}

/** The history entries as shown: 'action — description'. */
export async function historyLines(page: Page): Promise<string[]> {
  const items = page.getByRole('region', { name: 'Geschiedenis' }).getByRole('listitem');
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/** Opens a report's page signed in as `account` (1280×800 unless `options` says otherwise), once its heading shows. */
export async function openReportAs(browser: Browser, id: number, account: Account, options: BrowserContextOptions = {}) {
  const opened = await openAs(browser, `/manage/incident/${id}`, account, options);
  await opened.page.getByRole('heading', { level: 1, name: `Melding SIG-${id}` }).waitFor();
  return opened;
}

/** A call to the API with the page's own staff token: what the API holds for, or answers to, that staff member. */
export async function apiAs<T = any>(page: Page, pathname: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const token = await storedToken(page);
  return api<T>(pathname, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

/** The action buttons of a report's page, by name. */
export async function actionNames(page: Page): Promise<string[]> {
  const actions = page.getByRole('region', { name: 'Acties' });
  await actions.getByRole('button').first().waitFor();
  return (await actions.getByRole('button').allInnerTexts()).map((t) => t.trim());
}
