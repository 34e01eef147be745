/** Row types of the identity tables (migration 200_identity). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface PermissionTable {
  id: Generated<number>;
  codename: string;
  name: string;
  content_type: string;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
}

export interface RolePermissionTable {
  role_id: number;
  permission_id: number;
}

export interface StaffUserTable {
  id: Generated<number>;
  username: string;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  is_active: Generated<boolean>;
  is_staff: Generated<boolean>;
  is_superuser: Generated<boolean>;
  password_hash: string | null;
  note: string | null;
  notification_on_user_assignment: Generated<boolean>;
  notification_on_department_assignment: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface UserPermissionTable {
  user_id: number;
  permission_id: number;
}

export interface UserDepartmentTable {
  user_id: number;
  department_id: number;
}

export interface SignalRoutingDepartmentTable {
  signal_id: number;
  department_id: number;
}

export interface OidcKeyTable {
  /** Row id: 'signing-1', 'cookie-1', … (a rotation adds a newer slot). */
  slot: string;
  use: string;
  key: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
}

export interface IdentityTables {
  permission: PermissionTable;
  role: RoleTable;
  role_permission: RolePermissionTable;
  staff_user: StaffUserTable;
  user_role: UserRoleTable;
  user_permission: UserPermissionTable;
  user_department: UserDepartmentTable;
  signal_routing_department: SignalRoutingDepartmentTable;
  oidc_key: OidcKeyTable;
  oidc_payload: OidcPayloadTable;
}
