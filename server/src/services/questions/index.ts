/**
 * The legacy extra questions of categories (docs/reference/api.md#questions), as the public questions
 * endpoint serves them: the questions linked to the given categories, the main
 * category's first, then by position, one question per key (Signalen's key is unique).
 */
import type { Db } from '../../db/index.ts';

export interface LinkedQuestion {
  key: string;
  field_type: string;
  meta: unknown;
  required: boolean;
}

/** The questions of `categoryIds`; those of `mainIds` come first. Where two share a key, the first in that order is kept. */
export async function questionsOfCategories(db: Db, categoryIds: readonly number[], mainIds: ReadonlySet<number> = new Set()): Promise<LinkedQuestion[]> {
  if (categoryIds.length === 0) return [];
  const rows = await db
    .selectFrom('category_question as cq')
    .innerJoin('question as q', 'q.id', 'cq.question_id')
    .select(['q.id', 'q.key', 'q.field_type', 'q.meta', 'q.required', 'cq.category_id', 'cq.position'])
    .where('cq.category_id', 'in', categoryIds)
    .execute();
  rows.sort((a, b) => Number(mainIds.has(b.category_id)) - Number(mainIds.has(a.category_id)) || a.position - b.position || a.id - b.id);
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.key) && seen.add(r.key)).map((r) => ({ key: r.key, field_type: r.field_type, meta: r.meta, required: r.required }));
}
