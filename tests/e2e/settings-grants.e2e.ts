/**
 * Who may grant what, through the browser (docs/security.md; docs/settings.md "Who may grant what"):
 * a user manager who is not a superuser (the Beheerder) is not offered a superuser's page nor
 * another account's password, and is told so in docs/reference/texts.md#errors's words; the API refuses the same
 * call and the superuser stays as they were. A superuser sets another account's password, and
 * that account then signs in with it.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, axeViolations, useBrowser } from './support.ts';
import { SCREENSHOTS, signedIn, STAFF, storedToken, withViewport } from './staff-support.ts';

const browser = useBrowser();

const P = '/signals/v1/private';
const ADMIN = { email: 'admin@meldloket.local', password: 'admin-wachtwoord' };
const NOT_ALLOWED = 'Je hebt niet voldoende rechten om deze actie uit te voeren.';
const bearer = (token: string | null) => ({ headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The user's id by username, as the superuser reads it. */
async function userByName(token: string | null, username: string) {
  const list = await api<{ results: Array<{ id: number; username: string; is_active: boolean }> }>(`${P}/users/?username=${encodeURIComponent(username)}`, bearer(token));
  return list.body.results.find((u) => u.username === username)!;
}

describe('who may grant what', () => {
  it('a user manager who is not a superuser is refused a superuser and another\'s password; the API holds nothing changed', async () => {
    for (const [viewport, name] of [[{ width: 390, height: 844 }, 'phone'], [{ width: 1280, height: 800 }, 'desktop']] as const) {
      await withViewport(browser(), viewport, async (page) => {
        await signedIn(page, STAFF.beheerder, '/instellingen/gebruikers?search=admin');
        await page.getByRole('link', { name: ADMIN.email }).click();
        await h1(page, ADMIN.email).waitFor();
        await expect.poll(() => page.getByRole('note').textContent()).toBe(NOT_ALLOWED);
        expect(await page.getByRole('textbox').count()).toBe(0);
        expect(await page.getByRole('checkbox').count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Opslaan' }).count()).toBe(0);
        expect(await page.getByLabel(/wachtwoord/i).count()).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(SCREENSHOTS, `settings-superuser-refused-${name}.png`), fullPage: true });
      });
    }

    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      // another staff member's page: the form, without a password field
      await signedIn(page, STAFF.beheerder, '/instellingen/gebruikers?search=lezer');
      await page.getByRole('link', { name: STAFF.lezer.email }).click();
      await h1(page, `Gebruiker wijzigen: ${STAFF.lezer.email}`).waitFor();
      await page.getByRole('textbox', { name: /Achternaam/ }).waitFor();
      expect(await page.getByLabel(/wachtwoord/i).count()).toBe(0);

      // the API refuses what the screen does not offer, and the superuser stays as they were
      const token = await storedToken(page);
      const admin = await userByName(token, ADMIN.email);
      const lezer = await userByName(token, STAFF.lezer.email);
      for (const body of [{ password: 'overgenomen-wachtwoord' }, { is_active: false }]) {
        const res = await api(`${P}/users/${admin.id}`, { method: 'PATCH', body: JSON.stringify(body), ...bearer(token) });
        expect(res).toEqual({ status: 403, body: { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' } });
      }
      expect((await api(`${P}/users/${lezer.id}`, { method: 'PATCH', body: JSON.stringify({ password: 'overgenomen-wachtwoord' }), ...bearer(token) })).status).toBe(403);
      expect((await userByName(token, ADMIN.email)).is_active).toBe(true);
    });

    // the superuser still signs in with the own password
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, ADMIN, '/instellingen/');
      await h1(page, 'Instellingen').waitFor();
    });
  });

  it('a user and role manager sees the roles and rights they do not hold, but cannot tick them; the API refuses them too', async () => {
    const manager = { email: 'gebruikersbeheer@gemeente.nl', password: 'gebruikersbeheer-wachtwoord' };
    let adminToken: string | null = null;
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, ADMIN, '/instellingen/');
      await h1(page, 'Instellingen').waitFor();
      adminToken = await storedToken(page);
    });
    const permissions = (await api<{ results: Array<{ id: number; codename: string }> }>(`${P}/permissions/?all=true&page_size=1000`, bearer(adminToken))).body.results;
    const ids = (...codenames: string[]) => codenames.map((c) => permissions.find((p) => p.codename === c)!.id);
    const role = await api<{ id: number }>(`${P}/roles/`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Gebruikersbeheer', permission_ids: ids('sia_read', 'sia_write', 'view_user', 'add_user', 'change_user', 'view_group', 'add_group', 'change_group') }),
      ...bearer(adminToken),
    });
    expect(role.status).toBe(201);
    const created = await api(`${P}/users/`, { method: 'POST', body: JSON.stringify({ username: manager.email, role_ids: [role.body.id], password: manager.password }), ...bearer(adminToken) });
    expect(created.status).toBe(201);
    const lezer = await userByName(adminToken, STAFF.lezer.email);

    for (const [viewport, name] of [[{ width: 390, height: 844 }, 'phone'], [{ width: 1280, height: 800 }, 'desktop']] as const) {
      await withViewport(browser(), viewport, async (page) => {
        await signedIn(page, manager, `/instellingen/gebruikers/${lezer.id}`);
        await h1(page, `Gebruiker wijzigen: ${STAFF.lezer.email}`).waitFor();
        const beheerder = page.getByRole('checkbox', { name: 'Beheerder' });
        await beheerder.waitFor();
        expect(await beheerder.isDisabled()).toBe(true);
        expect(await page.getByRole('checkbox', { name: 'Alleen lezen' }).isEnabled()).toBe(true);
        expect(await page.getByRole('group', { name: 'Rollen' }).textContent()).toContain(NOT_ALLOWED);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(SCREENSHOTS, `settings-user-roles-withheld-${name}.png`), fullPage: true });

        await page.goto('/instellingen/rollen/nieuw');
        await h1(page, 'Rol toevoegen').waitFor();
        const exportRight = page.getByRole('checkbox', { name: 'Meldingen exporteren' });
        await exportRight.waitFor();
        expect(await exportRight.isDisabled()).toBe(true);
        expect(await page.getByRole('checkbox', { name: 'Leesrechten algemeen' }).isEnabled()).toBe(true);
        await expect.poll(() => page.getByRole('note').textContent()).toContain(NOT_ALLOWED);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(SCREENSHOTS, `settings-role-rights-withheld-${name}.png`), fullPage: true });
        if (name === 'desktop') {
          const token = await storedToken(page);
          const beheerderRole = (await api<{ results: Array<{ id: number; name: string }> }>(`${P}/roles/`, bearer(token))).body.results.find((r) => r.name === 'Beheerder')!;
          expect((await api(`${P}/users/${lezer.id}`, { method: 'PATCH', body: JSON.stringify({ role_ids: [beheerderRole.id] }), ...bearer(token) })).status).toBe(403);
          expect((await api(`${P}/roles/`, { method: 'POST', body: JSON.stringify({ name: 'Export', permission_ids: ids('sia_signal_export') }), ...bearer(token) })).status).toBe(403);
          const after = await api<{ roles: Array<{ name: string }> }>(`${P}/users/${lezer.id}`, bearer(adminToken));
          expect(after.body.roles.map((r) => r.name)).toEqual(['Alleen lezen']);
        }
      });
    }
  });

  it('a superuser sets another account\'s password, with which that account signs in', async () => {
    const password = 'door-de-superuser-gezet';
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, ADMIN, '/instellingen/gebruikers?search=lezer');
      await page.getByRole('link', { name: STAFF.lezer.email }).click();
      await h1(page, `Gebruiker wijzigen: ${STAFF.lezer.email}`).waitFor();
      await page.getByLabel(/Nieuw wachtwoord/).fill(password);
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('Gegevens opgeslagen').waitFor();
      const token = await storedToken(page);
      const lezer = await userByName(token, STAFF.lezer.email);
      const history = await api<Array<{ action: string }>>(`${P}/users/${lezer.id}/history`, bearer(token));
      expect(history.body[0]!.action).toContain('Wachtwoord ingesteld');
    });
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, { email: STAFF.lezer.email, password }, '/manage/incidents');
      const token = await storedToken(page);
      expect((await api(`${P}/me/`, bearer(token))).body).toMatchObject({ username: STAFF.lezer.email });
    });
  });
});
