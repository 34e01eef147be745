/** The private API's root (the staff member's, roles', departments' and categories' representations are in settings/serialize.ts, a report's in signal-serialize.ts). */
import { API_PREFIX } from '@meldloket/engine';

export const PRIVATE = API_PREFIX.private;
