/**
 * Re-routing the open reports in the background (docs/routing.md): a coordinator starts
 * the job after a rule change (one at a time: a second start is a 409; a handler is refused); it
 * works in batches with its progress in the job row; a process that stops halfway leaves the job to
 * another once its claim ran out, which goes on where it stopped; two processes never run it twice
 * (every report gets one routing entry); a person's routing and closed reports are left alone.
 * On PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { postReport, validReport } from './support.ts';
import { createRerouteWorker } from '../src/routing/job.ts';
import { REROUTE_RUNNING } from '../src/routes/private/routing.ts';

const P = '/signals/v1/private';
const DAM: [number, number] = [4.8936, 52.3731];
const silent = { warn() {}, info() {} };
type Account = 'coordinator' | 'behandelaar';

describe.each(DATABASE_TARGETS)('re-routing the open reports in the background (%s)', (target) => {
  const t = useTestApp(target, { reroute: { checkEveryMs: 0 } });
  const tokens: Partial<Record<Account, string>> = {};
  const call = async (account: Account, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await t().app.inject({ method, url: `${P}${url}`, headers: bearer(tokens[account]!), ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as any };
  };
  const report = async () => {
    const res = await postReport(t().app, validReport({ location: { geometrie: { type: 'Point', coordinates: DAM } } }));
    expect(res.status).toBe(201);
    return (await t().app.db.selectFrom('signal').select('id').where('uuid', '=', res.body.signal_id).executeTakeFirstOrThrow()).id;
  };
  const idOf = async (table: 'department' | 'area', code: string) => (await t().app.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const routed = async (id: number) => (await call('coordinator', 'GET', `/signals/${id}`)).body.routing_departments.map((d: any) => d.code);
  const routingEntries = async (id: number) => (await t().app.db.selectFrom('signal_history').select('description').where('signal_id', '=', id).where('what', '=', 'UPDATE_ROUTING_ASSIGNMENT').execute()).map((h) => h.description);
  const job = async () => (await call('coordinator', 'GET', '/routing-rules/reroute/')).body.job;
  let demoRules: unknown[];
  /** A rule sending Grofvuil at the Dam (Centrum) to `code`. */
  const ruleTo = async (code: string) => {
    const grofvuil = (await t().app.db.selectFrom('category').select('id').where('slug', '=', 'grofvuil').executeTakeFirstOrThrow()).id;
    const rules = [...demoRules, { name: `Grofvuil in Centrum naar ${code}`, conditions: { sub_categories: [grofvuil], areas: [await idOf('area', 'A')] }, routing: [await idOf('department', code)] }];
    expect((await call('coordinator', 'PUT', '/routing-rules/', { rules })).status).toBe(200);
  };

  beforeAll(async () => {
    for (const account of ['coordinator', 'behandelaar'] as const) tokens[account] = await mintToken(t().app, ACCOUNTS[account].email);
    demoRules = (await call('coordinator', 'GET', '/routing-rules/')).body.results;
  });

  it('a handler may not start or read it; a second start while one waits is a 409 in Dutch', async () => {
    expect((await call('behandelaar', 'POST', '/routing-rules/reroute/', {})).status).toBe(403);
    expect((await call('behandelaar', 'GET', '/routing-rules/reroute/')).status).toBe(403);
    const first = await call('coordinator', 'POST', '/routing-rules/reroute/', {});
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ status: 'queued', done: 0, moved: 0, requested_by: ACCOUNTS.coordinator.email });
    expect(await call('coordinator', 'POST', '/routing-rules/reroute/', {})).toEqual({ status: 409, body: { detail: REROUTE_RUNNING } });
    await t().app.rerouteWorker.tick();
    expect(await job()).toMatchObject({ id: first.body.id, status: 'done' });
  });

  it('moves the open reports in batches with progress; a process stopping halfway leaves the rest to another after its claim ran out; a person\'s routing and closed reports stay', async () => {
    const open = [await report(), await report(), await report(), await report(), await report()];
    const byHand = await report();
    const closed = await report();
    expect((await call('coordinator', 'PATCH', `/signals/${byHand}`, { routing_departments: [{ id: await idOf('department', 'AEG') }] })).status).toBe(200);
    await t().app.db.updateTable('signal').set({ state: 'o' }).where('id', '=', closed).execute();
    await ruleTo('ASC');
    for (const id of [...open, closed]) expect(await routed(id)).toEqual([]);

    const started = await call('coordinator', 'POST', '/routing-rules/reroute/', {});
    expect(started.status).toBe(202);
    // the first process does one batch of two and stops (its process ends)
    const first = createRerouteWorker(t().app.db, t().app.routingRules, 'http://localhost:8080', silent, { batch: 2, between: () => false });
    await first.tick();
    const halfway = await job();
    expect(halfway).toMatchObject({ status: 'running', done: 2 });
    expect(halfway.total).toBeGreaterThanOrEqual(open.length + 1);
    // another process finds the job claimed while the claim holds
    const second = createRerouteWorker(t().app.db, t().app.routingRules, 'http://localhost:8080', silent, { batch: 2 });
    await second.tick();
    expect(await job()).toMatchObject({ status: 'running', done: 2 });
    // the claim runs out (the first process is gone): the second goes on after the last report done
    await sql`update reroute_job set lease_until = now() - interval '1 second' where id = ${started.body.id}`.execute(t().app.db);
    await second.tick();
    const finished = await job();
    expect(finished).toMatchObject({ status: 'done', done: halfway.total });
    expect(finished.moved).toBeGreaterThanOrEqual(open.length);
    expect(finished.finished_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    for (const id of open) {
      expect(await routed(id)).toEqual(['ASC']);
      // routed once, by the rule
      expect((await routingEntries(id)).filter((d) => d?.includes('Grofvuil in Centrum naar ASC'))).toHaveLength(1);
    }
    expect(await routed(byHand)).toEqual(['AEG']);
    expect(await routed(closed)).toEqual([]);
  });

  it('two processes started at once run a job once: every report gets one routing entry', async () => {
    const reports = [await report(), await report(), await report(), await report()];
    await ruleTo('AEG');
    const started = await call('coordinator', 'POST', '/routing-rules/reroute/', {});
    expect(started.status).toBe(202);
    const workers = [1, 2].map(() => createRerouteWorker(t().app.db, t().app.routingRules, 'http://localhost:8080', silent, { batch: 3 }));
    await Promise.all(workers.map((w) => w.tick()));
    const row = await t().app.db.selectFrom('reroute_job').select(['status', 'worker', 'done', 'total']).where('id', '=', started.body.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
    expect(row.done).toBe(row.total);
    expect(workers.map((w) => w.name)).toContain(row.worker);
    for (const id of reports) {
      expect(await routed(id)).toEqual(['AEG']);
      expect((await routingEntries(id)).filter((d) => d?.includes('Grofvuil in Centrum naar AEG'))).toHaveLength(1);
    }
    expect((await call('coordinator', 'PUT', '/routing-rules/', { rules: demoRules })).status).toBe(200);
  });
});
