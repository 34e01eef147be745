/**
 * The wizard takes step 2's questions from the server's published question set (docs/studio-api.md,
 * docs/studio-api.md): a version an author publishes reaches the next resident at once (no
 * restart), and her answer is in the stored report's extra_properties; a resident who was already
 * filling in the form keeps the version she started with, also after a reload (the draft names it).
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { API_PATHS, apiPath } from '@meldloket/engine';
import { newPage, useBrowser } from './support.ts';
import { apiAs } from './manage-incident-support.ts';
import { signedIn, STAFF } from './staff-support.ts';
import { chooseLocation, choose, chooseSubcategory, describeReport, expectHeading, extra, fillContact, next, question, send } from './wizard-support.ts';

const browser = useBrowser();

const SET = 'wrakken';
const NEW = { key: 'extra_wrak_slot', label: 'Zit het wrak met een slot vast?', yes: 'Ja, aan een hek of paal' };
const newQuestion = {
  key: NEW.key,
  field_type: 'radio_input',
  required: true,
  meta: { label: NEW.label, shortLabel: 'Slot', ifAllOf: { subcategory: 'fietswrak' }, values: { ja: NEW.yes, nee: 'Nee' }, pathMerge: 'extra_properties' },
};

/** The versions of the wrakken set the page's wizard asked the server for ('latest' without ?version). */
function watchQuestionSets(page: Page): string[] {
  const asked: string[] = [];
  const path = apiPath(API_PATHS.publicQuestionSet, { name: SET });
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === path) asked.push(url.searchParams.get('version') ?? 'latest');
  });
  return asked;
}

async function startFietswrak(page: Page) {
  await describeReport(page, { text: 'Er staat al maanden een fietswrak tegen het hek bij de brug', subcategory: 'Fietswrak' });
  await next(page);
  await expectHeading(page, 'Locatie en vragen');
  await page.getByRole('textbox', { name: question(SET, 'extra_fietswrak').label }).waitFor();
}

describe('published question sets in the wizard', () => {
  it('a newly published version reaches the next resident at once; a wizard in progress keeps its version, also after a reload', async () => {
    const author = await newPage(browser());
    const first = await newPage(browser());
    const second = await newPage(browser());
    try {
      await signedIn(author.page, STAFF.beheerder);
      const before = await apiAs<any>(author.page, apiPath(API_PATHS.questionSet, { name: SET }));
      expect(before.status).toBe(200);
      const startVersion: number = before.body.published.version;

      // the first resident starts while the published version is the bundled one
      const askedFirst = watchQuestionSets(first.page);
      await startFietswrak(first.page);
      expect(askedFirst).toEqual(['latest']);
      expect(await first.page.getByRole('group', { name: NEW.label }).count()).toBe(0);

      // an author publishes a version with a required question for fietswrak
      const document = { ...before.body.published.document, questions: [...before.body.published.document.questions, newQuestion] };
      expect((await apiAs(author.page, apiPath(API_PATHS.questionSetDraft, { name: SET }), { method: 'PUT', body: { text: JSON.stringify(document, null, 2) } })).status).toBe(200);
      const published = await apiAs<{ version: number }>(author.page, apiPath(API_PATHS.questionSetPublish, { name: SET }), { method: 'POST', body: { based_on: startVersion } });
      expect(published).toEqual({ status: 200, body: { version: startVersion + 1 } });

      // the next resident gets it at once, and her answer is stored with the report
      await startFietswrak(second.page);
      await chooseLocation(second.page, 'Dam 1');
      await choose(second.page, NEW.label, NEW.yes);
      await next(second.page);
      await fillContact(second.page, {});
      await next(second.page);
      const sent = await send(second.page);
      expect(extra(sent.payload)[NEW.key]).toEqual({ id: 'ja', label: NEW.yes });
      const stored = await apiAs<any>(author.page, apiPath(API_PATHS.privateSignal, { id: sent.created.id }));
      expect(stored.body.extra_properties).toContainEqual(expect.objectContaining({ id: NEW.key, answer: { id: 'ja', label: NEW.yes } }));

      // the first resident reloads: her draft brings the questions of the version she started with
      await first.page.reload();
      await expectHeading(first.page, 'Locatie en vragen');
      await first.page.getByRole('textbox', { name: question(SET, 'extra_fietswrak').label }).waitFor();
      expect(await first.page.getByRole('group', { name: NEW.label }).count()).toBe(0);
      // she goes back and changes the subcategory within the set, and back again: the wizard asks for her version
      for (const [subcategory, key] of [['Auto-, scooter- of bromfietswrak', 'extra_auto_scooter_bromfietswrak'], ['Fietswrak', 'extra_fietswrak']] as const) {
        await first.page.getByRole('button', { name: 'Vorige' }).click();
        await expectHeading(first.page, 'Beschrijf uw melding');
        await chooseSubcategory(first.page, subcategory);
        await next(first.page);
        await expectHeading(first.page, 'Locatie en vragen');
        await first.page.getByRole('textbox', { name: question(SET, key).label }).waitFor();
      }
      expect(askedFirst).toEqual(['latest', String(startVersion), String(startVersion)]);
      expect(await first.page.getByRole('group', { name: NEW.label }).count()).toBe(0);
      await chooseLocation(first.page, 'Dam 1');
      await next(first.page);
      await fillContact(first.page, {});
      await next(first.page);
      const kept = await send(first.page);
      expect(Object.keys(extra(kept.payload))).not.toContain(NEW.key);
    } finally {
      await Promise.all([author, first, second].map((p) => p.context.close()));
    }
  });
});
