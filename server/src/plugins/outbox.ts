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
}

export interface OutboxMessage extends OutgoingMail {
  id: number;
  created_at: Date;
  sent_at: Date | null;
  error: string | null;
}

export interface Outbox {
  /** Stores the mail and, with SMTP configured, sends it. Resolves once stored. */
  send(mail: OutgoingMail): Promise<number>;
  /** Newest first. */
  list(limit?: number): Promise<OutboxMessage[]>;
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
  return {
    async send(mail) {
      const { id } = await db.insertInto('outbox').values({ to: mail.to, subject: mail.subject, text: mail.text }).returning('id').executeTakeFirstOrThrow();
      if (transport) {
        try {
          await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
          await db.updateTable('outbox').set({ sent_at: new Date() }).where('id', '=', id).execute();
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          log?.warn({ err: message, id }, 'mail not sent');
          await db.updateTable('outbox').set({ error: message }).where('id', '=', id).execute();
        }
      }
      return id;
    },
    async list(limit = 100) {
      return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

export const outboxPlugin = fp<OutboxOptions>(
  async (app, options) => {
    app.decorate('outbox', createOutbox(app.db, options, app.log));
  },
  { name: 'outbox', dependencies: ['database'] },
);
