/**
 * The follow-up flows: `app.followupRouteOptions` for the route folders of QA (reply
 * form), verify-email and the satisfaction survey (registered from app.ts), and, when
 * the development pages are on, the /dev/followup triggers. Also
 * offers `app.followup` to start a flow for a stored report (the staff side sets a
 * report to 'reaction requested' through it). Needs the database, outbox, storage and
 * the workflow (every status change of a flow is the workflow's, with its history; the
 * sweep of unanswered reaction requests is the workflow's too).
 */
import fp from 'fastify-plugin';
import devFollowupRoutes from './dev.ts';
import { createSignalPort } from './signal-store.ts';
import { startEmailVerification, startFeedbackRequest, startReactionRequest } from './flows.ts';
import type { FollowupRouteOptions } from './http.ts';

export interface FollowupService {
  /** Asks the reporter a question: report → 'reaction requested', mail with /incident/reactie/{uuid}. Throws FlowError. */
  requestReaction(signalUuid: string, question: string): Promise<{ sessionUuid: string; link: string }>;
  /** Mails a verification link to a new address for the report. Throws FlowError. */
  requestEmailVerification(signalUuid: string, email: string): Promise<{ token: string; link: string }>;
  /** Closes the report if needed and mails the survey links. Throws FlowError. */
  requestFeedback(signalUuid: string): Promise<{ uuid: string; links: Record<string, string> }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    followup: FollowupService;
    /** What the follow-up route folders (qa, reporter, feedback) get as options; app.ts registers them. */
    followupRouteOptions: FollowupRouteOptions;
  }
}

export interface FollowupPluginOptions {
  /** Base URL of the web app for links in mails. */
  publicUrl: string;
  /** Register /dev/followup (development only). */
  devPages: boolean;
  /** Largest reply photo in bytes (API_MAX_UPLOAD_SIZE). */
  maxUploadBytes: number;
  /** Clock (tests). */
  now?: () => Date;
}

export const followupPlugin = fp<FollowupPluginOptions>(
  async (app, options) => {
    const opts: FollowupRouteOptions = {
      db: app.db,
      // Status changes go through the workflow (graph, history, mails): app.workflow.systemStatus.
      signals: createSignalPort(app.db, { urlPath: (p) => app.storage.urlPath(p), setState: (uuid, state, text, session) => app.workflow.systemStatus(uuid, state, text, session) }),
      mail: { send: async (mail) => void (await app.outbox.send(mail)), list: (limit) => app.outbox.list(limit) },
      publicUrl: options.publicUrl,
      files: app.storage.files,
      tmpDir: app.storage.tmpDir,
      maxUploadBytes: options.maxUploadBytes,
      now: options.now,
    };
    app.decorate('followup', {
      requestReaction: (signalUuid, question) => startReactionRequest(opts.db, opts, signalUuid, question),
      requestEmailVerification: (signalUuid, email) => startEmailVerification(opts.db, opts, signalUuid, email),
      requestFeedback: (signalUuid) => startFeedbackRequest(opts.db, opts, signalUuid),
    } satisfies FollowupService);

    app.decorate('followupRouteOptions', opts);
    if (options.devPages) await app.register(devFollowupRoutes, opts);

  },
  { name: 'followup', dependencies: ['database', 'storage', 'outbox', 'workflow'] },
);
