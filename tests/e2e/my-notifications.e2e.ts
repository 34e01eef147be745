/**
 * A staff member's own mail notifications (docs/routing.md), in Chromium: a handler opens
 * 'Mijn mail' (/manage/mijn-mail), switches both mails, saves, and the API then holds it; a
 * failed save says so and changes nothing. Nobody else's settings: the call is for oneself, and
 * refused without a sign-in. Axe and screenshots at phone and desktop size.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, axeViolations, useBrowser } from './support.ts';
import { SCREENSHOTS, signedIn, STAFF, storedToken, withViewport } from './staff-support.ts';

const ME = '/signals/v1/private/me/';
type Profile = { notification_on_department_assignment: boolean; notification_on_user_assignment: boolean };

const browser = useBrowser();

const auth = async (page: Page) => ({ authorization: `Bearer ${await storedToken(page)}`, 'content-type': 'application/json' });
const held = async (page: Page) => (await api<{ username: string; profile: Profile }>(ME, { headers: await auth(page) })).body;
const DEPARTMENT = 'Stuur mij een e-mail als een melding naar mijn afdeling wordt gerouteerd';
const USER = 'Stuur mij een e-mail als een melding aan mij wordt toegewezen';

describe('my notifications', () => {
  it("a handler switches both mails on 'Mijn mail', and the API then holds it", async () => {
    await withViewport(browser(), { width: 1280, height: 800 }, async (page) => {
      await signedIn(page, STAFF.behandelaar, '/manage/mijn-mail');
      await page.getByRole('heading', { level: 1, name: 'Mijn mail' }).waitFor();
      const before = (await held(page)).profile;
      const department = page.getByRole('checkbox', { name: DEPARTMENT });
      const user = page.getByRole('checkbox', { name: USER });
      // the screen shows what the API holds
      await expect.poll(() => department.isChecked()).toBe(before.notification_on_department_assignment);
      await expect.poll(() => user.isChecked()).toBe(before.notification_on_user_assignment);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'my-notifications-1280.png'), fullPage: true });

      await department.setChecked(!before.notification_on_department_assignment);
      await user.setChecked(!before.notification_on_user_assignment);
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('Je instellingen zijn opgeslagen.').waitFor();
      expect((await held(page)).profile).toMatchObject({
        notification_on_department_assignment: !before.notification_on_department_assignment,
        notification_on_user_assignment: !before.notification_on_user_assignment,
      });
      // after a reload the screen shows the stored choice
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Mijn mail' }).waitFor();
      await expect.poll(() => page.getByRole('checkbox', { name: DEPARTMENT }).isChecked()).toBe(!before.notification_on_department_assignment);
      await expect.poll(() => page.getByRole('checkbox', { name: USER }).isChecked()).toBe(!before.notification_on_user_assignment);

      await page.setViewportSize({ width: 390, height: 844 });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'my-notifications-390.png'), fullPage: true });

      // back as it was, through the screen, for the other tests
      await page.getByRole('checkbox', { name: DEPARTMENT }).setChecked(before.notification_on_department_assignment);
      await page.getByRole('checkbox', { name: USER }).setChecked(before.notification_on_user_assignment);
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('Je instellingen zijn opgeslagen.').waitFor();
      expect((await held(page)).profile).toMatchObject(before);
    });
  });

  it('a failed save is announced and changes nothing; without a sign-in the call is refused', async () => {
    await withViewport(browser(), { width: 390, height: 844 }, async (page) => {
      await signedIn(page, STAFF.lezer, '/manage/mijn-mail');
      await page.getByRole('heading', { level: 1, name: 'Mijn mail' }).waitFor();
      const before = (await held(page)).profile;
      const department = page.getByRole('checkbox', { name: DEPARTMENT });
      await expect.poll(() => department.isChecked()).toBe(before.notification_on_department_assignment);
      await page.route('**/signals/v1/private/me/notifications/', (route) => route.abort('failed'));
      await department.setChecked(!before.notification_on_department_assignment);
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('Je instellingen zijn niet opgeslagen.').waitFor();
      await page.getByText('De verbinding is verbroken. Probeer het opnieuw.').waitFor();
      // the choice stays on screen to try again; the API still holds the old one
      expect(await department.isChecked()).toBe(!before.notification_on_department_assignment);
      expect((await held(page)).profile).toMatchObject(before);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'my-notifications-failed-390.png'), fullPage: true });
    });
    const anonymous = await api(`${ME}notifications/`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ notification_on_user_assignment: true }) });
    expect(anonymous.status).toBe(401);
  });
});
