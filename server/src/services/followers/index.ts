/**
 * One problem, many reporters (docs/duplicates.md).
 *
 * - Followers: residents who chose 'Ja, houd mij op de hoogte' on a report (verified by a
 *   link), and the reporters of duplicates merged into it. They get the report's status
 *   mails, one mail per address, each addressed to that one address, each with a link to
 *   stop following (no sign-in).
 * - Merge: duplicates close ('Afgehandeld', "Deze melding is samengevoegd met SIG-…"),
 *   their reporters and followers follow the main report. Undo restores the duplicate's
 *   state and moves its people back.
 *
 * Every change locks the report rows it touches (`for update`, in id order), the same lock
 * a status change takes: a follow, a verification, a merge and a status change of one
 * report happen one after the other, so no mail is sent twice and none is lost.
 */
import { createHash, randomBytes } from 'node:crypto';
import { canTransition, hasEmailShape, isEndState, stateName } from '@meldloket/engine';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';
import { followConfirmedMail, followerStatusMail, followVerifyMail, mergedMail } from '../../followup/mails.ts';
import { invalid, notFound, conflict, gone, NO_SIGNAL } from '../../domain/errors.ts';
import { MESSAGES } from '../../domain/field-errors.ts';
import { HIDDEN_STATES } from '../geography/index.ts';
import { displayId } from '../signals/serialize.ts';
import { writeHistory } from '../workflow/history.ts';
import { queueMail } from '../workflow/outbox.ts';

export const FOLLOW_VERIFY_HOURS = 24;

/** The Dutch texts of merging and following; the back office shows the same words. */
export const MERGE_TEXTS = {
  /** The duplicate's status text: what its reporter reads. */
  mergedInto: (main: string) => `Deze melding is samengevoegd met ${main}. U krijgt voortaan de berichten over die melding.`,
  noteOnMain: (duplicate: string) => `Melding ${duplicate} is samengevoegd met deze melding.`,
  undone: (main: string) => `Samenvoegen met ${main} ongedaan gemaakt.`,
  noteUndone: (duplicate: string) => `Samenvoegen van melding ${duplicate} ongedaan gemaakt.`,
  mainClosed: (main: string) => `Melding ${main} is afgesloten; kies een open melding als hoofdmelding.`,
  self: 'Een melding kan niet met zichzelf worden samengevoegd.',
  duplicateClosed: (id: string) => `Melding ${id} is al afgesloten of samengevoegd.`,
  hasDuplicates: (id: string) => `Melding ${id} heeft zelf samengevoegde meldingen; maak dat eerst ongedaan.`,
  cannotClose: (id: string, state: string) => `Melding ${id} kan vanuit de status '${state}' niet worden afgesloten.`,
  notMerged: (id: string) => `Melding ${id} is niet samengevoegd.`,
  changedSince: (id: string) => `Melding ${id} is na het samenvoegen gewijzigd; samenvoegen kan niet meer ongedaan worden gemaakt.`,
  notFollowable: 'Deze melding kunt u niet volgen.',
  closed: 'Deze melding is al afgehandeld.',
  badLink: 'Deze link kennen wij niet.',
  expired: 'Deze link is verlopen.',
} as const;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(24).toString('base64url');

export interface FollowLinks {
  /** Base URL of the web app. */
  publicUrl: string;
}
export const unfollowLink = (links: FollowLinks, token: string) => `${links.publicUrl}/volgen/stoppen/${token}`;
export const verifyFollowLink = (links: FollowLinks, token: string) => `${links.publicUrl}/volgen/bevestig/${token}`;

const lower = (email: string) => email.trim().toLowerCase();

/**
 * The verified followers of report `signalId` to mail, one per address, never the
 * reporter's own address (the reporter gets the status table's mail).
 */
export async function followersToMail(db: Db, signal: Pick<Selectable<SignalTable>, 'id' | 'reporter_email'>): Promise<{ email: string; unsubscribe_token: string }[]> {
  let query = db.selectFrom('signal_follower').select(['email', 'email_lower', 'unsubscribe_token']).where('signal_id', '=', signal.id).where('verified', '=', true);
  if (signal.reporter_email) query = query.where('email_lower', '!=', lower(signal.reporter_email));
  const rows = await query.orderBy('id').execute();
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.email_lower) && seen.add(r.email_lower));
}

/** Mails a status change of `signal` to its followers (inside the status change's transaction); how many. */
export async function mailFollowers(db: Db, links: FollowLinks, signal: Pick<Selectable<SignalTable>, 'id' | 'reporter_email'>, state: string, text: string | null): Promise<number> {
  const followers = await followersToMail(db, signal);
  for (const f of followers) await queueMail(db, followerStatusMail(displayId(signal.id), f.email, stateName(state), text, unfollowLink(links, f.unsubscribe_token)));
  return followers.length;
}

