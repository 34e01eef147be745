/** Several server processes (WEB_CONCURRENCY) drain one outbox: every mail goes out exactly once. */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.ts';
import { createOutbox } from '../src/plugins/outbox.ts';
import { buildTestApp, DATABASE_TARGETS } from './helpers.ts';

describe.each(DATABASE_TARGETS)('outbox drained by two processes (%s)', (target) => {
  it('sends each stored mail once, whichever process picks it up', async () => {
    const t = await buildTestApp(target);
    // a second process: its own connections to the same database (PGlite has one, so a second drainer on it)
    const other = target === 'postgres' ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, schema: t.schema, migrate: false }) : undefined;
    try {
      const db = t.app.db;
      await db.deleteFrom('outbox').execute();
      await db
        .insertInto('outbox')
        .values(Array.from({ length: 30 }, (_, i) => ({ to: `melder${i}@example.com`, subject: `Melding ${i}`, text: 'Bedankt', html: null })))
        .execute();
      const sent: string[] = [];
      const transport = { sendMail: async (mail: { to: string }) => void (await new Promise((r) => setTimeout(r, 2)), sent.push(mail.to)) };
      const a = createOutbox(db, { transport: transport as never });
      const b = createOutbox(other?.db ?? db, { transport: transport as never });
      await Promise.all([a.resume(), b.resume()]);
      expect(sent).toHaveLength(30);
      expect(new Set(sent).size).toBe(30);
      const unsent = await db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
      expect(unsent).toEqual([]);
    } finally {
      await other?.close();
      await t.close();
    }
  });

  it('keeps a mail the mail server refused, with the reason, unsent', async () => {
    const t = await buildTestApp(target);
    try {
      await t.app.db.deleteFrom('outbox').execute();
      const outbox = createOutbox(t.app.db, { transport: { sendMail: async () => Promise.reject(new Error('550 mailbox unavailable')) } as never });
      await outbox.send({ to: 'weg@example.com', subject: 'Melding', text: 'Bedankt' });
      await outbox.idle();
      const rows = await t.app.db.selectFrom('outbox').select(['sent_at', 'error']).execute();
      expect(rows).toEqual([{ sent_at: null, error: '550 mailbox unavailable' }]);
    } finally {
      await t.close();
    }
  });
});
