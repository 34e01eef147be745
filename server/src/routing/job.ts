/**
 * Re-routing every open report by the rules, in the background (docs/routing.md): after a
 * rule change a coordinator starts a job; one server process claims it and works through the
 * open reports in batches, by report id, so the overview stays responsive.
 *
 * - One job at a time: a partial unique index allows one queued or running row (migration 880).
 * - A claim, not a lock held for the whole run: the process that claims a job writes its name and
 *   a lease (`lease_until`, 30 s) with `FOR UPDATE SKIP LOCKED`, and renews the lease in every
 *   batch's transaction, which also moves the `cursor` (the last report id done) and the counts.
 *   A batch either commits whole with its progress or not at all; another process takes the job
 *   over only after the lease ran out (its process stopped), and goes on after the cursor.
 * - A person's routing is kept (`reroute` with `force: false`); each report is locked and
 *   checked again inside the batch, so a change made meanwhile wins.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { END_STATES } from '@meldloket/engine';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { notifyDepartments } from './notify.ts';
import { plannedRouting, reroute, ROUTING_COLUMNS, routingInputsOf, type RoutingService } from './index.ts';

export const REROUTE = {
  /** Reports per batch (one transaction). */
  batch: 200,
  /** Seconds a claim holds without a renewal. */
  leaseSeconds: 30,
};

export type RerouteStatus = 'queued' | 'running' | 'done' | 'failed';

/** A job as the API answers it. */
export interface RerouteJobView {
  id: number;
  status: RerouteStatus;
  total: number;
  done: number;
  moved: number;
  requested_by: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  error: string | null;
}

const VIEW = ['id', 'status', 'total', 'done', 'moved', 'requested_by', 'created_at', 'started_at', 'finished_at', 'error'] as const;

/** The open reports (not in an end state). */
const openReports = (db: Db) => db.selectFrom('signal').where('signal.state', 'not in', [...END_STATES]);

/** Queues a job over every open report; undefined when one is queued or running already. */
export async function startReroute(db: Db, who: string): Promise<RerouteJobView | undefined> {
  const { count } = await openReports(db).select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return db
    .insertInto('reroute_job')
    .values({ total: Number(count), requested_by: who })
    .onConflict((oc) => oc.doNothing())
    .returning(VIEW)
    .executeTakeFirst();
}

/** The newest job, if any. */
export const latestReroute = (db: Db): Promise<RerouteJobView | undefined> => db.selectFrom('reroute_job').select(VIEW).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** Claims the queued or running job whose lease ran out (or never was taken), for `worker`. */
export async function claimReroute(db: Db, worker: string): Promise<number | undefined> {
  const { rows } = await sql<{ id: number }>`
    update reroute_job
       set status = 'running', worker = ${worker}, lease_until = now() + make_interval(secs => ${REROUTE.leaseSeconds}), started_at = coalesce(started_at, now())
     where id = (select id from reroute_job
                  where status in ('queued', 'running') and (lease_until is null or lease_until < now())
                  order by id limit 1 for update skip locked)
     returning id`.execute(db);
  return rows[0]?.id;
}

/**
 * One batch of a claimed job, in one transaction: renews the claim (gone: 'lost'), routes the next
 * open reports after the cursor again and moves the cursor. 'done' when none are left.
 */
export async function rerouteBatch(db: Db, routing: RoutingService, publicUrl: string, jobId: number, worker: string, size = REROUTE.batch): Promise<'more' | 'done' | 'lost'> {
  const set = await routing.ruleSet();
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .updateTable('reroute_job')
      .set({ lease_until: sql`now() + make_interval(secs => ${REROUTE.leaseSeconds})` })
      .where('id', '=', jobId)
      .where('worker', '=', worker)
      .where('status', '=', 'running')
      .returning(['cursor'])
      .executeTakeFirst();
    if (!job) return 'lost';
    const rows = await openReports(trx)
      .innerJoin('category', 'category.id', 'signal.category_id')
      .select(ROUTING_COLUMNS)
      .where('signal.id', '>', job.cursor)
      .orderBy('signal.id')
      .limit(size)
      .execute();
    if (rows.length === 0) {
      await trx.updateTable('reroute_job').set({ status: 'done', finished_at: new Date(), lease_until: null }).where('id', '=', jobId).execute();
      return 'done';
    }
    const at = new Date();
    let moved = 0;
    for (const r of await routingInputsOf(trx, rows)) {
      // most reports keep their routing: only those the rules move are locked and routed again
      if (!plannedRouting(set, r.input, r.routingBy, r.before, false)) continue;
      await trx.selectFrom('signal').select('id').where('id', '=', r.id).forUpdate().executeTakeFirst();
      const added = await reroute(trx, set, r.id, { force: false, who: null, at });
      if (added === null) continue;
      moved += 1;
      if (added.length) await notifyDepartments(trx, publicUrl, r.id, added, null);
      await trx.updateTable('signal').set({ updated_at: at }).where('id', '=', r.id).execute();
    }
    await trx
      .updateTable('reroute_job')
      .set((eb) => ({ cursor: rows[rows.length - 1]!.id, done: eb('done', '+', rows.length), moved: eb('moved', '+', moved) }))
      .where('id', '=', jobId)
      .execute();
    return 'more';
  });
}

export interface RerouteWorker {
  /** This process's name in the claim. */
  readonly name: string;
  /** Claims a job if one waits and runs it to its end; resolves when this process has nothing (more) to do. */
  tick(): Promise<void>;
  /** Starts on a job just queued in the background (nothing when the worker is `manual`). */
  kick(): void;
  /** Stops after the batch under way (the server closes); the job waits for its lease to run out. */
  stop(): Promise<void>;
}

export interface RerouteWorkerOptions {
  /** Reports per batch (default REROUTE.batch). */
  batch?: number;
  /** Only `tick` runs it (tests); `kick` does nothing. */
  manual?: boolean;
  /** Called between batches (tests: to stop a worker halfway). Return false to stop. */
  between?: () => boolean | Promise<boolean>;
}

/** The worker of one server process: one job at a time, batch after batch, yielding between them. */
export function createRerouteWorker(db: Db, routing: RoutingService, publicUrl: string, log: { warn(o: object, m: string): void; info(o: object, m: string): void }, options: RerouteWorkerOptions = {}): RerouteWorker {
  const name = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = async () => {
    const id = await claimReroute(db, name);
    if (id === undefined) return;
    try {
      for (;;) {
        const state = await rerouteBatch(db, routing, publicUrl, id, name, options.batch);
        if (state !== 'more') {
          if (state === 'done') log.info({ job: id }, 're-routing the open reports finished');
          return;
        }
        // the requests waiting meanwhile go first
        await new Promise((resolve) => setImmediate(resolve));
        if (stopped || (options.between && !(await options.between()))) return;
      }
    } catch (error) {
      log.warn({ err: error, job: id }, 're-routing the open reports failed');
      await db.updateTable('reroute_job').set({ status: 'failed', finished_at: new Date(), lease_until: null, error: error instanceof Error ? error.message : String(error) }).where('id', '=', id).where('worker', '=', name).execute();
    }
  };
  const worker: RerouteWorker = {
    name,
    kick() {
      if (!options.manual) worker.tick().catch((error: unknown) => log.warn({ err: error }, 'the re-routing worker failed'));
    },
    async stop() {
      stopped = true;
      await running?.catch(() => undefined);
    },
    tick() {
      if (stopped) return Promise.resolve();
      running ??= run().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
  return worker;
}
