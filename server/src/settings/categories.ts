/**
 * Category writes of the settings (docs/settings.md, docs/reference/api.md#private): PATCH with name, public
 * name, description, handling message, `new_sla` (a new SLA record; the category's
 * `sla_n_days`/`sla_use_calendar_days` become its values, because the overview computes
 * punctuality from them), active, public accessibility and a note, which goes into the
 * history entry of the change.
 */
import { formatDayCount } from '@meldloket/engine';
import type { Db } from '../db/index.ts';
import { appendHistory, changed, yesNo } from './history.ts';

export interface CategoryInput {
  name?: string;
  public_name?: string | null;
  description?: string | null;
  handling_message?: string | null;
  new_sla?: { n_days: number; use_calendar_days: boolean };
  is_active?: boolean;
  is_public_accessible?: boolean;
  /** Metres around a point in which open reports count as nearby (docs/duplicates.md). */
  nearby_radius?: number;
  note?: string | null;
}

/** '3 werkdagen', '1 dag' (the SLA's day words, one source: engine/src/sla). */
export const slaText = (sla: { n_days: number | null; use_calendar_days: boolean } | null) =>
  sla === null || sla.n_days === null ? '(geen)' : formatDayCount(sla.n_days, !sla.use_calendar_days);

const text = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());

/** False when the category does not exist. */
export async function updateCategory(db: Db, id: number, input: CategoryInput, who: string): Promise<boolean> {
  const before = await db
    .selectFrom('category')
    .select(['name', 'public_name', 'description', 'handling_message', 'is_active', 'is_public_accessible', 'nearby_radius', 'sla_n_days', 'sla_use_calendar_days'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before) return false;
  const set = {
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    ...(input.public_name !== undefined ? { public_name: text(input.public_name) } : {}),
    ...(input.description !== undefined ? { description: text(input.description) } : {}),
    ...(input.handling_message !== undefined ? { handling_message: text(input.handling_message) } : {}),
    ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
    ...(input.is_public_accessible !== undefined ? { is_public_accessible: input.is_public_accessible } : {}),
    ...(input.nearby_radius !== undefined ? { nearby_radius: input.nearby_radius } : {}),
    ...(input.new_sla ? { sla_n_days: input.new_sla.n_days, sla_use_calendar_days: input.new_sla.use_calendar_days } : {}),
  };
  await db.transaction().execute(async (trx) => {
    if (Object.keys(set).length) await trx.updateTable('category').set(set).where('id', '=', id).execute();
    if (input.new_sla) {
      await trx.insertInto('category_sla').values({ category_id: id, n_days: input.new_sla.n_days, use_calendar_days: input.new_sla.use_calendar_days, created_by: who }).execute();
    }
    const beforeSla = { n_days: before.sla_n_days, use_calendar_days: before.sla_use_calendar_days };
    const lines = [
      ...changed('Naam', before.name, set.name),
      ...changed('Naam voor melders', before.public_name, set.public_name),
      ...changed('Omschrijving', before.description, set.description),
      ...changed('Servicebelofte', before.handling_message, set.handling_message),
      ...(input.new_sla ? changed('Afhandeltermijn', slaText(beforeSla), slaText(input.new_sla)) : []),
      ...changed('Actief', before.is_active, set.is_active, yesNo),
      ...changed('Openbaar tonen', before.is_public_accessible, set.is_public_accessible, yesNo),
      ...changed('Straal meldingen in de buurt', before.nearby_radius, set.nearby_radius, (m) => `${m} meter`),
    ];
    await appendHistory(trx, { model: 'category', objectId: id, what: 'UPDATED_CATEGORY', lines, description: input.note, who });
  });
  return true;
}
