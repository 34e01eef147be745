/**
 * Infrastructure: outgoing mail. Every mail is stored in the `outbox` table first
 * (so nothing is lost and a development page can list it); when SMTP_URL is set it
 * is then sent by SMTP and marked sent, or the error is kept on the row.
 */
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/index.ts';

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
  error: string | null;
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
  /** Sends what was stored but not sent yet (after a restart); nothing without SMTP. */
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
}

export function createOutbox(db: Db, options: OutboxOptions = {}, log?: { warn(o: object, m: string): void }): Outbox {
  const transport = options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);
  const from = options.from ?? 'Meldloket <noreply@meldloket.local>';
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let active = false;

  /**
   * Sends every stored, unsent mail, oldest first; one run at a time. Each mail is
   * claimed (marked sent) by one statement before it goes out, so with several server
   * processes (WEB_CONCURRENCY) a mail is sent once or, if the process dies while
   * sending, not at all; never twice.
   */
  async function drainOnce(): Promise<void> {
    if (!transport) return;
    for (;;) {
      const mail = await db
        .updateTable('outbox')
        .set({ sent_at: new Date() })
        .where('id', '=', (eb) =>
          eb.selectFrom('outbox').select('id').where('sent_at', 'is', null).where('error', 'is', null).orderBy('id').limit(1).forUpdate().skipLocked(),
        )
        .returningAll()
        .executeTakeFirst();
      if (!mail) return;
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log?.warn({ err: message, id: mail.id }, 'mail not sent');
        await db.updateTable('outbox').set({ error: message, sent_at: null }).where('id', '=', mail.id).execute();
      }
    }
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
    const outbox = createOutbox(app.db, options, app.log);
    app.decorate('outbox', outbox);
    // Mail stored before a restart and not yet sent goes out once the app is ready.
    app.addHook('onReady', async () => void outbox.resume());
    // Let running sends finish before the database closes.
    app.addHook('onClose', async () => outbox.idle());
  },
  { name: 'outbox', dependencies: ['database'] },
);
