/**
 * Every query of 'Mijn meldingen': sign-in links (stored as a hash of the key), and
 * the reports and status log of one e-mail address. The routes hold no SQL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { MySignalsTables } from './tables.ts';
import { LINKS_PER_HOUR, MONTHS_BACK, TOKEN_SECONDS, monthsBefore, normaliseEmail } from './rules.ts';

const hash = (key: string) => createHash('sha256').update(key).digest('hex');

export interface ReportRow {
  id: number;
  uuid: string;
  text: string;
  state: string;
  created_at: Date;
  lng: number;
  lat: number;
  address_text: string | null;
  sub_name: string;
  sub_public_name: string | null;
  sub_slug: string;
  handling_message: string | null;
  main_name: string;
  main_public_name: string | null;
  main_slug: string;
}

export interface StatusRow {
  state: string;
  text: string | null;
  created_at: Date;
}

export function createMySignalsStore(database: Db) {
  const db = database.withTables<MySignalsTables>();

  /** The reports of one address (matched case-insensitively) of the last months, newest first. */
  const reports = (email: string, now: Date) =>
    db
      .selectFrom('signal as s')
      .innerJoin('category as sub', 'sub.id', 's.category_id')
      .innerJoin('category as main', 'main.id', 'sub.parent_id')
      .select([
        's.id',
        's.uuid',
        's.text',
        's.state',
        's.created_at',
        's.lng',
        's.lat',
        's.address_text',
        'sub.name as sub_name',
        'sub.public_name as sub_public_name',
        'sub.slug as sub_slug',
        'sub.handling_message',
        'main.name as main_name',
        'main.public_name as main_public_name',
        'main.slug as main_slug',
      ])
      .where(sql<string>`lower(s.reporter_email)`, '=', normaliseEmail(email))
      .where('s.created_at', '>=', monthsBefore(now, MONTHS_BACK));

  return {
    /**
     * A new sign-in link for `email`, or null when none is to be mailed: the address made
     * no report in the last months, or it already got the hourly maximum of links.
     * Earlier links of the address stop working.
     */
    async createToken(email: string, now: Date): Promise<string | null> {
      const address = normaliseEmail(email);
      const known = await reports(address, now).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
      if (!known) return null;
      const recent = await db
        .selectFrom('my_signals_token')
        .select(db.fn.countAll<string>().as('n'))
        .where('reporter_email', '=', address)
        .where('created_at', '>', new Date(now.getTime() - 3600_000))
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= LINKS_PER_HOUR) return null;
      const key = randomBytes(32).toString('base64url');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('my_signals_token').set({ expires_at: now }).where('reporter_email', '=', address).where('expires_at', '>', now).execute();
        await trx.deleteFrom('my_signals_token').where('created_at', '<', new Date(now.getTime() - 24 * 3600_000)).execute();
        await trx
          .insertInto('my_signals_token')
          .values({ key_hash: hash(key), reporter_email: address, expires_at: new Date(now.getTime() + TOKEN_SECONDS * 1000), created_at: now })
          .execute();
      });
      return key;
    },

    /** The address a link's key belongs to, while it works; otherwise null. */
    async reporterOf(key: string, now: Date): Promise<{ email: string; expiresAt: Date } | null> {
      const row = await db.selectFrom('my_signals_token').select(['reporter_email', 'expires_at']).where('key_hash', '=', hash(key)).where('expires_at', '>', now).executeTakeFirst();
      return row ? { email: row.reporter_email, expiresAt: new Date(row.expires_at) } : null;
    },

    list(email: string, now: Date): Promise<ReportRow[]> {
      return reports(email, now).orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').execute();
    },

    async get(email: string, uuid: string, now: Date): Promise<ReportRow | null> {
      return (await reports(email, now).where('s.uuid', '=', uuid.toLowerCase()).executeTakeFirst()) ?? null;
    },

    /** The status log of a report, oldest first. */
    statusLog(signalId: number): Promise<StatusRow[]> {
      return db.selectFrom('signal_status_log').select(['state', 'text', 'created_at']).where('signal_id', '=', signalId).orderBy('id').execute();
    },
  };
}

export type MySignalsStore = ReturnType<typeof createMySignalsStore>;
