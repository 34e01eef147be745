/** Row types of the follow-up tables (migration 100_followup). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string | undefined | null, string | null>;

export type QaFlow = 'REACTION_REQUEST' | 'FEEDBACK_REQUEST' | 'EXTRA_PROPERTIES';

export interface QaQuestionnaireTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  flow: QaFlow;
  is_active: Generated<boolean>;
  created_at: Timestamp;
}

export interface QaQuestionTable {
  id: Generated<number>;
  uuid: string;
  questionnaire_id: number;
  position: number;
  analysis_key: string | null;
  label: string;
  short_label: string;
  field_type: string;
  required: Generated<boolean>;
  multiple_answers_allowed: Generated<boolean>;
}

export interface Explanation {
  title: string;
  sections: { header: string; text: string; files: { description: string; file: string; created_at?: string | null }[] }[];
}

export interface QaSessionTable {
  id: Generated<number>;
  uuid: string;
  questionnaire_id: number;
  signal_uuid: string | null;
  started_at: NullableTimestamp;
  submit_before: NullableTimestamp;
  duration_seconds: number | null;
  frozen: Generated<boolean>;
  invalidated: Generated<boolean>;
  explanation: Json<Explanation | null>;
  signal_snapshot: Json<Record<string, unknown> | null>;
  created_at: Timestamp;
}

export interface QaAnswerTable {
  id: Generated<number>;
  session_id: number;
  question_id: number;
  payload: Json;
  created_at: Timestamp;
}

export interface ReporterEmailVerificationTable {
  id: Generated<number>;
  token: string;
  signal_uuid: string;
  email: string;
  previous_email: string | null;
  expires_at: NullableTimestamp;
  verified_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface FeedbackRequestTable {
  id: Generated<number>;
  uuid: string;
  signal_uuid: string;
  submit_before: Timestamp;
  submitted_at: NullableTimestamp;
  satisfaction: string | null;
  is_satisfied: boolean | null;
  allows_contact: boolean | null;
  text_list: Json<string[] | null>;
  text_extra: string | null;
  created_at: Timestamp;
}

export interface FollowupTables {
  qa_questionnaire: QaQuestionnaireTable;
  qa_question: QaQuestionTable;
  qa_session: QaSessionTable;
  qa_answer: QaAnswerTable;
  reporter_email_verification: ReporterEmailVerificationTable;
  feedback_request: FeedbackRequestTable;
}
