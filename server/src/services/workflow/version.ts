/**
 * The version of a report for optimistic concurrency (docs/security.md, "Two staff, one report"):
 * the detail answers with an `ETag`, a PATCH with `If-Match` that no longer matches is refused
 * with 412, so a second handler never overwrites a colleague's change unseen. The version is the
 * report's `updated_at`, which every change moves.
 */
import { stale } from '../../domain/errors.ts';

export const STALE_SIGNAL = 'Deze melding is intussen gewijzigd door een collega. De nieuwe gegevens staan nu op het scherm; bekijk ze en probeer het opnieuw.';

/** The strong ETag of a report's current version. */
export function signalEtag(row: { id: number; updated_at: Date | string }): string {
  return `"${row.id}-${new Date(row.updated_at).getTime().toString(36)}"`;
}

/**
 * Whether an If-Match header (a list of entity tags, or `*`) lets a change of `row` through.
 * Weak tags never match (RFC 9110 §13.1.1: If-Match compares strongly).
 */
export function ifMatchHolds(header: string, row: { id: number; updated_at: Date | string }): boolean {
  const wanted = header.trim();
  if (wanted === '*') return true;
  const current = signalEtag(row);
  return wanted.split(',').some((tag) => tag.trim() === current);
}

/** Throws the 412 when `ifMatch` is given and stale. */
export function checkIfMatch(ifMatch: string | undefined, row: { id: number; updated_at: Date | string }): void {
  if (ifMatch !== undefined && !ifMatchHolds(ifMatch, row)) throw stale(STALE_SIGNAL);
}
