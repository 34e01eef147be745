/**
 * The history of a report (docs/reference/api.md#private `/history`): newest first, one entry per change.
 * Three sources, so that nothing that changes a report can forget to log itself:
 * - the report row itself gives CREATE_SIGNAL (public and staff create alike);
 * - `signal_note` gives CREATE_NOTE (staff notes and the notes the system adds, e.g.
 *   'Bijlage toegevoegd door melder: …');
 * - `signal_history` (migration 500) holds every other change, written by the workflow
 *   (UPDATE_STATUS, UPDATE_PRIORITY, …) in the same transaction as the change;
 *   RECEIVE_SESSION and NOT_RECEIVED_SESSION (a reaction request answered or run out) too;
 * - `feedback_request` gives CREATE_FEEDBACK (survey sent) and RECEIVE_FEEDBACK (answered).
 * `who` is the staff member's username, or 'Signalen systeem' for what the system did.
 */
import type { Db } from '../../db/index.ts';
import { STATUS_RULES } from '@meldloket/engine';
import { API_SYSTEM_WHO } from '@meldloket/engine';
import type { SessionEvent } from '../../followup/ports.ts';
import { amsterdamIso } from '../../followup/time.ts';

/** `who` of an entry the system made (docs/reference/api.md#private; the back office shows the product's own name instead). */
export const SYSTEM_WHO = API_SYSTEM_WHO;

/**
 * One history entry on the wire (docs/reference/screens.md#entities: identifier, when, what, action, description, who),
 * from a stored row: `{what}_{id}`, the Amsterdam time, the system for a null `who`. The
 * report's history and the settings' history both answer it.
 */
export function historyEntry(row: { id: number | string; what: string; action: string; description: string | null; who: string | null; at: Date }) {
  return { identifier: `${row.what}_${row.id}`, when: amsterdamIso(row.at), what: row.what, action: row.action, description: row.description, who: row.who ?? SYSTEM_WHO };
}

/** The response schema of a history entry; `extra` adds the fields of one kind (the report's `_signal`). */
export function historyEntrySchema<E extends Record<string, unknown>>(extra: E = {} as E) {
  return {
    type: 'object',
    properties: {
      identifier: { type: 'string' },
      when: { type: 'string' },
      what: { type: 'string' },
      action: { type: 'string' },
      description: { type: ['string', 'null'] },
      who: { type: 'string' },
      ...extra,
    },
  } as const;
}

/** The `what` values of docs/reference/api.md#private. */
export const HISTORY_WHAT = [
  'CREATE_SIGNAL',
  'UPDATE_STATUS',
  'UPDATE_PRIORITY',
  'UPDATE_CATEGORY_ASSIGNMENT',
  'UPDATE_LOCATION',
  'CREATE_NOTE',
  'UPDATE_TYPE_ASSIGNMENT',
  'UPDATE_ROUTING_ASSIGNMENT',
  'UPDATE_DIRECTING_DEPARTMENTS_ASSIGNMENT',
  'UPDATE_USER_ASSIGNMENT',
  'UPDATE_SLA',
  'CREATE_FEEDBACK',
  'RECEIVE_FEEDBACK',
  'UPDATE_REPORTER',
  'RECEIVE_SESSION',
  'NOT_RECEIVED_SESSION',
] as const;
export type HistoryWhat = (typeof HISTORY_WHAT)[number];

/**
 * The entries of a reaction request's end (written with the status change it causes):
 * the action names what happened, the description is the question the handler asked.
 */
export const SESSION_ACTIONS: Record<SessionEvent['what'], string> = {
  RECEIVE_SESSION: 'Reactie van de melder ontvangen op de vraag:',
  NOT_RECEIVED_SESSION: `Geen reactie van de melder ontvangen binnen ${STATUS_RULES.reactionDays} dagen op de vraag:`,
};

/** Writes the entry of a reaction request's end (see SESSION_ACTIONS); the system's. */
export function writeSessionHistory(db: Db, signalId: number, event: SessionEvent, at: Date): Promise<void> {
  return writeHistory(db, { signalId, what: event.what, action: SESSION_ACTIONS[event.what], description: event.question || null, who: null, at });
}

/** The `what` values stored in `signal_history` (the others are read from their own tables). */
export type StoredWhat = Exclude<HistoryWhat, 'CREATE_SIGNAL' | 'CREATE_NOTE' | 'CREATE_FEEDBACK' | 'RECEIVE_FEEDBACK'>;

export interface NewHistoryEntry {
  signalId: number;
  what: StoredWhat;
  action: string;
  description?: string | null;
  /** Staff username; null for the system. */
  who: string | null;
  extra?: Record<string, unknown> | null;
  at: Date;
}

