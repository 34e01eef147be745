/** The public signal body of docs/reference/api.md#public-create, docs/reference/api.md#public-signal: no text, location or category; keys in this order. */
import type { PublicSignalRow } from './store-one.ts';
import { publicStatus } from '@meldloket/engine';
import { amsterdamIso } from '../../followup/index.ts';


import { displayId } from './display-id.ts';

export { displayId };

export function serializePublicSignal(row: PublicSignalRow) {
  return {
    _display: displayId(row.id),
    id: row.id,
    id_display: displayId(row.id),
    signal_id: row.uuid,
    status: publicStatus(row.state),
    created_at: amsterdamIso(row.created_at),
    updated_at: amsterdamIso(row.updated_at),
    incident_date_start: amsterdamIso(row.incident_date_start),
    incident_date_end: amsterdamIso(row.incident_date_end),
  };
}

export const publicSignalSchema = {
  type: 'object',
  properties: {
    _display: { type: 'string' },
    id: { type: 'integer' },
    id_display: { type: 'string' },
    signal_id: { type: 'string' },
    status: { type: 'object', properties: { state: { type: 'string' }, state_display: { type: 'string' } } },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    incident_date_start: { type: 'string' },
    incident_date_end: { type: ['string', 'null'] },
  },
} as const;
