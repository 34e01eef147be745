/**
 * Re-routing the open reports in the background (docs/routing.md): one row per job with
 * its progress. `cursor` is the last report id done (the job resumes after it after a restart);
 * `worker` and `lease_until` are the claim of the process running it (another process takes it
 * over only once the lease ran out). The partial unique index lets one job at a time be queued or
 * running.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reroute_job')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('moved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('worker', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
  await sql`create unique index reroute_job_one_active on reroute_job ((true)) where status in ('queued', 'running')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reroute_job').execute();
}
