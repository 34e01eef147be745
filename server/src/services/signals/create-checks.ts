/**
 * The checks of the public create call that JSON Schema cannot make (docs/reference/api.md#public-create):
 * the source, the category URL, the bounding box and the questionnaire session.
 * Each returns DRF-shaped field errors; a check runs only on a field the schema
 * accepted, so one field never gets two kinds of complaint.
 */
import type { Db } from '../../db/index.ts';
import { normaliseUuid } from '../../domain/ids.ts';
import type { CategoryService, Category, MainCategory } from '../categories/index.ts';

export type FieldErrors = Record<string, unknown>;

export const CATEGORY_MESSAGES = {
  neither: 'Either the "sub_category" OR the "category_url" must be given',
  both: 'Only the "sub_category" OR "category_url" can be given',
  invalid: 'Ongeldige hyperlink - Ongeldige URL',
  missing: 'Ongeldige hyperlink - Object bestaat niet.',
};
export const SOURCE_INVALID = 'Invalid source given, value not known';
export const SOURCE_NOT_FOR_STAFF = 'Invalid source given for authenticated user';
/** Fields the staff create call refuses (docs/reference/api.md#staff-create). */
export const NOT_ON_CREATE: Record<string, string> = {
  status: 'Status cannot be set on initial creation',
  directing_departments: 'Directing departments cannot be set on initial creation',
  routing_departments: 'Routing departments cannot be set on initial creation',
};
export const OUTSIDE_BOX = 'The location coordinates (WS84) are not inside the bounding box we are accepting signals for.';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function checkSource(db: Db, source: unknown): Promise<{ name: string } | { error: FieldErrors }> {
  if (source === undefined) return { name: 'online' };
  if (typeof source !== 'string') return { error: {} };
  if (source.toLowerCase() === 'online') return { name: 'online' };
  const row = await db.selectFrom('source').select('name').where('name', '=', source).where('is_active', '=', true).where('is_public', '=', true).executeTakeFirst();
  return row ? { name: row.name } : { error: { source: [SOURCE_INVALID] } };
}

/** Staff create (docs/reference/api.md#staff-create): an active source that is not one of the public ones. */
export async function checkStaffSource(db: Db, source: unknown): Promise<{ name: string } | { error: FieldErrors }> {
  if (source === undefined) return { name: 'online' };
  if (typeof source !== 'string') return { error: {} };
  const row = await db.selectFrom('source').select(['name', 'is_public']).where('name', '=', source).where('is_active', '=', true).executeTakeFirst();
  if (!row) return { error: { source: [SOURCE_INVALID] } };
  return row.is_public ? { error: { source: [SOURCE_NOT_FOR_STAFF] } } : { name: row.name };
}

export async function checkCategory(
  categories: CategoryService,
  category: unknown,
): Promise<{ main: MainCategory; sub: Category } | { error: FieldErrors }> {
  if (!isObject(category)) return { error: {} };
  const hasSub = category.sub_category !== undefined;
  const hasUrl = category.category_url !== undefined;
  if (!hasSub && !hasUrl) return { error: { category: [CATEGORY_MESSAGES.neither] } };
  if (hasSub && hasUrl) return { error: { category: [CATEGORY_MESSAGES.both] } };
  const key = hasSub ? 'sub_category' : 'category_url';
  const url = category[key];
  if (typeof url !== 'string' || url === '') return { error: {} };
  const resolved = await categories.resolveUrl(url);
  if (!resolved.ok) return { error: { category: { [key]: [CATEGORY_MESSAGES[resolved.reason]] } } };
  return { main: resolved.main, sub: resolved.sub };
}

export function checkBox(location: unknown, box: [number, number, number, number]): FieldErrors | undefined {
  if (!isObject(location) || !isObject(location.geometrie)) return undefined;
  const coords = location.geometrie.coordinates;
  if (!Array.isArray(coords) || typeof coords[0] !== 'number' || typeof coords[1] !== 'number') return undefined;
  const [lng, lat] = coords as [number, number];
  const [west, south, east, north] = box;
  return lng > west && lng < east && lat > south && lat < north ? undefined : { location: { geometrie: [OUTSIDE_BOX] } };
}

export interface SessionAnswers {
  sessionId: number;
  uuid: string;
  extraProperties: { id: string | null; label: string; answer: unknown }[];
}

/** docs/reference/api.md#public-create `session`, checked in the contract's order. */
export async function checkSession(db: Db, session: unknown, now: Date): Promise<SessionAnswers | { error: FieldErrors } | undefined> {
  if (session === undefined || session === null) return undefined;
  if (typeof session !== 'string') return { error: {} };
  // Any form Python's UUID reads ('urn:uuid:…', braces); anything else matches no session.
  const uuid = normaliseUuid(session);
  const row = uuid ? await db.selectFrom('qa_session').selectAll().where('uuid', '=', uuid).executeTakeFirst() : undefined;
  if (!row) return { error: { session: ['Session matching query does not exist.'] } };
  if (row.signal_uuid) return { error: { session: ['Session already used'] } };
  const started = row.started_at ? new Date(row.started_at).getTime() : undefined;
  const expired =
    row.invalidated ||
    (row.submit_before !== null && new Date(row.submit_before).getTime() < now.getTime()) ||
    (started !== undefined && row.duration_seconds !== null && started + row.duration_seconds * 1000 < now.getTime());
  if (!row.frozen && !expired) return { error: { session: ['Session not frozen'] } };
  if (!row.frozen && expired) return { error: { session: ['Session expired'] } };
  const answers = await db
    .selectFrom('qa_answer as a')
    .innerJoin('qa_question as q', 'q.id', 'a.question_id')
    .select(['q.analysis_key', 'q.short_label', 'a.payload', 'q.position', 'a.id'])
    .where('a.session_id', '=', row.id)
    .orderBy('q.position')
    .orderBy('a.id')
    .execute();
  // The latest answer per question counts.
  const latest = new Map<string, (typeof answers)[number]>();
  for (const a of answers) latest.set(`${a.position}`, a);
  return {
    sessionId: row.id,
    uuid: row.uuid,
    extraProperties: [...latest.values()].map((a) => ({ id: a.analysis_key, label: a.short_label, answer: a.payload })),
  };
}

/** Merges field-error dicts (lists are concatenated, dicts merged). */
export function mergeErrors(target: FieldErrors, extra: FieldErrors): FieldErrors {
  for (const [key, value] of Object.entries(extra)) {
    const current = target[key];
    if (current === undefined) target[key] = value;
    else if (Array.isArray(current) && Array.isArray(value)) target[key] = [...new Set([...current, ...value])];
    else if (isObject(current) && isObject(value)) mergeErrors(current, value);
  }
  return target;
}