/** Locks reports `ids` (in id order, as every caller does: no deadlock) and answers them by id. */
async function lockSignals(db: Db, ids: number[]) {
  const rows = await db.selectFrom('signal').selectAll().where('id', 'in', [...new Set(ids)]).orderBy('id').forUpdate().execute();
  return new Map(rows.map((r) => [r.id, r]));
}

// Following -------------------------------------------------------------------

/**
 * 'Ja, houd mij op de hoogte': stores the address as an unconfirmed follower of an open
 * report in a public category and mails it a link to confirm. The answer is the same
 * whether the address followed before or not (nothing is told about others).
 */
export async function requestFollow(db: Db, links: FollowLinks, signalId: number, email: string, now: Date): Promise<{ id_display: string }> {
  const address = email.trim();
  if (!hasEmailShape(address) || address.length > 254) throw invalid({ email: [MESSAGES.email] });
  return db.transaction().execute(async (trx) => {
    const signal = (await lockSignals(trx, [signalId])).get(signalId);
    const category = signal ? await trx.selectFrom('category').select('is_public_accessible').where('id', '=', signal.category_id).executeTakeFirst() : undefined;
    if (!signal || !category?.is_public_accessible || signal.parent_id !== null) throw notFound(MERGE_TEXTS.notFollowable);
    if (HIDDEN_STATES.includes(signal.state)) throw invalid({ detail: MERGE_TEXTS.closed });
    const token = newToken();
    const expires = new Date(now.getTime() + FOLLOW_VERIFY_HOURS * 3600 * 1000);
    const existing = await trx.selectFrom('signal_follower').select(['id', 'verified']).where('signal_id', '=', signal.id).where('email_lower', '=', lower(address)).executeTakeFirst();
    if (existing?.verified) return { id_display: displayId(signal.id) };
    if (existing) await trx.updateTable('signal_follower').set({ verify_token_hash: hashToken(token), verify_expires_at: expires }).where('id', '=', existing.id).execute();
    else
      await trx
        .insertInto('signal_follower')
        .values({ signal_id: signal.id, origin_signal_id: signal.id, kind: 'follower', email: address, email_lower: lower(address), verify_token_hash: hashToken(token), verify_expires_at: expires, unsubscribe_token: newToken(), created_at: now })
        .execute();
    await queueMail(trx, followVerifyMail(displayId(signal.id), address, verifyFollowLink(links, token)));
    return { id_display: displayId(signal.id) };
  });
}

/**
 * The confirmation link: the address follows the report (the one it follows now, also
 * after a merge moved it). Once: a second use answers `already_verified` and mails nothing.
 * The confirmation mail tells where the report stands, so a follower confirming while the
 * report closes hears of it once, before or after.
 */
