/** Row types of the 'Mijn meldingen' tables (migration 300_my_signals). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MySignalsTokenTable {
  id: Generated<number>;
  key_hash: string;
  reporter_email: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface SignalStatusLogTable {
  id: Generated<number>;
  signal_id: number;
  state: string;
  text: string | null;
  created_at: Timestamp;
}

export type MySignalsTables = {
  my_signals_token: MySignalsTokenTable;
  signal_status_log: SignalStatusLogTable;
};
