/**
 * The workflow as `app.workflow`: the staff PATCH of a report, the status changes the
 * system makes (the reporter's answer, the survey's reopen request, the 5-day sweep,
 * the external party's answer), and the hook for the forward-to-external mail.
 * Every status change, by staff or system, goes through `applyStatus`: the graph of
 * docs/reference/statuses.md#transitions, the history and the mails of docs/reference/statuses.md#states-and-transitions's status table.
 */
import fp from 'fastify-plugin';
import type { StaffUser } from '../../auth/users.ts';
import type { Db } from '../../db/index.ts';
import { claimLapsedSession, FlowError, hasNewerReactionSession, lapsedReactionSessions, NO_REACTION_TEXT, notReceived } from '../../followup/flows.ts';
import type { SessionEvent, StateEffects } from '../../followup/ports.ts';
import { DomainError, NO_SIGNAL, notFound } from '../../domain/errors.ts';
import { isStateCode } from '@meldloket/engine';
import { repeatWhileOpen } from '../../plugins/repeat.ts';
import { writeSessionHistory } from './history.ts';
import { patchSignal, type PatchDeps } from './patch.ts';
import { previewStatusMail, type StatusMailPreview } from './preview.ts';
import { applyStatus, type AppliedStatus, type ExternalForwardHook } from './status.ts';

export interface WorkflowService {
  /** PATCH of docs/reference/api.md#private by `staff` (scoping is the route's); throws an invalid-input or forbidden DomainError. */
  /** `ifMatch`: the If-Match header; a stale one is a 412 (version.ts). */
  patch(staff: StaffUser, id: number, body: unknown, ifMatch?: string): Promise<AppliedStatus | undefined>;
  /**
   * A status change the system makes ('Signalen systeem' in the history), e.g. the
   * external party's answer: `systemStatus(uuid, 'closure requested', text)`. Throws
   * FlowError('state', …) when the graph does not allow it, or for an unknown report.
   * With `session`, the reaction request's end goes to the history in the same
   * transaction (and on its own when the graph refuses the change: the answer came).
   */
  systemStatus(signalUuid: string, state: string, text: string, session?: SessionEvent): Promise<StateEffects>;
  /** Moves reports whose reaction request ran out to 'reaction received' (once across processes). */
  closeUnansweredReactions(): Promise<number>;
  /**
   * Sets what happens on 'forward to external' (wfsrv2's external party page): the hook
   * runs in the status change's transaction and answers the mail (with the party's link).
   */
  setExternalForward(hook: ExternalForwardHook | undefined): void;
  /** The mail a status change (`{"status": {…}}`) of report `id` would send, written nowhere (preview.ts); 400 as the PATCH. */
  previewStatusMail(staff: StaffUser, id: number, body: unknown): Promise<StatusMailPreview>;
  /** The workflow's clock (a test's fake clock). */
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    workflow: WorkflowService;
  }
}

export interface WorkflowPluginOptions {
  publicUrl: string;
  boundingBox: [number, number, number, number];
  now?: () => Date;
  /** How often the reaction sweep runs (ms; default 10 minutes, 0 = never). */
  sweepEveryMs?: number;
}

/** A system status change inside `db` (a transaction); null when the report is unknown. */
async function systemChange(db: Db, deps: PatchDeps, signalUuid: string, state: string, text: string, now: Date, session?: SessionEvent) {
  const signal = await db.selectFrom('signal').selectAll().where('uuid', '=', signalUuid).forUpdate().executeTakeFirst();
  if (!signal) return null;
  if (!isStateCode(state)) throw new FlowError('state', `"${state}" is een ongeldige keuze.`);
  // before the status entry: at the same instant, the history lists the later id first
  if (session) await writeSessionHistory(db, signal.id, session, now);
  return applyStatus(db, deps, signal, { state, text, send_email: false, target_api: null, email_override: null, extra_properties: null }, null, now);
}

export const workflowPlugin = fp<WorkflowPluginOptions>(
  async (app, options) => {
    const now = options.now ?? (() => new Date());
    const deps: PatchDeps = {
      db: app.db,
      categories: app.categories,
      boundingBox: options.boundingBox,
      now,
      areas: app.areas,
      routing: app.routingRules,
      publicUrl: options.publicUrl,
      urlPath: (p) => app.storage.urlPath(p),
    };
    const mailQueued = (effects: { mails: number } | null | undefined) => {
      if (effects?.mails) void app.outbox.resume();
    };

    const service: WorkflowService = {
      async patch(staff, id, body, ifMatch) {
        const effects = await patchSignal(deps, staff, id, body, ifMatch);
        // status and assignment mails were stored with the change; SMTP takes them now
        void app.outbox.resume();
        return effects;
      },
      async systemStatus(signalUuid, state, text, session) {
        const at = now();
        try {
          const effects = await app.db.transaction().execute((db) => systemChange(db, deps, signalUuid, state, text, at, session));
          if (!effects) throw new FlowError('signal', NO_SIGNAL);
          mailQueued(effects);
          return effects;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          // The graph's refusal, in the follow-up flows' terms; the reaction request's end is history all the same.
          if (session && !(error instanceof FlowError)) {
            const signal = await app.db.selectFrom('signal').select('id').where('uuid', '=', signalUuid).executeTakeFirst();
            if (signal) await writeSessionHistory(app.db, signal.id, session, at);
          }
          throw new FlowError('state', Object.values(error.body as Record<string, string[]>).flat().join(' '));
        }
      },
      async closeUnansweredReactions() {
        let moved = 0;
        for (const session of await lapsedReactionSessions(app.db, now())) {
          // Claim and move in one transaction: a crash in between leaves the session for the next sweep.
          const effects = await app.db.transaction().execute(async (trx) => {
            const db: Db = trx;
            if (!(await claimLapsedSession(db, session.id))) return null;
            if (await hasNewerReactionSession(db, session.signal_uuid, session.id)) return null;
            const signal = await db.selectFrom('signal').select('state').where('uuid', '=', session.signal_uuid).forUpdate().executeTakeFirst();
            if (signal?.state !== 'reaction requested') return null;
            return systemChange(db, deps, session.signal_uuid, 'reaction received', NO_REACTION_TEXT, now(), notReceived(session));
          });
          if (effects) moved += 1;
          mailQueued(effects);
        }
        return moved;
      },
      async previewStatusMail(staff, id, body) {
        const signal = await app.db.selectFrom('signal').selectAll().where('id', '=', id).executeTakeFirst();
        if (!signal) throw notFound(NO_SIGNAL);
        return previewStatusMail(app.db, deps, staff, signal, body);
      },
      setExternalForward(hook) {
        deps.externalForward = hook;
      },
      now,
    };
    app.decorate('workflow', service);

    repeatWhileOpen(app, options.sweepEveryMs ?? 10 * 60 * 1000, () => service.closeUnansweredReactions(), 'closing unanswered reaction requests failed');
  },
  { name: 'workflow', dependencies: ['database', 'categories', 'storage', 'outbox'] },
);
