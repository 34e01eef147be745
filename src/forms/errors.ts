/**
 * Every error body shape of the contract (docs/reference/api.md#conventions 'Error body shapes', docs/reference/api.md#private status
 * errors) reduced to messages per field, so a form can show each under its own
 * field: `{"state": [..]}` and `{"status": {"state": [..]}}` both land on `state`,
 * `{"notes": [{"text": [..]}]}` on `text`,
 * `{"state": "…"}` (the sigmax 403) too; a top-level list, `non_field_errors` and
 * `detail` land on `form`.
 */
import { ApiError } from '@meldloket/engine';

export type FieldErrors = Record<string, string[]>;

const asList = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function collect(body: unknown, into: FieldErrors, nestedUnder?: string): void {
  if (Array.isArray(body)) {
    (into.form ??= []).push(...asList(body));
    return;
  }
  if (!body || typeof body !== 'object') return;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'detail' || key === 'non_field_errors') {
      (into.form ??= []).push(...asList(value));
    } else if (value && typeof value === 'object' && !Array.isArray(value) && nestedUnder === undefined) {
      collect(value, into, key);
    } else if (Array.isArray(value) && value.some((item) => item && typeof item === 'object')) {
      // a list of per-item dicts (`{"notes": [{"text": [..]}]}`, bulk create): each item's messages
      for (const item of value) if (item && typeof item === 'object') collect(item, into, key);
    } else {
      const list = asList(value);
      if (list.length) (into[key] ??= []).push(...list);
    }
  }
}

/** The messages of a failed call per field; a failure without a usable body gives the Dutch status text (docs/reference/texts.md#errors). */
export function fieldErrors(error: unknown): FieldErrors {
  const into: FieldErrors = {};
  if (error instanceof ApiError) {
    collect(error.body, into);
    if (Object.keys(into).length === 0) into.form = [error.userMessage];
    // a refusal reads as docs/reference/texts.md#errors has it ('Je hebt niet voldoende rechten…'), under the field it concerns, whatever words the server chose
    if (error.status === 403) for (const key of Object.keys(into)) into[key] = [error.userMessage];
  } else {
    into.form = [error instanceof Error ? error.message : String(error)];
  }
  return into;
}

/**
 * A 400's messages as one text per field (each field's messages joined), for forms that show one
 * message under a field; `form` holds what belongs to no field. Any other failure: no field messages
 * (the screen says it in its notification).
 */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  return Object.fromEntries(Object.entries(fieldErrors(error)).map(([field, messages]) => [field, messages.join(' ')]));
}

/** All messages of a failed call in one list (for a form with one field). */
export function allMessages(errors: FieldErrors): string[] {
  return Object.values(errors).flat();
}
