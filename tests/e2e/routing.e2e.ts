/**
 * Areas and routing in Chromium (docs/routing.md): the "Done when" — a resident files a
 * streetlight report through the wizard at an address in Noord; a coordinator sees Noord and the
 * department the demo rule names in the overview row, the detail, the CSV export and signalering's
 * 'Per afdeling' (whose count opens the overview with it), and the API holds the same. A streetlight
 * report in Noord shows
 * Noord, the department the demo rule names and the rule in its history; the coordinator routes
 * it to another department by hand with a reason (the page, the history and the API agree) and
 * finds it in the overview by the Gebied and Regie filters; a read-only colleague sees the
 * departments but may not change them. Assignment offers a colleague who is only in the routed
 * department, who is mailed (without reporter data) about the routing and the assignment. Axe and
 * screenshots at phone and desktop size.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, newPage, useBrowser } from './support.ts';
import { dialog, openMap, searchAddress, summaryText } from './map-support.ts';
import { describeReport, expectHeading, fillContact, next, send } from './wizard-support.ts';
import { signedIn, storedToken, withViewport } from './staff-support.ts';
import { storeReport, tableNumbers, waitForCount } from './manage-support.ts';
import { apiAs, checkAndShoot, DESKTOP, historyLines, mailTo, openAs, openReportAs, PHONE, type Mail } from './manage-incident-support.ts';
import { STAFF } from './staff-support.ts';

const browser = useBrowser();

const facts = async (page: Page) => {
  const region = page.getByRole('region', { name: 'Gegevens' });
  const terms = await region.locator('dt').allInnerTexts();
  const values = await region.locator('dd').allInnerTexts();
  return Object.fromEntries(terms.map((t, i) => [t, values[i]]));
};

describe('routing on the report page and in the overview', () => {
  it('a resident files a streetlight report through the wizard in Noord; a coordinator finds Noord and Openbare Verlichting Noord in the list, the detail, the CSV and signalering', async () => {
    // the resident: step 1, the address in Noord and a lamp on the map, the questions, send
    const resident = await newPage(browser(), { viewport: DESKTOP });
    await describeReport(resident.page, { text: 'De lantaarnpaal aan de Buiksloterweg brandt al dagen niet', subcategory: 'Lantaarnpaal of straatverlichting' });
    await next(resident.page);
    await expectHeading(resident.page, 'Locatie en vragen');
    await openMap(resident.page);
    await searchAddress(resident.page, 'Buiksloterweg 20');
    expect(await summaryText(resident.page)).toContain('Buiksloterweg');
    const lamp = resident.page.locator('.ml-object-list input[type="checkbox"]:not([disabled])').first();
    await lamp.check();
    await resident.page.getByRole('button', { name: 'Meld dit object' }).click();
    await dialog(resident.page).waitFor({ state: 'detached' });
    await resident.page.getByRole('radio', { name: 'De lamp doet het niet' }).check();
    await resident.page.getByRole('radio', { name: 'Nee, het is niet gevaarlijk' }).check();
    await next(resident.page);
    await fillContact(resident.page, {});
    await next(resident.page);
    const { created } = await send(resident.page);
    await resident.context.close();
    const id = created.id;
    const sig = `SIG-${id}`;

    // the coordinator: the overview on the department's and the district's filters holds the row, in Noord
    const { page, context } = await openAs(browser(), `/manage/incidents?routing_department_code=OVLN&area_code=N`, STAFF.coordinator);
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await expect.poll(() => tableNumbers(page)).toContain(sig);
    const row = page.getByRole('table', { name: 'Meldingen' }).getByRole('row').filter({ has: page.getByRole('link', { name: sig, exact: true }) });
    expect((await row.locator('td[data-label="Stadsdeel"]').innerText()).trim()).toBe('Noord');
    expect((await row.locator('td[data-label="Subcategorie"]').innerText()).trim()).toBe('Lantaarnpaal of straatverlichting');

    // the CSV export of that list, downloaded through the page: the row's district and department
    await page.goto(`/manage/incidents?search=${sig}`);
    await waitForCount(page, '1 melding');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporteren (CSV)' }).click();
    const rows: string[][] = parse(await readFile((await (await download).path())!, 'utf8'), { bom: true, delimiter: ';' });
    const [header] = rows;
    const line = rows.find((r) => r[0] === sig)!;
    expect(line[header!.indexOf('Stadsdeel')]).toBe('Noord');
    expect(line[header!.indexOf('Afdeling')]).toBe('OVLN');

    // the detail: Stadsdeel, Afdeling, Regie and the rule in the history
    await page.goto(`/manage/incident/${id}`);
    await page.getByRole('heading', { level: 1, name: `Melding ${sig}` }).waitFor();
    await expect.poll(async () => (await facts(page)).Afdeling).toBe('Openbare Verlichting Noord');
    expect((await facts(page)).Stadsdeel).toBe('Noord');
    expect((await facts(page)).Regie).toBe('Openbare Verlichting');
    expect((await historyLines(page)).some((l) => l.includes('Volgens routeringsregel "Verlichting in Noord naar Openbare Verlichting Noord"'))).toBe(true);

    // signalering's 'Per afdeling': the department's count includes it and opens the overview with it
    await page.goto('/manage/signalering');
    const departments = page.getByRole('table', { name: /per afdeling waarnaar ze gerouteerd zijn/ });
    const ovln = departments.getByRole('row', { name: /\(OVLN\)/ });
    await ovln.waitFor();
    const open = Number((await ovln.getByRole('cell').first().innerText()).trim());
    expect(open).toBeGreaterThanOrEqual(1);
    await ovln.getByRole('link', { name: new RegExp(`^${open} melding(en)? open:`) }).click();
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await waitForCount(page, open === 1 ? '1 melding' : `${open} meldingen`);
    expect(await tableNumbers(page)).toContain(sig);
    expect(new URL(page.url()).searchParams.getAll('routing_department_code')).toEqual(['OVLN']);

    // what the API holds
    const detail = (await apiAs(page, `/signals/v1/private/signals/${id}`)).body;
    expect(detail.location.stadsdeel).toBe('N');
    const inNoord = (await apiAs<{ results: { id: number }[] }>(page, `/signals/v1/private/signals/?area_type_code=stadsdeel&area_code=N&id=${id}`)).body.results;
    expect(inNoord.map((r) => r.id)).toEqual([id]);
    expect(detail.routing_departments.map((d: { code: string }) => d.code)).toEqual(['OVLN']);
    expect(detail.directing_departments.map((d: { code: string }) => d.code)).toEqual(['OVL']);
    expect(detail.source).toBe('online');
    await context.close();
  });

  it('a coordinator sees the rule\'s department, routes the report by hand with a reason, and finds it by Gebied and Regie', async () => {
    const id = await storeReport({ main: 'wegen-verkeer-straatmeubilair', sub: 'lantaarnpaal-straatverlichting', stadsdeel: 'N', street: 'Buiksloterweg', number: 5, postcode: '1031CC', text: 'De lantaarnpaal brandt niet' });
    const { page, context } = await openAs(browser(), `/manage/incident/${id}`, STAFF.coordinator);
    await page.getByRole('heading', { level: 1, name: `Melding SIG-${id}` }).waitFor();
    await expect.poll(async () => (await facts(page)).Afdeling).toBe('Openbare Verlichting Noord');
    expect((await facts(page)).Regie).toBe('Openbare Verlichting');
    expect((await historyLines(page)).some((line) => line.includes('Volgens routeringsregel "Verlichting in Noord naar Openbare Verlichting Noord"'))).toBe(true);

    await page.getByRole('button', { name: 'Afdeling wijzigen' }).click();
    const form = page.getByRole('form', { name: 'Afdeling wijzigen' });
    await form.getByRole('combobox', { name: 'Afdeling' }).selectOption({ label: 'Actie Service Centrum (ASC)' });
    await form.getByRole('textbox', { name: 'Reden (niet verplicht)' }).fill('Bewoner belde: het is een kapot bord, geen lamp');
    expect(await checkAndShoot(page, 'routing-form')).toEqual([]);
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De wijziging is opgeslagen.').first().waitFor();
    await expect.poll(async () => (await facts(page)).Afdeling).toBe('Actie Service Centrum');
    await expect.poll(async () => (await historyLines(page)).some((line) => line.includes('Met de hand gerouteerd: Bewoner belde: het is een kapot bord, geen lamp'))).toBe(true);
    expect(await checkAndShoot(page, 'routing-detail')).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await checkAndShoot(page, 'routing-detail')).toEqual([]);
    await page.setViewportSize(DESKTOP);

    // what the API holds
    const token = (await storedToken(page)) ?? '';
    const detail = await api<any>(`/signals/v1/private/signals/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(detail.body.routing_departments.map((d: any) => d.code)).toEqual(['ASC']);
    expect(detail.body.location.stadsdeel).toBe('N');

    // the overview's Gebied (Noord) and Regie (Openbare Verlichting) filters find it
    await page.goto('/manage/incidents?area_code=N&directing_department=OVL');
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await expect.poll(async () => tableNumbers(page)).toContain(`SIG-${id}`);
    await context.close();
  });

  it('a read-only colleague sees the departments but is offered no change', async () => {
    const id = await storeReport({ main: 'openbaar-groen-en-water', sub: 'bomen', stadsdeel: 'N', street: 'Buiksloterweg', number: 7, postcode: '1031CC', text: 'Een boom hangt over de weg' });
    const { page, context } = await openAs(browser(), `/manage/incident/${id}`, STAFF.lezer);
    await page.getByRole('heading', { level: 1, name: `Melding SIG-${id}` }).waitFor();
    await expect.poll(async () => (await facts(page)).Afdeling).toMatch(/verantwoordelijke afdeling van de subcategorie/);
    expect((await facts(page)).Regie).toBe('Geen regie');
    expect(await page.getByRole('button', { name: 'Afdeling wijzigen' }).count()).toBe(0);
    // and the API refuses the change
    const token = (await storedToken(page)) ?? '';
    const res = await api(`/signals/v1/private/signals/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ routing_departments: [{ id: 1 }] }) });
    expect(res.status).toBe(403);
    await context.close();
  });
});

/** A staff mail carries the report's number and link, and nothing of the reporter (docs/routing.md). */
function expectStaffMail(mail: Mail, id: number, reporterText: string) {
  expect(mail.text).toContain(`/manage/incident/${id}`);
  for (const secret of ['melder@example.com', reporterText, 'Buiksloterweg', '1031CC']) expect(`${mail.subject}\n${mail.text}\n${mail.html ?? ''}`).not.toContain(secret);
}

