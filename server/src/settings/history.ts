/**
 * The change history of the settings (migration 540): every write of a category, user,
 * department or role appends one row; `/history` shows them newest first in the shape
 * of a history entry (docs/reference/screens.md#entities: identifier, when, what, action, description, who).
 */
import type { Db } from '../db/index.ts';
import { historyEntry, historyEntrySchema } from '../services/workflow/history.ts';
import type { SettingsHistoryTable } from './tables.ts';

export type SettingsModel = SettingsHistoryTable['model'];

export interface HistoryInput {
  model: SettingsModel;
  objectId: number;
  /** CREATED_CATEGORY, UPDATED_CATEGORY, CREATED_USER, … */
  what: string;
  /** One line per changed field, in Dutch. */
  lines: string[];
  description?: string | null;
  who: string | null;
}

/** Appends an entry; nothing when nothing changed and there is no note. */
export async function appendHistory(db: Db, input: HistoryInput): Promise<void> {
  const description = input.description?.trim() ? input.description.trim() : null;
  if (input.lines.length === 0 && !description) return;
  await db
    .insertInto('settings_history')
    .values({
      model: input.model,
      object_id: input.objectId,
      what: input.what,
      action: input.lines.length > 0 ? input.lines.join('\n') : 'Notitie toegevoegd',
      description,
      who: input.who,
    })
    .execute();
}

export async function readHistory(db: Db, model: SettingsModel, objectId: number) {
  const rows = await db
    .selectFrom('settings_history')
    .select(['id', 'what', 'action', 'description', 'who', 'created_at'])
    .where('model', '=', model)
    .where('object_id', '=', objectId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => historyEntry({ ...r, at: r.created_at }));
}

/** The response schema of a settings history entry. */
export const settingsHistoryEntrySchema = historyEntrySchema();

/** 'Naam gewijzigd: oud → nieuw' for a changed value; nothing when equal. */
export function changed(label: string, before: unknown, after: unknown, show: (v: unknown) => string = plain): string[] {
  if (after === undefined || same(before, after)) return [];
  return [`${label} gewijzigd: ${show(before)} → ${show(after)}`];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const plain = (v: unknown) => (v === null || v === undefined || v === '' ? '(leeg)' : Array.isArray(v) ? (v.length ? v.join(', ') : '(geen)') : String(v));
export const yesNo = (v: unknown) => (v ? 'ja' : 'nee');
