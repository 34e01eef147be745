/** Staff users as the private API sees them: roles, direct permissions, departments. */
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Permission } from './catalogue.ts';

export interface PermissionRow {
  id: number;
  codename: string;
  name: string;
  content_type: string;
}

export interface RoleWithPermissions {
  id: number;
  name: string;
  permissions: PermissionRow[];
}

export interface StaffUser {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  is_staff: boolean;
  is_superuser: boolean;
  note: string | null;
  notification_on_user_assignment: boolean;
  notification_on_department_assignment: boolean;
  created_at: Date;
  updated_at: Date;
  roles: RoleWithPermissions[];
  /** Granted to the user directly (docs/reference/api.md#private: not those of the roles). */
  permissions: PermissionRow[];
  departments: { id: number; code: string; name: string }[];
}

/**
 * The codenames a user holds: the union of the roles' and the direct permissions
 * (docs/reference/permissions.md#roles). A superuser holds every permission, which `hasPermission` decides.
 */
export function permissionCodenames(user: Pick<StaffUser, 'roles' | 'permissions'>): Set<string> {
  const codenames = new Set<string>();
  for (const role of user.roles) for (const p of role.permissions) codenames.add(p.codename);
  for (const p of user.permissions) codenames.add(p.codename);
  return codenames;
}

/** True when the user may do what each of `codenames` allows (a superuser may do everything). */
export function hasPermission(user: Pick<StaffUser, 'roles' | 'permissions' | 'is_superuser'>, ...codenames: Permission[]): boolean {
  if (user.is_superuser) return true;
  const held = permissionCodenames(user);
  return codenames.every((c) => held.has(c));
}

export async function rolesWithPermissions(db: Db, roleIds?: number[]): Promise<RoleWithPermissions[]> {
  if (roleIds && roleIds.length === 0) return [];
  let query = db.selectFrom('role').select(['id', 'name']);
  if (roleIds) query = query.where('id', 'in', roleIds);
  const roles = await query.orderBy(sql`lower(name)`).orderBy('id').execute();
  if (roles.length === 0) return [];
  const links = await db
    .selectFrom('role_permission')
    .innerJoin('permission', 'permission.id', 'role_permission.permission_id')
    .select(['role_permission.role_id', 'permission.id', 'permission.codename', 'permission.name', 'permission.content_type'])
    .where('role_permission.role_id', 'in', roles.map((r) => r.id))
    .orderBy('permission.id')
    .execute();
  return roles.map((r) => ({
    ...r,
    permissions: links.filter((l) => l.role_id === r.id).map(({ role_id: _, ...p }) => p),
  }));
}

/** A permission as JSON, for the aggregates below (the columns of `PermissionRow`). */
const permissionJson = sql`json_build_object('id', p.id, 'codename', p.codename, 'name', p.name, 'content_type', p.content_type)`;

/**
 * The whole user with roles, permissions and departments, in one statement (every private request
 * loads its user: one round trip instead of six). Orders as before: roles by name, permissions by id,
 * departments by name.
 */
function selectStaffUser(db: Db) {
  return db.selectFrom('staff_user').select([
    'id',
    'username',
    'email',
    'first_name',
    'last_name',
    'is_active',
    'is_staff',
    'is_superuser',
    'note',
    'notification_on_user_assignment',
    'notification_on_department_assignment',
    'created_at',
    'updated_at',
    sql<RoleWithPermissions[]>`coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name, 'permissions',
      coalesce((select json_agg(${permissionJson} order by p.id) from role_permission rp join permission p on p.id = rp.permission_id where rp.role_id = r.id), '[]'::json))
      order by lower(r.name), r.id) from user_role ur join role r on r.id = ur.role_id where ur.user_id = staff_user.id), '[]'::json)`.as('roles'),
    sql<PermissionRow[]>`coalesce((select json_agg(${permissionJson} order by p.id)
      from user_permission up join permission p on p.id = up.permission_id where up.user_id = staff_user.id), '[]'::json)`.as('permissions'),
    sql<StaffUser['departments']>`coalesce((select json_agg(json_build_object('id', d.id, 'code', d.code, 'name', d.name) order by d.name)
      from user_department ud join department d on d.id = ud.department_id where ud.user_id = staff_user.id), '[]'::json)`.as('departments'),
  ]);
}

/** The whole user with roles, permissions and departments; undefined when unknown. */
export async function loadStaffUser(db: Db, id: number): Promise<StaffUser | undefined> {
  return selectStaffUser(db).where('id', '=', id).executeTakeFirst();
}

/** As `loadStaffUser`, by username regardless of case (the e-mail claim of a token), whether active or not. */
export async function loadStaffUserByUsername(db: Db, email: string): Promise<StaffUser | undefined> {
  return selectStaffUser(db).where(sql<string>`lower(username)`, '=', email.toLowerCase()).executeTakeFirst();
}

/** For the sign-in page of the embedded provider: the account with its password hash. */
export async function findSignInAccount(db: Db, email: string) {
  return db
    .selectFrom('staff_user')
    .select(['id', 'username', 'email', 'first_name', 'last_name', 'is_active', 'password_hash'])
    .where(sql<string>`lower(username)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findAccountById(db: Db, id: number) {
  return db.selectFrom('staff_user').select(['id', 'username', 'email', 'first_name', 'last_name', 'is_active']).where('id', '=', id).executeTakeFirst();
}
