/**
 * A reporter's rights (docs/privacy.md): staff with `sia_reporter_rights` find
 * every report of one e-mail address or phone number, export what the product holds about
 * that person (JSON, and a readable PDF drawn like the work order), and anonymise it (the
 * contact details go, the reports stay) or erase it (the reports go, with their files,
 * leaving deletion records). Mails to the address, pending address changes and 'Mijn
 * meldingen' links go in both cases. Each action is recorded in `reporter_request` (who,
 * when, what, which reports; never the address or number) and each showing of the
 * reports in the access log (`rights`).
 */
import { sql, type Selectable, type SqlBool } from 'kysely';
import { hasEmailShape, stateName } from '@meldloket/engine';
import type { Db } from '../db/database.ts';
import type { SignalTable } from '../db/tables.ts';
import { invalidField, invalidInput } from '../domain/errors.ts';
import { phoneForms, reporterPhoneIn } from '../services/overview/search.ts';
import { writeHistory } from '../services/workflow/history.ts';
import { logContactAccess } from './access-log.ts';
import { deleteReport } from './retention.ts';
import type { ReporterRequestTable } from './tables.ts';

export type RequestAction = ReporterRequestTable['action'];

/** The actions in the words the screen shows. */
export const REQUEST_ACTIONS: Record<RequestAction, string> = {
  search: 'Meldingen gezocht',
  export_json: 'Gegevens geëxporteerd (JSON)',
  export_pdf: 'Gegevens geëxporteerd (PDF)',
  anonymise: 'Contactgegevens geanonimiseerd',
  erase: 'Meldingen gewist',
};

export const ERASE_MODES = ['anonymise', 'erase'] as const;
export type EraseMode = (typeof ERASE_MODES)[number];

export const SUBJECT_MESSAGES = {
  none: 'Vul een e-mailadres of een telefoonnummer in.',
  both: 'Vul een e-mailadres of een telefoonnummer in, niet allebei.',
  email: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.',
  phone: 'Vul een geldig telefoonnummer in, bijvoorbeeld 0612345678.',
} as const;

/** Whom the request is about: an address (any case) or a number (in any national form). */
export type Subject = { kind: 'email'; email: string; label: string } | { kind: 'phone'; forms: string[]; label: string };

/** The subject of `?email=` or `?phone=`; a 400 in the API's field shape otherwise. */
export function subjectOf(input: { email?: string; phone?: string }): Subject {
  const email = input.email?.trim() ?? '';
  const phone = input.phone?.trim() ?? '';
  if (email && phone) throw invalidInput(SUBJECT_MESSAGES.both);
  if (email) {
    if (!hasEmailShape(email) || email.length > 254) throw invalidField('email', SUBJECT_MESSAGES.email);
    return { kind: 'email', email: email.toLowerCase(), label: `het e-mailadres ${email.toLowerCase()}` };
  }
  if (phone) {
    const forms = phoneForms(phone);
    if (!forms) throw invalidField('phone', SUBJECT_MESSAGES.phone);
    return { kind: 'phone', forms, label: `het telefoonnummer ${phone}` };
  }
  throw invalidInput(SUBJECT_MESSAGES.none);
}

const matches = (subject: Subject) =>
  subject.kind === 'email' ? sql<SqlBool>`lower(signal.reporter_email) = ${subject.email}` : reporterPhoneIn(subject.forms);

/** Every report of the subject, oldest first. */
export async function findReports(db: Db, subject: Subject): Promise<Selectable<SignalTable>[]> {
  return db.selectFrom('signal').selectAll().where(matches(subject)).orderBy('id').execute();
}

/** The addresses the subject's reports carry (a phone search finds them too): their mails and links go with them. */
function addressesOf(subject: Subject, reports: Selectable<SignalTable>[]): string[] {
  const found = new Set(reports.map((r) => r.reporter_email?.toLowerCase()).filter((e): e is string => !!e));
  if (subject.kind === 'email') found.add(subject.email);
  return [...found];
}

/** The mails stored for these addresses, oldest first. */
export async function mailsTo(db: Db, subject: Subject, reports: Selectable<SignalTable>[]) {
  const addresses = addressesOf(subject, reports);
  if (addresses.length === 0) return [];
  return db.selectFrom('outbox').select(['to', 'subject', 'created_at', 'sent_at']).where(sql<string>`lower("to")`, 'in', addresses).orderBy('id').execute();
}

