/**
 * Staff sign-in end to end (docs/staff-auth.md): the app's sign-in page, the embedded provider,
 * the menu each role may see, a refusal, a token renewed before it runs out, sign-out.
 */

import { describe, expect, it } from 'vitest';
import { api, axeViolations, baseUrl, newContext, newPage, useBrowser } from './support.ts';
import { accountButton, lastRefreshToken, menuItems, openAs, SCREENSHOTS, signIn, signOut, STAFF, storedToken, watchTokens } from './staff-support.ts';

const browser = useBrowser();

const WIDE = { viewport: { width: 1440, height: 900 } };
const SEARCH = '[Zoek op meldingsinformatie]';

describe('staff sign-in', () => {
  it('signs a handler in from /login and shows exactly the handler menu; settings are refused with the 403 text', async () => {
    const { page, context } = await newPage(browser(), WIDE);
    await page.goto('/login');
    // the app leaves /login for the overview's address, which asks to sign in
    await page.waitForURL((url) => url.pathname === '/manage/incidents');
    await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await signIn(page, STAFF.behandelaar);
    expect(new URL(page.url()).pathname).toBe('/manage/incidents');
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await expect.poll(() => menuItems(page)).toEqual(['Overzicht', SEARCH, 'Melden', 'Signalering', 'Mijn account: Bas']);
    // no footer for staff
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/instellingen/');
    await page.getByRole('heading', { level: 1, name: 'Geen toegang' }).waitFor();
    expect(await page.getByText('Je hebt niet voldoende rechten om deze actie uit te voeren.').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('returns a coordinator to the page asked for, with Standaard teksten and Instellingen in the menu', async () => {
    const { page, context } = await newPage(browser(), WIDE);
    await page.goto('/instellingen/categorieen');
    await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    await signIn(page, STAFF.coordinator);
    await page.getByRole('heading', { level: 1, name: 'Categorieën' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/instellingen/categorieen');
    await expect.poll(() => menuItems(page)).toEqual(['Overzicht', SEARCH, 'Melden', 'Signalering', 'Standaard teksten', 'Instellingen', 'Mijn account: Cor']);
    await page.getByRole('link', { name: 'Standaard teksten' }).click();
    await page.getByRole('heading', { level: 1, name: 'Standaard teksten' }).waitFor();
    // the default texts are chosen per subcategory and status
    await page.getByRole('combobox', { name: 'Subcategorie' }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).waitFor();
    // a coordinator may see categories, departments and the routing rules but not roles or users
    await page.getByRole('link', { name: 'Instellingen' }).click();
    const sections = page.getByRole('navigation', { name: 'Instellingen' }).getByRole('link');
    await sections.first().waitFor();
    expect(await sections.allInnerTexts()).toEqual(['Afdelingen', 'Routering', 'Categorieën']);
    await context.close();
  });

  it('renews a token that is about to run out during the session, and keeps working with the new one', async () => {
    const { page, context } = await newPage(browser(), WIDE);
    await context.clock.install();
    await page.goto('/manage');
    await signIn(page, STAFF.behandelaar);
    const first = await storedToken(page);
    expect(first).toBeTruthy();
    // 13 minutes of the 15-minute token pass: the minute checks find it within 2 minutes of its end
    await page.clock.runFor(13 * 60_000);
    await expect.poll(() => storedToken(page)).not.toBe(first);
    const renewed = await storedToken(page);
    expect(renewed).not.toBe(first);
    const me = await api<{ username: string }>('/signals/v1/private/me/', { headers: { Authorization: `Bearer ${renewed}` } });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(STAFF.behandelaar.email);
    await page.getByRole('link', { name: 'Signalering' }).click();
    await page.getByRole('heading', { level: 1, name: 'Signalering' }).waitFor();
    await expect.poll(() => menuItems(page)).toContain('Mijn account: Bas');
    await context.close();
  });

  it('keeps no token where scripts can read it, and stays signed in across a reload through the provider session (SSO check)', async () => {
    const { page, context } = await openAs(browser(), '/manage/signalering', STAFF.behandelaar, WIDE);
    await page.getByRole('heading', { level: 1, name: 'Signalering' }).waitFor();
    const first = (await storedToken(page))!;
    const refresh = (await lastRefreshToken(page))!;
    expect(first).toBeTruthy();
    expect(refresh).toBeTruthy();
    // nothing of the tokens in localStorage or sessionStorage (readable by every script of the origin)
    const kept = await page.evaluate(() => [localStorage, sessionStorage].flatMap((store) => Object.keys(store).map((key) => `${key}=${store.getItem(key)}`)).join('\n'));
    expect(kept).not.toContain(first);
    expect(kept).not.toContain(refresh);
    expect(kept).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);

    // a reload forgets the tokens; the provider's session signs the staff member in again without a
    // form, asked in a hidden frame: the page itself never leaves, and the frame is gone afterwards
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(new URL(request.url()).pathname);
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Signalering' }).waitFor();
    await accountButton(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/manage/signalering');
    expect(documents).toEqual(['/manage/signalering']);
    expect(await page.locator('iframe').count()).toBe(0);
    const renewed = await storedToken(page);
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(first);
    expect((await api('/signals/v1/private/me/', { headers: { Authorization: `Bearer ${renewed}` } })).status).toBe(200);

    // the report form waits for the restored session, so staff get their fields (source, priority, type)
    await page.goto('/incident/beschrijf');
    await page.getByRole('combobox', { name: /^Bron/ }).waitFor();
    await context.close();
  });

  it('two tabs renewing their tokens at the same moment both stay signed in, and a sign-out in one signs the other out', async () => {
    const context = await newContext(browser(), WIDE);
    await context.clock.install();
    const first = await context.newPage();
    await first.goto('/manage/signalering');
    await signIn(first, STAFF.behandelaar);
    const second = await context.newPage();
    watchTokens(second);
    await second.goto('/manage/signalering');
    await accountButton(second).waitFor();
    const before = [await storedToken(first), await storedToken(second)];
    expect(before.every(Boolean)).toBe(true);
    // twice 13 minutes of 15-minute tokens: both tabs renew at the same minute check, twice
    for (let round = 0; round < 2; round += 1) {
      const previous = [await storedToken(first), await storedToken(second)];
      await context.clock.runFor(13 * 60_000);
      await expect.poll(() => storedToken(first)).not.toBe(previous[0]);
      await expect.poll(() => storedToken(second)).not.toBe(previous[1]);
    }
    for (const page of [first, second]) {
      await accountButton(page).waitFor();
      const me = await api<{ username: string }>('/signals/v1/private/me/', { headers: { Authorization: `Bearer ${await storedToken(page)}` } });
      expect(me.status).toBe(200);
    }
    // 2 more minutes: nobody was signed out by the renewals (a refused renewal would end the session here)
    await context.clock.runFor(3 * 60_000);
    for (const page of [first, second]) await accountButton(page).waitFor();

    await signOut(first);
    await first.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    await second.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    expect(await second.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);
    await context.close();
  });

  it('signs out with Uitloggen, back on the sign-in page, and stays signed out after a reload', async () => {
    const { page, context } = await openAs(browser(), '/manage/signalering', STAFF.coordinator, WIDE);
    await page.getByRole('heading', { level: 1, name: 'Signalering' }).waitFor();
    const refresh = (await lastRefreshToken(page))!;
    await signOut(page);
    await page.waitForURL(`${baseUrl()}/manage/incidents`);
    await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);
    // the sign-out ended the grant: the app's refresh token gives no access token any more
    const after = await fetch(`${baseUrl()}/oidc/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh, client_id: 'meldloket' }) });
    expect(after.status).toBe(400);
    expect(((await after.json()) as { error: string }).error).toBe('invalid_grant');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/manage/incidents');
    await context.close();
  });

  it('revokes the refresh token at sign-out itself, also with a provider whose end-session page leaves offline tokens alive', async () => {
    const { page, context } = await openAs(browser(), '/manage/signalering', STAFF.behandelaar, WIDE);
    await page.getByRole('heading', { level: 1, name: 'Signalering' }).waitFor();
    const refresh = (await lastRefreshToken(page))!;
    // such a provider: its end-session page only sends the browser back (the grant is left as it is)
    await page.route(/\/oidc\/session\/end/, (route) => route.fulfill({ status: 302, headers: { location: `${baseUrl()}/login` } }));
    await signOut(page);
    await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    const after = await fetch(`${baseUrl()}/oidc/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh, client_id: 'meldloket' }) });
    expect(after.status).toBe(400);
    expect(((await after.json()) as { error: string }).error).toBe('invalid_grant');
    await context.close();
  });

  it("shows 'Inloggen is niet gelukt' when sign-in is cancelled at the provider", async () => {
    const { page, context } = await newPage(browser(), WIDE);
    await page.goto('/manage');
    await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
    await page.getByRole('button', { name: 'Annuleren' }).click();
    await page.getByRole('alert').filter({ hasText: 'Inloggen is niet gelukt' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    expect(await storedToken(page)).toBeNull();
    expect(await page.evaluate(() => window.sessionStorage.getItem('oidcStateToken'))).toBeNull();
    await context.close();
  });

  it('fits the whole menu on one line at 1320 px, with both default-text screens and Help', async () => {
    const { page, context } = await newPage(browser(), { viewport: { width: 1320, height: 700 } });
    await page.addInitScript(() => {
      (window as unknown as { __MELDLOKET_CONFIG__: unknown }).__MELDLOKET_CONFIG__ = { features: { showStandardTextAdminV1: true, showStandardTextAdminV2: true }, links: { help: 'https://example.org/help' } };
    });
    await page.goto('/manage');
    await signIn(page, STAFF.beheerder);
    await expect.poll(() => menuItems(page)).toEqual([
      'Overzicht',
      SEARCH,
      'Melden',
      'Signalering',
      'Standaard teksten (v1)',
      'Standaard teksten (v2)',
      'Instellingen',
      'Help (opent in een nieuw venster)',
      'Mijn account: Bea',
    ]);
    const bar = await page.getByRole('banner').boundingBox();
    for (const item of await page.getByRole('navigation', { name: 'Menu' }).getByRole('listitem').all()) {
      const box = (await item.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(1320);
      expect(box.y + box.height).toBeLessThanOrEqual(bar!.y + bar!.height);
    }
    expect(bar!.height).toBe(50);
    await context.close();
  });

  it("opens 'Mijn mail' and 'Uitloggen' under the staff member's name by keyboard; Escape closes and returns the focus; on narrower screens both are in the menu list", async () => {
    const { page, context } = await openAs(browser(), '/manage/signalering', STAFF.behandelaar, WIDE);
    await page.getByRole('heading', { level: 1, name: 'Signalering' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Menu' });
    const account = accountButton(page);
    expect(await account.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Mijn mail' }).count()).toBe(0);
    // by keyboard: Signalering is the item before it
    await nav.getByRole('link', { name: 'Signalering' }).focus();
    await page.keyboard.press('Tab');
    expect(await account.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => account.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await nav.getByRole('link', { name: 'Mijn mail' }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/account-menu-wide.png` });
    await page.keyboard.press('Escape');
    await expect.poll(() => account.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Mijn mail' }).count()).toBe(0);
    expect(await account.evaluate((el) => el === document.activeElement)).toBe(true);
    // a click elsewhere closes it too
    await account.click();
    await nav.getByRole('link', { name: 'Mijn mail' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Signalering' }).click();
    await expect.poll(() => account.getAttribute('aria-expanded')).toBe('false');
    // Space opens it; 'Mijn mail' leads to the staff member's own mail settings
    await account.focus();
    await page.keyboard.press('Space');
    await nav.getByRole('link', { name: 'Mijn mail' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mijn mail' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/manage/mijn-mail');
    await expect.poll(() => account.getAttribute('aria-expanded')).toBe('false');
    await context.close();

    for (const [name, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      const { page: narrow, context: c2 } = await newPage(browser(), { viewport });
      await narrow.goto('/manage/signalering');
      await signIn(narrow, STAFF.behandelaar);
      await narrow.getByRole('heading', { level: 1, name: 'Signalering' }).waitFor();
      await narrow.getByRole('button', { name: 'Menu' }).click();
      await expect.poll(() => menuItems(narrow)).toEqual(['Overzicht', SEARCH, 'Melden', 'Signalering', 'Mijn mail', 'Uitloggen']);
      await narrow.screenshot({ path: `${SCREENSHOTS}/account-items-${name}.png` });
      expect(await axeViolations(narrow)).toEqual([]);
      await narrow.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Mijn mail' }).click();
      await narrow.getByRole('heading', { level: 1, name: 'Mijn mail' }).waitFor();
      await c2.close();
    }
  });

  it('keeps the back office out of the first public page', async () => {
    const { page, context } = await newPage(browser());
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/incident/beschrijf');
    await page.getByRole('heading', { level: 1, name: 'Beschrijf uw melding' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const code = (await Promise.all(scripts.map((url) => fetch(url).then((r) => r.text())))).join('\n');
    for (const marker of ['OAUTH_INVALID_RESPONSE', 'Zoek op meldingsinformatie', 'Dit scherm is nog niet gebouwd.', 'Vraag dan een beheerder om de rechten']) {
      expect(code.includes(marker), marker).toBe(false);
    }
    await context.close();
  });

  it('on a phone and a 1280 px desktop: the menu toggle opens an accessible menu; screenshots of sign-in, shell and refusal', async () => {
    for (const [name, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      const { page, context } = await newPage(browser(), { viewport });
      await page.goto('/manage');
      await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/signin-${name}.png` });
      await signIn(page, STAFF.beheerder);
      await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/shell-${name}.png` });
      // below 1320 px the menu is a toggle
      expect(await page.getByRole('link', { name: 'Signalering' }).count()).toBe(0);
      const toggle = page.getByRole('button', { name: 'Menu' });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => menuItems(page)).toEqual(['Overzicht', SEARCH, 'Melden', 'Signalering', 'Standaard teksten', 'Instellingen', 'Mijn mail', 'Uitloggen']);
      await page.screenshot({ path: `${SCREENSHOTS}/shell-menu-open-${name}.png` });
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      await page.goto('/instellingen/rollen');
      await page.getByRole('heading', { level: 1, name: 'Rollen' }).waitFor();
      await context.close();
      const { page: p2, context: c2 } = await newPage(browser(), { viewport });
      await p2.goto('/instellingen/');
      await signIn(p2, STAFF.behandelaar);
      await p2.getByRole('heading', { level: 1, name: 'Geen toegang' }).waitFor();
      await p2.screenshot({ path: `${SCREENSHOTS}/refusal-${name}.png` });
      await c2.close();
    }
  });
});
