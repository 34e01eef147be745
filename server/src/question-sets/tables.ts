/** Row types of the question-set studio's tables (migration 910_question_sets, docs/studio-api.md). */
import type { ColumnType, Generated } from 'kysely';
import type { QuestionSetFile } from '@meldloket/engine';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface QuestionSetVersionTable {
  id: Generated<number>;
  name: string;
  version: number;
  /** The question-set JSON as in question-sets/NAME.json. */
  document: ColumnType<QuestionSetFile, string, string>;
  published_by: string;
  published_at: Timestamp;
  note: string | null;
  source_hash: string | null;
}

export interface QuestionSetDraftTable {
  name: string;
  text: string;
  updated_by: string;
  updated_at: Timestamp;
  based_on: number | null;
}

export interface QuestionSetTables {
  question_set_version: QuestionSetVersionTable;
  question_set_draft: QuestionSetDraftTable;
}
