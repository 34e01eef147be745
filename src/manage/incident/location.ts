/** A point picked on the map, with the address PDOK found for it, as the API's `location` block. */
import type { Address, Coordinates } from '@meldloket/engine';
import type { IncidentPatch } from './api.ts';

export interface PickedLocation {
  point: Coordinates;
  address?: Address;
}

export type LocationBlock = NonNullable<IncidentPatch['location']>;

export function locationBlock(picked: PickedLocation): LocationBlock {
  const { stadsdeel: _stadsdeel, ...address } = picked.address ?? {};
  return { geometrie: { type: 'Point', coordinates: [picked.point.lng, picked.point.lat] }, ...(picked.address ? { address } : {}) };
}
