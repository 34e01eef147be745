/**
 * The database's tables, gathered from the features that own them, and the query builder over them.
 * Types only, each table file named directly (not a feature's index): every module may import this
 * without pulling in the database's code or a feature's.
 */
import type { Kysely } from 'kysely';
import type { FollowupTables } from '../followup/tables.ts';
import type { IdentityTables } from '../auth/tables.ts';
import type { CoreTables } from './tables.ts';
import type { OverviewTables } from '../services/overview/tables.ts';
import type { PrivacyTables } from '../privacy/tables.ts';
import type { QuestionSetTables } from '../question-sets/tables.ts';
import type { RoutingTables } from '../routing/tables.ts';
import type { SettingsTables } from '../settings/tables.ts';

export type Database = CoreTables & FollowupTables & IdentityTables & OverviewTables & PrivacyTables & QuestionSetTables & RoutingTables & SettingsTables;
export type Db = Kysely<Database>;
