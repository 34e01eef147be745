/** Row types of the overview's tables (migration 511_saved_filters). */
import type { ColumnType, Generated } from 'kysely';

export interface StoredSignalFilterTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The list filters: multi-valued ones as arrays of strings, single-valued ones as a string. */
  options: ColumnType<Record<string, string | string[]>, string, string>;
  refresh: Generated<boolean>;
  show_on_overview: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OverviewTables {
  stored_signal_filter: StoredSignalFilterTable;
}
