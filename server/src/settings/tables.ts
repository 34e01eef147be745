/** Row types of the settings' own tables (migration 540): SLA records and the change history. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A category's SLA records (migration 540); the newest is also in category.sla_*. */
export interface CategorySlaTable {
  id: Generated<number>;
  category_id: number;
  n_days: number;
  use_calendar_days: boolean;
  created_by: string | null;
  created_at: Timestamp;
}

/** One change of a setting (migration 540): category, user, department or role. */
export interface SettingsHistoryTable {
  id: Generated<number>;
  model: 'category' | 'user' | 'department' | 'role';
  object_id: number;
  what: string;
  action: string;
  description: string | null;
  who: string | null;
  created_at: Timestamp;
}

export interface SettingsTables {
  category_sla: CategorySlaTable;
  settings_history: SettingsHistoryTable;
}
