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
} as const;

/** The back-office page of report `id` (a path; put the public URL before it for a mail). */
export const incidentPage = (id: number | string): string => apiPath(APP_PATHS.incident, { id });
