/** The privacy feature's tables (migration 840). */
import type { Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from '../db/tables.ts';
import type { ContactAccessVia } from './access-via.ts';

export interface SignalDeletionTable {
  id: Generated<number>;
  signal_id: number;
  category_slug: string;
  category_name: string;
  state: string;
  signal_created_at: Timestamp;
  ended_at: Timestamp;
  deleted_at: Timestamp;
  rule: string;
  deleted_by: string | null;
}

export interface PrivacyRunTable {
  day: string;
  started_at: Generated<Date>;
  finished_at: NullableTimestamp;
  anonymised: number | null;
  deleted: number | null;
}

/** One showing of a reporter's contact details to a staff member (migration 841). */
export interface ContactAccessTable {
  id: Generated<string>;
  signal_id: number;
  username: string;
  via: ContactAccessVia;
  created_at: Timestamp;
}

/** One action on everything held about one reporter (migration 870); no address or number. */
export interface ReporterRequestTable {
  id: Generated<number>;
  username: string;
  action: 'search' | 'export_json' | 'export_pdf' | 'anonymise' | 'erase';
  key_kind: 'email' | 'phone';
  signal_ids: Json<number[]>;
  created_at: Timestamp;
}

export interface PrivacyTables {
  reporter_request: ReporterRequestTable;
  contact_access: ContactAccessTable;
  signal_deletion: SignalDeletionTable;
  privacy_run: PrivacyRunTable;
}