export async function recordRequest(db: Db, username: string, action: RequestAction, subject: Subject, signalIds: number[], at: Date): Promise<void> {
  await db.insertInto('reporter_request').values({ username, action, key_kind: subject.kind, signal_ids: JSON.stringify(signalIds), created_at: at }).execute();
  if (action !== 'erase' && action !== 'anonymise') await logContactAccess(db, username, signalIds, 'rights', at);
}

export const requestRule = (username: string) => `Op verzoek van de melder (${username})`;

/**
 * Removes the subject's contact details from every report (history entry on each), and the
 * mails, pending address changes and 'Mijn meldingen' links of its addresses; the reports stay.
 */
export async function anonymiseSubject(db: Db, subject: Subject, username: string, now: Date): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const reports = await trx.selectFrom('signal').selectAll().where(matches(subject)).orderBy('id').forUpdate().execute();
    await forgetAddresses(trx, addressesOf(subject, reports), reports);
    for (const r of reports) {
      await trx.updateTable('signal').set({ reporter_email: null, reporter_phone: null, sharing_allowed: false }).where('id', '=', r.id).execute();
      await writeHistory(trx, { signalId: r.id, what: 'UPDATE_REPORTER', action: 'Contactgegevens van de melder geanonimiseerd', description: requestRule(username), who: username, at: now });
    }
    return reports.map((r) => r.id);
  });
}

async function forgetAddresses(db: Db, addresses: string[], reports: Selectable<SignalTable>[]): Promise<void> {
  const uuids = reports.map((r) => r.uuid);
  if (uuids.length > 0) await db.deleteFrom('reporter_email_verification').where('signal_uuid', 'in', uuids).execute();
  if (addresses.length === 0) return;
  await db.deleteFrom('reporter_email_verification').where((eb) => eb.or([eb(sql<string>`lower(email)`, 'in', addresses), eb(sql<string>`lower(previous_email)`, 'in', addresses)])).execute();
  // (the 'Mijn meldingen' tables are that feature's own, my-signals/tables.ts)
  await sql`delete from my_signals_token where lower(reporter_email) in (${sql.join(addresses)})`.execute(db);
  await db.deleteFrom('outbox').where(sql<string>`lower("to")`, 'in', addresses).execute();
}

/**
 * Deletes every report of the subject (children of them first: they are parts of it), with
 * files and deletion records naming the staff member, and forgets its addresses as above.
 * Returns the deleted reports' numbers and the files to remove once that is committed.
 */
export async function eraseSubject(db: Db, subject: Subject, username: string, now: Date): Promise<{ ids: number[]; files: string[] }> {
  const reports = await findReports(db, subject);
  const matched = reports.map((r) => r.id);
  const children = matched.length ? await db.selectFrom('signal').select('id').where('parent_id', 'in', matched).execute() : [];
  const order = [...new Set([...children.map((c) => c.id), ...matched])];
  const ids: number[] = [];
  const files: string[] = [];
  for (const id of order) {
    const row = await db
      .selectFrom('signal')
      .select(['state', sql<Date>`coalesce((select max(h.created_at) from signal_history h where h.signal_id = signal.id and h.what = 'UPDATE_STATUS'), signal.updated_at)`.as('ended_at')])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) continue;
    const removed = await deleteReport(db, { signalId: id, state: row.state, endedAt: new Date(row.ended_at), rule: requestRule(username) }, now, username);
    if (!removed) continue;
    ids.push(id);
    files.push(...removed);
  }
  await forgetAddresses(db, addressesOf(subject, reports), []);
  return { ids, files };
}

/** The JSON export: every report of the subject with what is held about it, and the mails. */
export function exportJson(subject: Subject, generatedAt: string, reports: ReadonlyArray<ExportedReport>, mails: ReadonlyArray<{ to: string; subject: string; created_at: string; sent_at: string | null }>) {
  return {
    subject: subject.label,
    generated_at: generatedAt,
    count: reports.length,
    reports,
    mails,
  };
}

export interface ExportedReport {
  id: number;
  display: string;
  created_at: string;
  updated_at: string;
  state: string;
  state_display: string;
  category: { main: string; sub: string };
  text: string;
  text_extra: string;
  incident_date_start: string | null;
  location: { address: string | null; stadsdeel: string | null; lat: number; lng: number };
  extra_properties: unknown;
  reporter: { email: string | null; phone: string | null; sharing_allowed: boolean };
  attachments: { filename: string; mime_type: string; created_at: string; from_reporter: boolean }[];
  history: { when: string; action: string; description: string | null }[];
}

export { stateName };
