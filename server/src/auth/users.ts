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

/** The user whose username equals `email` regardless of case, whether active or not. */
export async function findUserByUsername(db: Db, email: string) {
  return db
    .selectFrom('staff_user')
    .select(['id', 'is_active'])
    .where(sql<string>`lower(username)`, '=', email.toLowerCase())
    .executeTakeFirst();
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

/** The whole user with roles, permissions and departments; undefined when unknown. */
export async function loadStaffUser(db: Db, id: number): Promise<StaffUser | undefined> {
  const user = await db
    .selectFrom('staff_user')
    .select([
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
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) return undefined;
  const [roleIds, permissions, departments] = await Promise.all([
    db.selectFrom('user_role').select('role_id').where('user_id', '=', id).execute(),
    db
      .selectFrom('user_permission')
      .innerJoin('permission', 'permission.id', 'user_permission.permission_id')
      .select(['permission.id', 'permission.codename', 'permission.name', 'permission.content_type'])
      .where('user_permission.user_id', '=', id)
      .orderBy('permission.id')
      .execute(),
    db
      .selectFrom('user_department')
      .innerJoin('department', 'department.id', 'user_department.department_id')
      .select(['department.id', 'department.code', 'department.name'])
      .where('user_department.user_id', '=', id)
      .orderBy('department.name')
      .execute(),
  ]);
  const roles = await rolesWithPermissions(db, roleIds.map((r) => r.role_id));
  return { ...user, roles, permissions, departments };
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
