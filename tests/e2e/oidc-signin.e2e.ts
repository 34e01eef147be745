/**
 * The embedded OIDC provider's own pages in Chromium (docs/staff-auth.md): the Dutch sign-in page
 * passes axe at phone and desktop size, also with its error; it works by keyboard; the
 * right password sends the browser back to the app with a code; logout returns to /login.
 */
import { createHash, randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, newPage, useBrowser } from './support.ts';

const browser = useBrowser();

/** The authorization request the staff app makes (PKCE S256). */
function authorizeUrl(): string {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  return `/oidc/auth?${new URLSearchParams({
    client_id: 'meldloket',
    response_type: 'code',
    scope: 'openid email profile offline_access',
    redirect_uri: `${baseUrl()}/login/callback`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(16).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
  })}`;
}

describe.each([
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
])('the sign-in page (%s)', (_name, viewport) => {
  it('passes axe, says what went wrong in Dutch, and signs in by keyboard', async () => {
    const { page, context } = await newPage(browser(), { viewport });
    await page.goto(authorizeUrl());
    await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('E-mailadres').fill('behandelaar@meldloket.local');
    await page.getByLabel('Wachtwoord').fill('niet-het-wachtwoord');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Het e-mailadres of het wachtwoord is onjuist.');
    await expect(page.getByLabel('E-mailadres').inputValue()).resolves.toBe('behandelaar@meldloket.local');
    expect(await axeViolations(page)).toEqual([]);

    // The cursor waits in the password field: type it and press Enter.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('password');
    // This test starts at the provider, not in the app: the app's callback page (which would refuse
    // the unknown state and navigate on) is stubbed, so only the provider's answer is looked at.
    await page.route(`${baseUrl()}/login/callback**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>callback</title>' }));
    const callback = page.waitForRequest((request) => request.url().startsWith(`${baseUrl()}/login/callback`));
    await page.keyboard.type('behandelaar-wachtwoord');
    await page.keyboard.press('Enter');
    expect(new URL((await callback).url()).searchParams.get('code')).toEqual(expect.any(String));
    // let the redirect to the (stubbed) callback page finish before navigating on
    await page.waitForURL(`${baseUrl()}/login/callback**`, { waitUntil: 'load' });

    // the provider sends the browser back to /login (where the app then takes over at once, so listen first)
    const backToLogin = page.waitForRequest((request) => request.url() === `${baseUrl()}/login` && request.isNavigationRequest());
    await page.goto(`/oidc/session/end?${new URLSearchParams({ client_id: 'meldloket', post_logout_redirect_uri: `${baseUrl()}/login` })}`);
    await backToLogin;
    await context.close();
  });
});
