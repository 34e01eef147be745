/** Row types of the core tables (migration 001_core). JSON columns are written as strings. */
import type { ColumnType, Generated } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type Json<T = unknown> = ColumnType<T, string | null | undefined, string | null>;

export interface DepartmentTable {
  id: Generated<number>;
  code: string;
  name: string;
  is_intern: Generated<boolean>;
  can_direct: Generated<boolean>;
}

export interface CategoryTable {
  id: Generated<number>;
  parent_id: number | null;
  slug: string;
  name: string;
  public_name: string | null;
  is_active: Generated<boolean>;
  is_public_accessible: Generated<boolean>;
  description: string | null;
  handling: Generated<string>;
  handling_message: string | null;
  configuration: Json<Record<string, unknown> | null>;
  sla_n_days: number | null;
  sla_use_calendar_days: Generated<boolean>;
  questionnaire: string | null;
  icon: string | null;
  /** Metres around a point in which open reports count as nearby (migration 885, docs/duplicates.md). */
  nearby_radius: Generated<number>;
}

export interface CategoryDepartmentTable {
  category_id: number;
  department_id: number;
  is_responsible: Generated<boolean>;
  can_view: Generated<boolean>;
}

export interface SourceTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  is_active: Generated<boolean>;
  is_public: Generated<boolean>;
  can_be_selected: Generated<boolean>;
}

export interface SignalTable {
  id: Generated<number>;
  uuid: string;
  source: string;
  text: string;
  text_extra: Generated<string>;
  state: Generated<string>;
  state_text: string | null;
  priority: Generated<string>;
  type_code: Generated<string>;
  category_id: number;
  category_text: string | null;
  lng: number;
  lat: number;
  address: Json<Record<string, unknown> | null>;
  address_text: string | null;
  /** The Dutch full text of `text` and `address_text`, kept by a trigger (migration 921; the search reads it). */
  search_vector: ColumnType<string | null, never, never>;
  stadsdeel: string | null;
  buurt_code: string | null;
  area_type_code: string | null;
  area_code: string | null;
  area_name: string | null;
  location_extra: Json<unknown>;
  reporter_email: string | null;
  reporter_phone: string | null;
  sharing_allowed: Generated<boolean>;
  reporter_state: Generated<string>;
  extra_properties: Json<unknown[] | null>;
  session_uuid: string | null;
  incident_date_start: Timestamp;
  incident_date_end: NullableTimestamp;
  /** Username of the staff member who filed it (private create, migration 200); null for the public call. */
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Staff member the report is assigned to (migration 500); null: 'Niet toegewezen'. */
  assigned_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Parent report of a child made by splitting (migration 500). */
  parent_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Who routed it last (migration 860): null, `rule:<id>` or `person:<username>`; a person's routing is kept. */
  routing_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Directing departments of a report (migration 500). */
export interface SignalDirectingDepartmentTable {
  signal_id: number;
  department_id: number;
}

/** One entry of a report's history (migration 500, docs/reference/api.md#private `/history`). */
export interface SignalHistoryTable {
  id: Generated<number>;
  signal_id: number;
  what: string;
  action: string;
  description: string | null;
  /** Username of the staff member; null for the system ('Signalen systeem'). */
  who: string | null;
  extra: Json<Record<string, unknown> | null>;
  created_at: Timestamp;
}

export interface SignalNoteTable {
  id: Generated<number>;
  signal_id: number;
  text: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface AttachmentTable {
  id: Generated<number>;
  signal_id: number;
  file_path: string;
  original_filename: string;
  mime_type: string;
  size: number;
  is_image: boolean;
  public: Generated<boolean>;
  created_by: string | null;
  /** A caption staff gave the file (migration 532). */
  caption: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface IdempotencyKeyTable {
  key: string;
  /** The client (address) that made the key: keys are unique per client. */
  client: Generated<string>;
  /** SHA-256 of the request body: the same key with another body is a 422. */
  request_hash: Generated<string>;
  signal_id: number;
  /** Every report a bulk create stored, in request order (migration 530); null for a single create. */
  batch: Json<number[] | null>;
  created_at: Timestamp;
}

export interface QuestionTable {
  id: Generated<number>;
  /** Name of the question-set file the question comes from. */
  question_set: string;
  key: string;
  field_type: string;
  meta: Json<Record<string, unknown>>;
  required: Generated<boolean>;
}

export interface CategoryQuestionTable {
  id: Generated<number>;
  category_id: number;
  question_id: number;
  position: number;
}

export interface OutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, when the mail has one (otherwise plain text only). */
  html: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** The last failure's message, kept while the mail is retried. */
  error: string | null;
  /** Failed attempts so far (migration 800). */
  attempts: Generated<number>;
  /** Not sent before this time: the backoff after a failure, or the lease of the process sending it. */
  next_attempt_at: NullableTimestamp;
}

export interface CoreTables {
  department: DepartmentTable;
  category: CategoryTable;
  category_department: CategoryDepartmentTable;
  source: SourceTable;
  signal: SignalTable;
  signal_note: SignalNoteTable;
  signal_directing_department: SignalDirectingDepartmentTable;
  signal_history: SignalHistoryTable;
  attachment: AttachmentTable;
  idempotency_key: IdempotencyKeyTable;
  question: QuestionTable;
  category_question: CategoryQuestionTable;
  outbox: OutboxTable;
  status_message: StatusMessageTable;
  status_message_category: StatusMessageCategoryTable;
  status_message_template: StatusMessageTemplateTable;
  external_link: ExternalLinkTable;
  signal_follower: SignalFollowerTable;
  signal_merge: SignalMergeTable;
}

/** Someone who hears of a report's status besides its reporter (migration 850, docs/duplicates.md). */
export interface SignalFollowerTable {
  id: Generated<string>;
  signal_id: number;
  origin_signal_id: number;
  kind: 'follower' | 'reporter';
  email: string;
  email_lower: string;
  verified: Generated<boolean>;
  verify_token_hash: string | null;
  verify_expires_at: NullableTimestamp;
  unsubscribe_token: string;
  created_at: Timestamp;
}

/** A duplicate merged into a main report (migration 850). */
export interface SignalMergeTable {
  duplicate_id: number;
  main_id: number;
  previous_state: string;
  previous_state_text: string | null;
  merged_by: string;
  merged_at: Timestamp;
}

/** An external party's personal link (migration 533). */
export interface ExternalLinkTable {
  id: Generated<number>;
  token_hash: string;
  signal_id: number;
  email: string;
  request: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A default text of the v2 screen (migration 531, docs/reference/api.md#private status-messages). */
export interface StatusMessageTable {
  id: Generated<number>;
  title: string;
  text: string;
  active: Generated<boolean>;
  /** The state code it is for (any of docs/reference/statuses.md#transitions). */
  state: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A status message's place in a category's list (migration 531). */
export interface StatusMessageCategoryTable {
  status_message_id: number;
  category_id: number;
  position: Generated<number>;
}

/** A default text of the older per-category template API (migration 531). */
export interface StatusMessageTemplateTable {
  id: Generated<number>;
  category_id: number;
  state: string;
  position: number;
  title: string;
  text: string;
  is_active: Generated<boolean>;
  created_at: Timestamp;
}
