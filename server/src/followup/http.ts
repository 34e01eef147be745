/** Shared bits of the follow-up route plugins. */
import type { FollowupOptions } from './ports.ts';
import type { Db } from './sessions.ts';

export interface FollowupRouteOptions extends FollowupOptions {
  db: Db;
}

/** Absolute base for the HAL links of a response (PUBLIC_URL; see http/hal.ts). */
export { baseUrl as baseOf } from '../http/hal.ts';

/** docs/reference/api.md#questionnaires 'Access errors': the detail of any other failure of a /sessions/{uuid}… call. */
export const SESSION_FAILURE = 'An error occurred while processing the request.';
