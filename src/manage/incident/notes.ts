/** The note rules of docs/reference/limits.md#validation (empty, over the maximum of docs/reference/api.md#private) and the PATCH block. */
import { STATUS_RULES } from '@meldloket/engine';
import type { IncidentPatch } from './api.ts';
import { INCIDENT_TEXTS } from './texts.ts';

export const NOTE_MAX = STATUS_RULES.noteMax;

/** The message for a note that may not be saved, or null. */
export function noteError(text: string): string | null {
  if (!text.trim()) return INCIDENT_TEXTS.notes.empty;
  if (text.length > NOTE_MAX) return INCIDENT_TEXTS.notes.tooLong(NOTE_MAX);
  return null;
}

export const notePatch = (text: string): IncidentPatch => ({ notes: [{ text: text.trim() }] });