describe('assignment offers the members of the routing departments', () => {
  it("a colleague only in the routed department (not the subcategory's) is offered and assigned, and mailed about the routing and the assignment; a colleague of neither is not offered", async () => {
    const P = '/signals/v1/private';
    // a lamp colleague in Openbare Verlichting Noord only (the streetlight subcategory's responsible department is OVL)
    const lamp = { email: 'lamp.noord@gemeente.nl', password: 'lamp-noord-wachtwoord' };
    await withViewport(browser(), DESKTOP, async (admin) => {
      await signedIn(admin, STAFF.beheerder, '/manage/incidents');
      await admin.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
      const roles = (await apiAs<{ results: { id: number; name: string }[] }>(admin, `${P}/roles/`)).body.results;
      const departments = (await apiAs<{ results: { id: number; code: string }[] }>(admin, `${P}/departments/`)).body.results;
      const created = await apiAs(admin, `${P}/users/`, {
        method: 'POST',
        body: { username: lamp.email, first_name: 'Lotte', last_name: 'Lamp', password: lamp.password, role_ids: [roles.find((r) => r.name === 'Behandelaar')!.id], profile: { department_ids: [departments.find((d) => d.code === 'OVLN')!.id] } },
      });
      expect(created.status).toBe(201);
    });
    // she asks for both mails on 'Mijn mail'
    await withViewport(browser(), DESKTOP, async (page) => {
      await signedIn(page, lamp, '/manage/mijn-mail');
      await page.getByRole('heading', { level: 1, name: 'Mijn mail' }).waitFor();
      await page.getByRole('checkbox', { name: 'Stuur mij een e-mail als een melding naar mijn afdeling wordt gerouteerd' }).check();
      await page.getByRole('checkbox', { name: 'Stuur mij een e-mail als een melding aan mij wordt toegewezen' }).check();
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('Je instellingen zijn opgeslagen.').waitFor();
    });

    // a streetlight report in Noord: the demo rule routes it to OVLN, and she is mailed about it
    const text = 'De lantaarnpaal bij de pont knippert de hele nacht';
    const id = await storeReport({ main: 'wegen-verkeer-straatmeubilair', sub: 'lantaarnpaal-straatverlichting', stadsdeel: 'N', street: 'Buiksloterweg', number: 9, postcode: '1031CC', text });
    const routed = await mailTo(lamp.email, new RegExp(`Melding SIG-${id} is aan uw afdeling toegewezen`));
    expect(routed.subject).toBe(`Melding SIG-${id} is aan uw afdeling toegewezen`);
    expectStaffMail(routed, id, text);

    // the coordinator is offered her, not the handler of ASC and AEG, and assigns her
    const { page, context } = await openReportAs(browser(), id, STAFF.coordinator);
    await expect.poll(async () => (await facts(page)).Afdeling).toBe('Openbare Verlichting Noord');
    await page.getByRole('button', { name: 'Toegewezen aan wijzigen' }).click();
    const assign = page.getByRole('form', { name: 'Toegewezen aan wijzigen' });
    const choice = assign.getByRole('combobox', { name: 'Toegewezen aan' });
    await choice.locator('option', { hasText: lamp.email }).waitFor({ state: 'attached' });
    const offered = await choice.locator('option').allInnerTexts();
    expect(offered.join('\n')).not.toContain(STAFF.behandelaar.email);
    await choice.selectOption({ label: offered.find((o) => o.includes(lamp.email))! });
    await assign.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De wijziging is opgeslagen.').first().waitFor();
    await expect.poll(async () => (await facts(page))['Toegewezen aan']).toBe(lamp.email);
    expect((await apiAs(page, `${P}/signals/${id}`)).body.assigned_user_email).toBe(lamp.email);
    // the API refuses the colleague of neither department
    expect((await apiAs(page, `${P}/signals/${id}`, { method: 'PATCH', body: { assigned_user_email: STAFF.behandelaar.email } })).status).toBe(400);
    expect((await apiAs(page, `${P}/signals/${id}`)).body.assigned_user_email).toBe(lamp.email);
    await context.close();

    const assigned = await mailTo(lamp.email, new RegExp(`Melding SIG-${id} is aan u toegewezen`));
    expect(assigned.subject).toBe(`Melding SIG-${id} is aan u toegewezen`);
    expectStaffMail(assigned, id, text);
  });
});
