/**
 * The retention rule (docs/privacy.md): a report that reached an end state of the
 * workflow (`END_STATES`) loses its reporter's contact details `contactDays` days later (with an
 * UPDATE_REPORTER entry in its history saying so), and is deleted — with its attachments, notes,
 * history and follow-up sessions — `deleteAfterYears[state]` years later, leaving a row in
 * `signal_deletion` with no personal data.
 *
 * Every action is a conditional write in its own transaction (the reporter only while the
 * contact details are still there, the report only while it is still in that end state), so
 * several processes running the job at once act once on each report.
 */
import { sql } from 'kysely';
import { END_STATES, stateName } from '@meldloket/engine';
import type { Db } from '../db/index.ts';
import { writeHistory } from '../services/workflow/history.ts';
import type { RetentionConfig } from './config.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type RetentionAction = 'anonymise' | 'delete';

/** One report the rule acts on now (the dry run lists these). */
export interface RetentionItem {
  action: RetentionAction;
  signalId: number;
  state: string;
  category: string;
  /** When the report entered its end state. */
  endedAt: Date;
  /** When the rule became due. */
  dueAt: Date;
  /** The rule, in words. */
  rule: string;
}

/** `years` calendar years before `at` (UTC). */
export function yearsBefore(at: Date, years: number): Date {
  const d = new Date(at.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}

const yearsAfter = (at: Date, years: number) => yearsBefore(at, -years);
const yearWord = (n: number) => (n === 1 ? '1 jaar' : `${n} jaar`);

export const anonymiseRule = (config: RetentionConfig) => `Contactgegevens ${config.contactDays} dagen na de eindstatus geanonimiseerd (bewaartermijn)`;
export const deleteRule = (state: string, years: number) => `Bewaartermijn: ${stateName(state)} na ${yearWord(years)} verwijderd`;

interface Candidate {
  id: number;
  uuid: string;
  state: string;
  category_slug: string;
  category_name: string;
  created_at: Date;
  has_contact: boolean;
  ended_at: Date;
  has_children: boolean;
}

/** Reports in an end state that reached it before `before`, with when they did. */
async function candidates(db: Db, before: Date, ids?: number[]): Promise<Candidate[]> {
  const { rows } = await sql<Candidate>`
    select * from (
      select s.id, s.uuid, s.state, c.slug as category_slug, c.name as category_name, s.created_at,
        (s.reporter_email is not null or s.reporter_phone is not null) as has_contact,
        coalesce((select max(h.created_at) from signal_history h where h.signal_id = s.id and h.what = 'UPDATE_STATUS'), s.updated_at) as ended_at,
        exists (select 1 from signal k where k.parent_id = s.id) as has_children
      from signal s join category c on c.id = s.category_id
      where s.state in (${sql.join(END_STATES)}) ${ids ? sql`and s.id in (${sql.join(ids)})` : sql``}
    ) r
    where r.ended_at <= ${before}
    order by r.ended_at, r.id`.execute(db);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at), ended_at: new Date(r.ended_at) }));
}

/** What the rule does at `now`: the dry run, and the work list of the job. */
export async function planRetention(db: Db, config: RetentionConfig, now: Date): Promise<RetentionItem[]> {
  const contactCutoff = new Date(now.getTime() - config.contactDays * DAY_MS);
  const deleteYears = Object.values(config.deleteAfterYears).filter((y): y is number => y !== null);
  const earliest = deleteYears.length > 0 ? yearsBefore(now, Math.min(...deleteYears)) : contactCutoff;
  const before = earliest > contactCutoff ? earliest : contactCutoff;
  const items: RetentionItem[] = [];
  for (const c of await candidates(db, before)) {
    const years = config.deleteAfterYears[c.state] ?? null;
    const category = c.category_name;
    // Deleting a parent waits for its children (they refer to it); they are deleted by their own end state.
    if (years !== null && !c.has_children && c.ended_at <= yearsBefore(now, years)) {
      items.push({ action: 'delete', signalId: c.id, state: c.state, category, endedAt: c.ended_at, dueAt: yearsAfter(c.ended_at, years), rule: deleteRule(c.state, years) });
    } else if (c.has_contact && c.ended_at <= contactCutoff) {
      items.push({ action: 'anonymise', signalId: c.id, state: c.state, category, endedAt: c.ended_at, dueAt: new Date(c.ended_at.getTime() + config.contactDays * DAY_MS), rule: anonymiseRule(config) });
    }
  }
  return items;
}

