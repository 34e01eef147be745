/**
 * The app's pages that other places link to, once (docs/reference/screens.md): the back office's
 * own links, the server's mails and the work order's PDF all build a report's page with
 * `incidentPage`. engine/test/one-definition.test.ts fails on `/manage/incident/` written elsewhere.
 */
import { apiPath } from './paths.ts';

export const APP_PATHS = {
  /** The back office's overview of reports. */
  incidents: '/manage/incidents',
  /** One report in the back office. */
  incident: '/manage/incident/:id',
  /** The staff's sign-in: the page a signed-out staff member (and one who signed out) lands on. */
  signIn: '/login',
  /** Where the staff sign-in's provider sends the browser back (a redirect URI of the app's client). */
  signInCallback: '/login/callback',
  /**
   * Where the provider answers the silent sign-in check made in a hidden frame on a page load (a
   * redirect URI of the app's client too): a page without script, served for that frame alone.
   */
  silentSignIn: '/login/silent',
} as const;

/** The back-office page of report `id` (a path; put the public URL before it for a mail). */
export const incidentPage = (id: number | string): string => apiPath(APP_PATHS.incident, { id });
