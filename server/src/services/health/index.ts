/** Whether the database answers (the health check of `HEAD /signals/`). */
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
