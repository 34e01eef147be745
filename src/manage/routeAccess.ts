/** What a back-office route asks of the user: an area of the access table, and optionally a feature flag. */
import type { FeatureFlags } from '../config/index.ts';
import type { Area } from '../auth/areas.ts';

export interface BackOfficeHandle {
  area?: Area;
  flag?: keyof FeatureFlags;
}

export function handleOf(match: { handle?: unknown }): BackOfficeHandle {
  return (match.handle && typeof match.handle === 'object' ? match.handle : {}) as BackOfficeHandle;
}
