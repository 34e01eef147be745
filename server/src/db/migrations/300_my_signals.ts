/**
 * 'Mijn meldingen' (my signals): the reporter's sign-in links, and the status log
 * a reporter's public history is read from. The log is written by a trigger on the
 * report's state, so every way a status changes (public create, follow-up flows, the
 * staff workflow) lands in it without each of them having to remember.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('my_signals_token')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // sha256 of the key in the link: the database never holds a usable link
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    // lower-cased reporter e-mail address the link was sent to
    .addColumn('reporter_email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('my_signals_token_email_idx').on('my_signals_token').columns(['reporter_email', 'created_at']).execute();

  await db.schema
    .createTable('signal_status_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('signal_id', 'integer', (c) => c.notNull().references('signal.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('signal_status_log_signal_idx').on('signal_status_log').columns(['signal_id', 'id']).execute();
  await sql`create index signal_reporter_email_idx on signal (lower(reporter_email), created_at)`.execute(db);

  await sql`
    create function signal_status_log_write() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or new.state is distinct from old.state or new.state_text is distinct from old.state_text then
        insert into signal_status_log (signal_id, state, text, created_at)
        values (new.id, new.state, new.state_text, case when tg_op = 'INSERT' then new.created_at when new.updated_at is distinct from old.updated_at then new.updated_at else now() end);
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger signal_status_log_trigger after insert or update of state, state_text on signal
    for each row execute function signal_status_log_write()`.execute(db);

  // Reports stored before this migration: their creation, and the state they are in now.
  await sql`insert into signal_status_log (signal_id, state, text, created_at) select id, 'm', null, created_at from signal`.execute(db);
  await sql`insert into signal_status_log (signal_id, state, text, created_at) select id, state, state_text, updated_at from signal where state <> 'm'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists signal_status_log_trigger on signal`.execute(db);
  await sql`drop function if exists signal_status_log_write()`.execute(db);
  await sql`drop index if exists signal_reporter_email_idx`.execute(db);
  await db.schema.dropTable('signal_status_log').ifExists().execute();
  await db.schema.dropTable('my_signals_token').ifExists().execute();
}