/** Writes one entry; call it with the transaction that makes the change. */
export async function writeHistory(db: Db, entry: NewHistoryEntry): Promise<void> {
  await db
    .insertInto('signal_history')
    .values({
      signal_id: entry.signalId,
      what: entry.what,
      action: entry.action,
      description: entry.description ?? null,
      who: entry.who,
      extra: entry.extra ? JSON.stringify(entry.extra) : null,
      created_at: entry.at,
    })
    .execute();
}

export interface HistoryEntry {
  identifier: string;
  when: string;
  what: HistoryWhat;
  action: string;
  description: string | null;
  who: string;
  _signal: number;
}

export interface HistoryFilter {
  /** Only entries with these `what` values. */
  what?: string[];
  /** Only entries made after this instant. */
  createdAfter?: Date;
  createdBefore?: Date;
}

interface Row {
  /** The source's id (the report's, a note's, a survey's, a stored entry's). */
  id: number;
  at: Date;
  /** Tie-breaker among equal instants: later sources and ids first. */
  order: number;
  what: HistoryWhat;
  action: string;
  description: string | null;
  who: string | null;
}

/** The report's history, newest first (docs/reference/api.md#private). */
export async function listHistory(db: Db, signalId: number, filter: HistoryFilter = {}): Promise<HistoryEntry[]> {
  const wants = (what: HistoryWhat) => !filter.what || filter.what.includes(what);
  const rows: Row[] = [];
  const signal = await db.selectFrom('signal').select(['id', 'uuid', 'created_at', 'created_by']).where('id', '=', signalId).executeTakeFirst();
  if (!signal) return [];
  if (wants('CREATE_SIGNAL')) {
    rows.push({ id: signal.id, at: new Date(signal.created_at), order: 0, what: 'CREATE_SIGNAL', action: 'Melding aangemaakt', description: null, who: signal.created_by });
  }
  if (wants('CREATE_NOTE')) {
    const notes = await db.selectFrom('signal_note').select(['id', 'text', 'created_by', 'created_at']).where('signal_id', '=', signalId).execute();
    for (const n of notes) rows.push({ id: n.id, at: new Date(n.created_at), order: 2e9 + n.id, what: 'CREATE_NOTE', action: 'Notitie toegevoegd:', description: n.text, who: n.created_by });
  }
  if (wants('CREATE_FEEDBACK') || wants('RECEIVE_FEEDBACK')) {
    const requests = await db.selectFrom('feedback_request').selectAll().where('signal_uuid', '=', signal.uuid).execute();
    for (const f of requests) {
      if (wants('CREATE_FEEDBACK')) {
        rows.push({ id: f.id, at: new Date(f.created_at), order: 1e9 + f.id, what: 'CREATE_FEEDBACK', action: 'Tevredenheidsonderzoek verstuurd naar de melder', description: null, who: null });
      }
      if (f.submitted_at && wants('RECEIVE_FEEDBACK')) {
        rows.push({ id: f.id, at: new Date(f.submitted_at), order: 1e9 + f.id, what: 'RECEIVE_FEEDBACK', action: 'Feedback van de melder ontvangen', description: feedbackDescription(f), who: null });
      }
    }
  }
  let stored = db.selectFrom('signal_history').selectAll().where('signal_id', '=', signalId);
  if (filter.what) {
    const kept = filter.what.filter((w) => !['CREATE_SIGNAL', 'CREATE_NOTE', 'CREATE_FEEDBACK', 'RECEIVE_FEEDBACK'].includes(w));
    stored = kept.length ? stored.where('what', 'in', kept) : stored.where('id', '<', 0);
  }
  for (const h of await stored.execute()) {
    rows.push({ id: h.id, at: new Date(h.created_at), order: 3e9 + h.id, what: h.what as HistoryWhat, action: h.action, description: h.description, who: h.who });
  }
  return rows
    .filter((r) => (!filter.createdAfter || r.at > filter.createdAfter) && (!filter.createdBefore || r.at < filter.createdBefore))
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.order - a.order)
    .map((r) => ({ ...historyEntry(r), what: r.what, _signal: signalId }));
}

const SATISFACTION_NAMES: Record<string, string> = { satisfied: 'Tevreden', not_satisfied: 'Niet tevreden', not_received: 'Niets gemerkt van de afhandeling' };

function feedbackDescription(f: { satisfaction: string | null; is_satisfied: boolean | null; text_list: string[] | null; text_extra: string | null }): string {
  const parts = [SATISFACTION_NAMES[f.satisfaction ?? ''] ?? (f.is_satisfied ? 'Tevreden' : 'Niet tevreden'), ...(f.text_list ?? [])];
  if (f.text_extra) parts.push(f.text_extra);
  return parts.join('\n');
}