export async function verifyFollow(db: Db, links: FollowLinks, token: string, now: Date) {
  const found = await db.selectFrom('signal_follower').select(['id', 'signal_id']).where('verify_token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!found) throw notFound(MERGE_TEXTS.badLink);
  return db.transaction().execute(async (trx) => {
    // the follower's report may change (a merge moves it): lock it, then read the row again
    const row = await trx.selectFrom('signal_follower').selectAll().where('id', '=', found.id).executeTakeFirst();
    if (!row || row.verify_token_hash !== hashToken(token)) throw notFound(MERGE_TEXTS.badLink);
    const signal = (await lockSignals(trx, [row.signal_id])).get(row.signal_id)!;
    const current = await trx.selectFrom('signal_follower').selectAll().where('id', '=', row.id).executeTakeFirst();
    if (!current || current.signal_id !== signal.id) throw conflict(MERGE_TEXTS.badLink);
    const answer = { id_display: displayId(signal.id), state_display: stateName(signal.state), already_verified: current.verified };
    if (current.verified) return answer;
    if (current.verify_expires_at && current.verify_expires_at.getTime() < now.getTime()) throw gone({ detail: MERGE_TEXTS.expired });
    await trx.updateTable('signal_follower').set({ verified: true, verify_expires_at: null }).where('id', '=', current.id).execute();
    // the reporter's own address never gets a second mail
    if (!signal.reporter_email || lower(signal.reporter_email) !== current.email_lower) {
      await queueMail(trx, followConfirmedMail(displayId(signal.id), current.email, stateName(signal.state), signal.state_text, unfollowLink(links, current.unsubscribe_token)));
    }
    return answer;
  });
}

/** The link in every follower's mail: stop following, no sign-in. Unknown (or used) links are a 404. */
export async function unfollow(db: Db, token: string): Promise<{ id_display: string }> {
  const row = await db.deleteFrom('signal_follower').where('unsubscribe_token', '=', token).returning('signal_id').executeTakeFirst();
  if (!row) throw notFound(MERGE_TEXTS.badLink);
  return { id_display: displayId(row.signal_id) };
}

// Merging ---------------------------------------------------------------------

export interface MergeDeps extends FollowLinks {
  db: Db;
}

/**
 * Merges `duplicateIds` into report `mainId` for staff member `who` (permissions and
 * scoping checked by the caller). All or nothing: one refused duplicate (400) merges none.
 */
export async function mergeReports(deps: MergeDeps, who: string, mainId: number, duplicateIds: number[], now: Date): Promise<{ merged: number[]; mails: number }> {
  const ids = [...new Set(duplicateIds)];
  if (ids.includes(mainId)) throw invalid({ duplicates: [MERGE_TEXTS.self] });
  return deps.db.transaction().execute(async (db) => {
    const rows = await lockSignals(db, [mainId, ...ids]);
    const main = rows.get(mainId);
    if (!main) throw notFound(NO_SIGNAL);
    const mainDisplay = displayId(mainId);
    if (isEndState(main.state)) throw invalid({ duplicates: [MERGE_TEXTS.mainClosed(mainDisplay)] });
    const errors: string[] = [];
    const withDuplicates = new Set((await db.selectFrom('signal_merge').select('main_id').where('main_id', 'in', ids).execute()).map((r) => r.main_id));
    for (const id of ids) {
      const d = rows.get(id);
      if (!d) errors.push(`Ongeldige pk "${id}" - object bestaat niet.`);
      else if (isEndState(d.state)) errors.push(MERGE_TEXTS.duplicateClosed(displayId(id)));
      else if (withDuplicates.has(id)) errors.push(MERGE_TEXTS.hasDuplicates(displayId(id)));
      else if (!canTransition(d.state, 'o')) errors.push(MERGE_TEXTS.cannotClose(displayId(id), stateName(d.state)));
    }
    if (errors.length) throw invalid({ duplicates: errors });

    let mails = 0;
    const mainReporter = main.reporter_email ? lower(main.reporter_email) : null;
    for (const id of ids) {
      const d = rows.get(id)!;
      const display = displayId(id);
      const text = MERGE_TEXTS.mergedInto(mainDisplay);
      await db.insertInto('signal_merge').values({ duplicate_id: id, main_id: mainId, previous_state: d.state, previous_state_text: d.state_text, merged_by: who, merged_at: now }).execute();
      await db.updateTable('signal').set({ state: 'o', state_text: text, updated_at: now }).where('id', '=', id).execute();
      await writeHistory(db, { signalId: id, what: 'UPDATE_STATUS', action: `Status gewijzigd naar: ${stateName('o')}`, description: text, who, extra: { state: 'o', merged_into: mainId }, at: now });
      await db.insertInto('signal_note').values({ signal_id: mainId, text: MERGE_TEXTS.noteOnMain(display), created_by: who, created_at: now }).execute();

      const following = new Set((await db.selectFrom('signal_follower').select('email_lower').where('signal_id', '=', mainId).execute()).map((r) => r.email_lower));
      if (mainReporter) following.add(mainReporter);
      // the duplicate's followers move along (an address that hears of the main report already stays behind)
      const moving = await db.selectFrom('signal_follower').select(['id', 'email_lower']).where('signal_id', '=', id).execute();
      const move = moving.filter((f) => !following.has(f.email_lower));
      if (move.length) await db.updateTable('signal_follower').set({ signal_id: mainId }).where('id', 'in', move.map((f) => f.id)).execute();
      for (const f of move) following.add(f.email_lower);
      // its reporter becomes a follower (a child report's reporter hears of its parent, as ever)
      if (d.reporter_email && d.parent_id === null && !following.has(lower(d.reporter_email))) {
        await db
          .insertInto('signal_follower')
          .values({ signal_id: mainId, origin_signal_id: id, kind: 'reporter', email: d.reporter_email.trim(), email_lower: lower(d.reporter_email), verified: true, unsubscribe_token: newToken(), created_at: now })
          .execute();
      }
      // one mail per address of the duplicate: its reporter and its confirmed followers
      const told = new Set<string>();
      const addresses = [
        ...(d.reporter_email && d.parent_id === null ? [d.reporter_email.trim()] : []),
        ...(await db.selectFrom('signal_follower').select('email').where('origin_signal_id', '=', id).where('verified', '=', true).orderBy('id').execute()).map((r) => r.email),
      ];
      for (const address of addresses) {
        if (told.has(lower(address))) continue;
        told.add(lower(address));
        const onMain = await db.selectFrom('signal_follower').select('unsubscribe_token').where('signal_id', '=', mainId).where('email_lower', '=', lower(address)).executeTakeFirst();
        await queueMail(db, mergedMail(display, mainDisplay, address, onMain ? unfollowLink(deps, onMain.unsubscribe_token) : null));
        mails += 1;
      }
    }
    await db.updateTable('signal').set({ updated_at: now }).where('id', '=', mainId).execute();
    return { merged: ids, mails };
  });
}

/**
 * Undoes the merge of `duplicateId`: it gets back the state and text it had, its reporter
 * stops following the main report, its followers move back. Only while it is still closed
 * as the merge left it.
 */
export async function unmergeReport(deps: MergeDeps, who: string, duplicateId: number, now: Date): Promise<{ main: number; state: string }> {
  return deps.db.transaction().execute(async (db) => {
    const link = await db.selectFrom('signal_merge').selectAll().where('duplicate_id', '=', duplicateId).executeTakeFirst();
    if (!link) throw invalid({ duplicate: [MERGE_TEXTS.notMerged(displayId(duplicateId))] });
    const rows = await lockSignals(db, [link.main_id, duplicateId]);
    // read again under the lock: a parallel undo may have been first
    const merge = await db.selectFrom('signal_merge').selectAll().where('duplicate_id', '=', duplicateId).executeTakeFirst();
    if (!merge) throw invalid({ duplicate: [MERGE_TEXTS.notMerged(displayId(duplicateId))] });
    const d = rows.get(duplicateId)!;
    if (d.state !== 'o' || d.state_text !== MERGE_TEXTS.mergedInto(displayId(merge.main_id))) throw invalid({ duplicate: [MERGE_TEXTS.changedSince(displayId(duplicateId))] });
    await db.deleteFrom('signal_follower').where('signal_id', '=', merge.main_id).where('origin_signal_id', '=', duplicateId).where('kind', '=', 'reporter').execute();
    await db.updateTable('signal_follower').set({ signal_id: duplicateId }).where('signal_id', '=', merge.main_id).where('origin_signal_id', '=', duplicateId).execute();
    await db.updateTable('signal').set({ state: merge.previous_state, state_text: merge.previous_state_text, updated_at: now }).where('id', '=', duplicateId).execute();
    await writeHistory(db, {
      signalId: duplicateId,
      what: 'UPDATE_STATUS',
      action: `Status gewijzigd naar: ${stateName(merge.previous_state)}`,
      description: MERGE_TEXTS.undone(displayId(merge.main_id)),
      who,
      extra: { state: merge.previous_state, unmerged_from: merge.main_id },
      at: now,
    });
    await db.insertInto('signal_note').values({ signal_id: merge.main_id, text: MERGE_TEXTS.noteUndone(displayId(duplicateId)), created_by: who, created_at: now }).execute();
    await db.deleteFrom('signal_merge').where('duplicate_id', '=', duplicateId).execute();
    await db.updateTable('signal').set({ updated_at: now }).where('id', '=', merge.main_id).execute();
    return { main: merge.main_id, state: merge.previous_state };
  });
}

/**
 * How many people report a problem (the overview's 'Melders' and its 'meest gemeld' order):
 * the report itself, its merged duplicates and the confirmed followers who chose to follow.
 * An expression over the row `signal`.
 */
export const REPORTERS_SQL = sql<number>`(1 + (select count(*) from signal_merge sm where sm.main_id = signal.id)
  + (select count(*) from signal_follower sf where sf.signal_id = signal.id and sf.verified and sf.kind = 'follower'))::int`;

export async function reportersOf(db: Db, signalId: number): Promise<number> {
  const row = await db.selectFrom('signal').select(REPORTERS_SQL.as('n')).where('signal.id', '=', signalId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The merge relations and followers of a report, as the back office shows them. */
export async function followersOf(db: Db, signalId: number, showContactDetails: boolean) {
  const mergedInto = await db.selectFrom('signal_merge').select(['main_id', 'merged_at', 'merged_by']).where('duplicate_id', '=', signalId).executeTakeFirst();
  const duplicates = await db.selectFrom('signal_merge').select(['duplicate_id', 'merged_at', 'merged_by']).where('main_id', '=', signalId).orderBy('duplicate_id').execute();
  const followers = await db.selectFrom('signal_follower').selectAll().where('signal_id', '=', signalId).orderBy('id').execute();
  return {
    reporters: await reportersOf(db, signalId),
    merged_into: mergedInto ? { id: mergedInto.main_id, id_display: displayId(mergedInto.main_id), merged_at: mergedInto.merged_at, merged_by: mergedInto.merged_by } : null,
    duplicates: duplicates.map((d) => ({ id: d.duplicate_id, id_display: displayId(d.duplicate_id), merged_at: d.merged_at, merged_by: d.merged_by })),
    count: followers.filter((f) => f.verified).length,
    results: followers.map((f) => ({
      id: Number(f.id),
      kind: f.kind,
      verified: f.verified,
      origin: { id: f.origin_signal_id, id_display: displayId(f.origin_signal_id) },
      created_at: f.created_at,
      ...(showContactDetails ? { email: f.email } : {}),
    })),
  };
}
