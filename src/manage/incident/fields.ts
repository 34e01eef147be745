/** What the detail page shows of a report's fields, in words (docs/reference/screens.md#entities, docs/reference/statuses.md#states-and-transitions). */
import { remainingDaysText } from '@meldloket/engine';
import type { IncidentDetail } from './api.ts';
import type { SubcategoryOption } from './categories.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const F = INCIDENT_TEXTS.fields;

/** docs/reference/screens.md#entities 'Incident types': signal, parent_signal or child_signal. */
export function incidentKind(detail: Pick<IncidentDetail, '_links'>): 'signal' | 'parent_signal' | 'child_signal' {
  if (detail._links['sia:parent']) return 'child_signal';
  if ((detail._links['sia:children'] ?? []).length > 0) return 'parent_signal';
  return 'signal';
}

/** Remaining handling term ('3 werkdagen', '-1 dag'), or '–' for the statuses of docs/reference/statuses.md#states-and-transitions that show none. */
export function remainingText(detail: Pick<IncidentDetail, 'status' | 'created_at'>, sla: SubcategoryOption['sla'] | undefined, now: Date): string {
  return remainingDaysText({ state: detail.status.state, created_at: detail.created_at }, sla ?? null, now) ?? F.noRemaining;
}

/** The address in one line, from address_text or the address parts. */
export function addressLine(location: IncidentDetail['location']): string {
  if (location.address_text) return location.address_text;
  const a = location.address;
  if (!a?.openbare_ruimte) return F.noAddress;
  const number = [a.huisnummer, a.huisletter, a.huisnummer_toevoeging ? `-${a.huisnummer_toevoeging}` : ''].filter(Boolean).join('');
  return [`${a.openbare_ruimte} ${number}`.trim(), [a.postcode, a.woonplaats].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export const MASK = '*****';

/** A contact detail as shown: the value, '–' when empty, null when masked (the screen then says why). */
export function contactValue(value: string | null): string | null {
  if (value === MASK) return null;
  return value || F.empty;
}
