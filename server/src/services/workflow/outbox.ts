import type { Db } from '../../db/database.ts';
import type { OutgoingMail } from '../../followup/ports.ts';

/** Stores a mail in the outbox within the transaction (sent by SMTP after the commit). */
export async function queueMail(db: Db, mail: OutgoingMail & { html?: string | null }): Promise<void> {
  await db.insertInto('outbox').values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null }).execute();
}