/** Anonymises one report's reporter if it still has contact details; whether this call did it. */
async function anonymise(db: Db, item: RetentionItem, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('signal')
      .set({ reporter_email: null, reporter_phone: null, sharing_allowed: false })
      .where('id', '=', item.signalId)
      .where('state', 'in', [...END_STATES])
      .where((eb) => eb.or([eb('reporter_email', 'is not', null), eb('reporter_phone', 'is not', null)]))
      .returning('uuid')
      .executeTakeFirst();
    if (!done) return false;
    // Its followers' addresses go with the reporter's (docs/duplicates.md).
    await trx.deleteFrom('signal_follower').where('signal_id', '=', item.signalId).execute();
    // Pending address changes hold the address too.
    await trx.deleteFrom('reporter_email_verification').where('signal_uuid', '=', done.uuid).execute();
    await writeHistory(trx, { signalId: item.signalId, what: 'UPDATE_REPORTER', action: 'Contactgegevens van de melder geanonimiseerd', description: item.rule, who: null, at: now });
    return true;
  });
}

/**
 * Deletes one report if it is still in the end state and has no children; its files' keys
 * are returned to remove from storage once the deletion is committed. `deletedBy`: a staff
 * username, null for the job.
 */
export async function deleteReport(db: Db, item: Pick<RetentionItem, 'signalId' | 'state' | 'endedAt' | 'rule'>, now: Date, deletedBy: string | null): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const signal = await trx
      .selectFrom('signal')
      .innerJoin('category', 'category.id', 'signal.category_id')
      .select(['signal.id', 'signal.uuid', 'signal.state', 'signal.created_at', 'category.slug', 'category.name'])
      .where('signal.id', '=', item.signalId)
      .forUpdate('signal')
      .executeTakeFirst();
    if (!signal || signal.state !== item.state) return null;
    const child = await trx.selectFrom('signal').select('id').where('parent_id', '=', signal.id).executeTakeFirst();
    if (child) return null;
    const files = await trx.selectFrom('attachment').select('file_path').where('signal_id', '=', signal.id).execute();
    // Rows that name the report by uuid, not by a foreign key (the others cascade).
    await trx.deleteFrom('qa_session').where('signal_uuid', '=', signal.uuid).execute();
    await trx.deleteFrom('reporter_email_verification').where('signal_uuid', '=', signal.uuid).execute();
    await trx.deleteFrom('feedback_request').where('signal_uuid', '=', signal.uuid).execute();
    await trx.deleteFrom('idempotency_key').where('signal_id', '=', signal.id).execute();
    await trx.deleteFrom('signal').where('id', '=', signal.id).execute();
    await trx
      .insertInto('signal_deletion')
      .values({
        signal_id: signal.id,
        category_slug: signal.slug,
        category_name: signal.name,
        state: signal.state,
        signal_created_at: signal.created_at,
        ended_at: item.endedAt,
        deleted_at: now,
        rule: item.rule,
        deleted_by: deletedBy,
      })
      .execute();
    return files.map((f) => f.file_path);
  });
}

export interface RetentionResult {
  anonymised: number[];
  deleted: number[];
  /** Mails (outbox rows) removed: older than `contactDays`, with their addresses and texts. */
  mails: number;
}

/**
 * The outbox keeps a mail — its address and text — `contactDays` days from when it was made,
 * as long as a reporter's contact details after the end state, then removes it (sent or not:
 * a mail not sent in that time will not be).
 */
export async function expireMails(db: Db, config: RetentionConfig, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - config.contactDays * DAY_MS);
  const result = await db.deleteFrom('outbox').where('created_at', '<=', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Carries out the rule at `now`; `removeFile` removes an attachment's file after its report's deletion. */
export async function runRetention(db: Db, config: RetentionConfig, now: Date, removeFile: (key: string) => Promise<void>, onFileError: (key: string, error: unknown) => void): Promise<RetentionResult> {
  const result: RetentionResult = { anonymised: [], deleted: [], mails: 0 };
  for (const item of await planRetention(db, config, now)) {
    if (item.action === 'anonymise') {
      if (await anonymise(db, item, now)) result.anonymised.push(item.signalId);
      continue;
    }
    const files = await deleteReport(db, item, now, null);
    if (!files) continue;
    result.deleted.push(item.signalId);
    for (const key of files) await removeFile(key).catch((error: unknown) => onFileError(key, error));
  }
  result.mails = await expireMails(db, config, now);
  return result;
}
