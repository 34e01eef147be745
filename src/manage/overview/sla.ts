/**
 * The remaining-days column: the engine's SLA module (engine/src/sla, one source with
 * the server, the detail and the settings) on a list item and its subcategory's SLA.
 */
import { remainingDaysText, type Sla } from '@meldloket/engine';
import type { ListSignal } from './types.ts';

/** e.g. '3 werkdagen', '-1 dag'; null without an SLA or for the states of docs/reference/statuses.md#states-and-transitions that show none. */
export function remainingDays(row: Pick<ListSignal, 'status' | 'created_at' | 'category'>, slas: Map<string, Sla>, now: Date): string | null {
  return remainingDaysText({ state: row.status.state, created_at: row.created_at }, slas.get(row.category.sub_slug) ?? null, now);
}
