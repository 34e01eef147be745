import { FALLBACK_HANDLING_MESSAGE } from '@meldloket/engine';

/** The handling message a resident gets for a subcategory: its own, or the fallback of docs/reference/texts.md#errors when it has none. */
export function residentHandlingMessage(message: string | null | undefined): string {
  return message?.trim() ? message : FALLBACK_HANDLING_MESSAGE;
}
