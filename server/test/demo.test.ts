/**
 * The demo data (`npm run demo`): made through the product's services, so every rule holds.
 * A small run checks that every reachable status, every category and every district is
 * there, with histories that follow the status graph, notes, photos, the reporter's answers,
 * surveys, split reports and nearby reports linked to a parent, late ones; that no moment lies in the future; and that the CLI
 * refuses in production.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canTransition, INITIAL_STATE } from '@meldloket/engine';
import { districts } from '../src/areas/districts.ts';
import { DEMO_STATES, demoClock, generateDemo, type DemoResult } from '../src/demo/generate.ts';
import { useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('demo data', () => {
  const clock = demoClock();
  const t = useTestApp('pglite', { now: clock.now });
  let result: DemoResult;
  const started = Date.now();

  beforeAll(async () => {
    const subs = (await t().app.categories.tree()).filter((m) => m.is_active).flatMap((m) => m.sub_categories.filter((s) => s.is_active));
    result = await generateDemo(t().app, clock, { count: subs.length + 10, days: 90, seed: 7 });
  }, 600_000);

  it('has every reachable status, every active category and every district of the map', async () => {
    const db = t().app.db;
    const rows = await db.selectFrom('signal').select(['state', 'category_id', 'stadsdeel', 'lng', 'lat', 'created_at', 'updated_at', 'parent_id']).execute();
    expect(rows.length).toBe(result.reports);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(DEMO_STATES));
    const active = (await t().app.categories.tree()).filter((m) => m.is_active).flatMap((m) => m.sub_categories.filter((s) => s.is_active).map((s) => s.id));
    expect(new Set(rows.map((r) => r.category_id))).toEqual(new Set(active));
    expect(new Set(rows.map((r) => r.stadsdeel))).toEqual(new Set(['A', 'E', 'K', 'M', 'N', 'F', 'T']));
    // the server's own district of each point
    expect(rows.every((r) => r.stadsdeel === districts().at(r.lng, r.lat))).toBe(true);
    // over the last months, nothing in the future, nothing changed before it was made
    expect(rows.every((r) => r.created_at.getTime() <= started && r.created_at.getTime() > started - 91 * 86_400_000)).toBe(true);
    expect(rows.every((r) => r.updated_at >= r.created_at && r.updated_at.getTime() <= Date.now())).toBe(true);
    expect(rows.some((r) => r.parent_id !== null)).toBe(true);
  });

  it('every history follows the status graph, step by step, in time order', async () => {
    const entries = await t().app.db.selectFrom('signal_history').select(['signal_id', 'extra', 'created_at', 'id']).where('what', '=', 'UPDATE_STATUS').orderBy('signal_id').orderBy('created_at').orderBy('id').execute();
    const last = new Map<number, string>();
    for (const e of entries) {
      const state = (e.extra as { state?: string } | null)?.state;
      if (!state) continue;
      const from = last.get(e.signal_id) ?? INITIAL_STATE;
      if (!(from === INITIAL_STATE && state === INITIAL_STATE && !last.has(e.signal_id))) expect(canTransition(from, state), `${e.signal_id}: ${from} → ${state}`).toBe(true);
      last.set(e.signal_id, state);
    }
    const states = await t().app.db.selectFrom('signal').select(['id', 'state']).execute();
    for (const s of states) if (last.has(s.id)) expect(last.get(s.id)).toBe(s.state);
  });

  it('has notes, photos, the reporter’s answers, surveys, split reports, late ones, mails in the outbox', async () => {
    const db = t().app.db;
    const count = async (table: 'signal_note' | 'attachment' | 'feedback_request' | 'outbox') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('signal_note')).toBeGreaterThan(10);
    expect(await count('attachment')).toBeGreaterThan(5);
    expect(await count('outbox')).toBeGreaterThan(10);
    const answered = await db.selectFrom('feedback_request').select('is_satisfied').where('submitted_at', 'is not', null).execute();
    expect(answered.length).toBeGreaterThan(0);
    expect((await db.selectFrom('signal_history').select('id').where('what', '=', 'RECEIVE_SESSION').execute()).length).toBeGreaterThan(0);
    expect(result.reasons).toEqual([]);
    expect(result.refused).toBe(0);
    const token = await mintToken(t().app, ACCOUNTS.coordinator.email);
    const list = async (q: string) => (await t().app.inject({ method: 'GET', url: `/signals/v1/private/signals/?${q}&page_size=1`, headers: bearer(token) })).json().count as number;
    expect(await list('punctuality=late')).toBeGreaterThan(0);
    expect(await list('kind=child_signal')).toBeGreaterThan(0);
  });

  it('has split reports and nearby reports linked to a parent, each as the report page makes them', async () => {
    const db = t().app.db;
    const made = await db.selectFrom('signal_history').select(['signal_id', 'extra']).where('what', '=', 'CHILD_SIGNAL_CREATED').execute();
    const extra = (e: { extra: unknown }) => (typeof e.extra === 'string' ? JSON.parse(e.extra) : e.extra) as { child_id: number; linked?: boolean };
    const linked = made.filter((e) => extra(e).linked === true);
    const split = made.filter((e) => extra(e).linked !== true);
    expect(split.length).toBeGreaterThan(0);
    expect(linked.length).toBeGreaterThan(0);
    const token = await mintToken(t().app, ACCOUNTS.coordinator.email);
    for (const entry of linked) {
      const childId = extra(entry).child_id;
      const [parent, child] = await Promise.all([entry.signal_id, childId].map((id) => db.selectFrom('signal').selectAll().where('id', '=', id).executeTakeFirstOrThrow()));
      // a neighbour's report of the same thing: same subcategory, within 50 m, made after the parent, now its child
      expect(child!.parent_id).toBe(parent!.id);
      expect(child!.category_id).toBe(parent!.category_id);
      expect(Math.hypot((child!.lng - parent!.lng) * 68_000, (child!.lat - parent!.lat) * 111_000)).toBeLessThan(50);
      expect(child!.created_at.getTime()).toBeGreaterThanOrEqual(parent!.created_at.getTime());
      // the report page's children list offers to undo the link
      const children = (await t().app.inject({ method: 'GET', url: `/signals/v1/private/signals/${parent!.id}/children/`, headers: bearer(token) })).json().results as { id: number; linked: boolean }[];
      expect(children.find((c) => c.id === childId)?.linked).toBe(true);
      const note = await db.selectFrom('signal_note').select('text').where('signal_id', '=', childId).execute();
      expect(note.map((n) => n.text)).toContain(`Gekoppeld als deelmelding aan melding ${parent!.id} (melding in de buurt).`);
    }
  });

  it('the command refuses in production', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/demo/cli.ts'), '--count', '1'], { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('niet in productie');
  });
});
