/** The categories' current SLA (category.sla_*, the newest of category_sla), for the overview's punctuality. */
import type { Sla } from '@meldloket/engine';
import type { Db } from '../../db/index.ts';

/** Every category's SLA by id (categories without one are left out). */
export async function categorySlas(db: Db): Promise<Map<number, Sla>> {
  const rows = await db.selectFrom('category').select(['id', 'sla_n_days', 'sla_use_calendar_days']).execute();
  return new Map(rows.filter((c) => c.sla_n_days).map((c) => [c.id, { n_days: c.sla_n_days!, use_calendar_days: c.sla_use_calendar_days }]));
}

/** One category's SLA, or null without one. */
export async function categorySla(db: Db, categoryId: number): Promise<Sla | null> {
  const row = await db.selectFrom('category').select(['sla_n_days', 'sla_use_calendar_days']).where('id', '=', categoryId).executeTakeFirst();
  return row?.sla_n_days ? { n_days: row.sla_n_days, use_calendar_days: row.sla_use_calendar_days } : null;
}
