/**
 * Infrastructure: outgoing mail. Every mail is stored in the `outbox` table first
 * (so nothing is lost and a development page can list it); when SMTP_URL is set it
 * is then sent by SMTP and marked sent. A failed attempt keeps the mail queued with
 * its error and tries again later, with a backoff that doubles from 30 seconds up to
 * an hour: a mail is never dropped. A process takes a batch by setting its
 * `next_attempt_at` a few minutes ahead (a lease, `for update skip locked`), so
 * several server processes on one PostgreSQL never send a mail twice; a process that
 * dies mid-send leaves mails that another takes once the lease runs out.
 */
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Metrics } from './metrics.ts';
import { repeatWhileOpen } from './repeat.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to the text (sent as multipart/alternative). */
  html?: string | null;
}

export interface OutboxMessage extends OutgoingMail {
  html: string | null;
  id: number;
  created_at: Date;
  sent_at: Date | null;
  /** The last failure, while the mail waits for its next attempt. */
  error: string | null;
  attempts: number;
  next_attempt_at: Date | null;
}

export interface Outbox {
  /**
   * Stores the mail; resolves once it is stored. With SMTP configured it is then
   * sent in the background (see `idle`), so a slow mail server never slows a request.
   */
  send(mail: OutgoingMail): Promise<number>;
  /** Newest first. */
  list(limit?: number): Promise<OutboxMessage[]>;
  /** Resolves when every stored mail has been handed to SMTP (or failed). */
  idle(): Promise<void>;
  /** Sends what is stored, due and not sent yet (after a restart, and for retries); nothing without SMTP. */
  resume(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

export interface OutboxOptions {
  smtpUrl?: string;
  from?: string;
  /** A ready transport (tests); takes precedence over smtpUrl. */
  transport?: Pick<Transporter, 'sendMail'>;
  /** Clock (tests). */
  now?: () => Date;
  /** How often due retries are looked for, in ms (default 15 s; 0: only when a mail is stored). */
  retryPollMs?: number;
  /** Counters for the metrics. */
  metrics?: Pick<Metrics, 'mailsQueued' | 'mailsSent' | 'mailsFailed' | 'mailsPending'>;
}

/** Wait before attempt n+1 after n failed attempts: 30 s, 1 min, 2 min, … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** How long a process may take to send the batch it claimed before another may take it. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export function createOutbox(db: Db, options: OutboxOptions = {}, log?: { warn(o: object, m: string): void }): Outbox {
  // nodemailer is loaded when the first mail is sent, not at start.
  const smtpUrl = options.smtpUrl;
  let smtp: Promise<Pick<Transporter, 'sendMail'>> | undefined;
  const transport: Pick<Transporter, 'sendMail'> | undefined =
    options.transport ??
    (smtpUrl ? { sendMail: async (mail) => (await (smtp ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl)))).sendMail(mail) } : undefined);
  const from = options.from ?? 'Meldloket <noreply@meldloket.local>';
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let active = false;

  const now = options.now ?? (() => new Date());
  const metrics = options.metrics;

  /** Claims up to a batch of due mails for this process (a lease), oldest first. */
  async function claim() {
    const at = now();
    const { rows } = await sql<{ id: number; to: string; subject: string; text: string; html: string | null; attempts: number }>`
      update outbox set next_attempt_at = ${new Date(at.getTime() + LEASE_MS)}
      where id in (
        select id from outbox
        where sent_at is null and (next_attempt_at is null or next_attempt_at <= ${at})
        order by id limit ${BATCH}
        for update skip locked)
      returning id, "to", subject, text, html, attempts`.execute(db);
    return rows.sort((x, y) => x.id - y.id);
  }

  /** Sends every due mail, oldest first; one run at a time per process. */
  async function drainOnce(): Promise<void> {
    if (!transport) return;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) break;
      for (const mail of batch) {
        try {
          await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) });
          await db.updateTable('outbox').set({ sent_at: now(), error: null, next_attempt_at: null }).where('id', '=', mail.id).execute();
          metrics?.mailsSent.inc();
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const attempts = mail.attempts + 1;
          const next = new Date(now().getTime() + retryDelayMs(attempts));
          log?.warn({ err: message, id: mail.id, attempts, next_attempt_at: next.toISOString() }, 'mail not sent; will retry');
          await db.updateTable('outbox').set({ error: message, attempts, next_attempt_at: next }).where('id', '=', mail.id).execute();
          metrics?.mailsFailed.inc();
        }
      }
    }
    await countPending();
  }

  async function countPending(): Promise<void> {
    if (!metrics) return;
    const row = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('sent_at', 'is', null).executeTakeFirst();
    metrics.mailsPending.set(Number(row?.n ?? 0));
  }

  function drain(): Promise<void> {
    if (active) {
      again = true;
      return running;
    }
    active = true;
    running = (async () => {
      do {
        again = false;
        await drainOnce().catch((error: unknown) => log?.warn({ err: String(error) }, 'outbox drain failed'));
      } while (again);
      active = false;
    })();
    return running;
  }

  return {
    async send(mail) {
      const { id } = await db.insertInto('outbox').values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null }).returning('id').executeTakeFirstOrThrow();
      metrics?.mailsQueued.inc();
      metrics?.mailsPending.inc();
      if (transport) void drain();
      return id;
    },
    async list(limit = 100) {
      return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },
    async idle() {
      while (active) await running;
    },
    resume: drain,
  };
}

export const outboxPlugin = fp<OutboxOptions>(
  async (app, options) => {
    const outbox = createOutbox(app.db, { ...options, metrics: options.metrics ?? app.metrics }, app.log);
    app.decorate('outbox', outbox);
    const pollMs = options.retryPollMs ?? 15_000;
    // Mail stored before a restart and not yet sent goes out once the app is ready;
    // failed mail is tried again when its backoff has passed (with a way to send it).
    if (pollMs > 0 && (options.transport || options.smtpUrl)) repeatWhileOpen(app, pollMs, () => outbox.resume(), 'sending the stored mail failed');
    else app.addHook('onReady', async () => void outbox.resume());
    // Let running sends finish before the database closes.
    app.addHook('onClose', async () => outbox.idle());
  },
  { name: 'outbox', dependencies: ['database'] },
);
