/** Roles (Django groups) and the permission list of the private API (docs/reference/api.md#private). */
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { invalid } from '../domain/errors.ts';
import { isListedPermission, isModelPermission } from '../auth/catalogue.ts';
import { checkRolePermissionGrant, type Actor } from '../auth/grants.ts';
import { rolesWithPermissions, type PermissionRow, type RoleWithPermissions } from '../auth/users.ts';

/** Django's messages for a role body (Group.name: unique, at most 150 characters). */
export const ROLE_MESSAGES = {
  nameTaken: 'Groep met deze Naam bestaat al.',
  invalidPk: (id: unknown) => `Ongeldige pk "${String(id)}" - object bestaat niet.`,
} as const;

export interface RoleInput {
  name?: string;
  permission_ids?: number[];
}

/**
 * The permissions /private/permissions/ lists: the sia_ codenames and push_to_sigmax
 * (docs/reference/api.md#private). With `all` (the role form's `?all=true`, not in the contract) also the
 * view_/add_/change_/delete_ permissions of roles, users, departments and categories,
 * which open the settings areas of docs/reference/permissions.md#roles, so that a role can be given them.
 */
export async function listedPermissions(db: Db, options: { all?: boolean } = {}): Promise<PermissionRow[]> {
  const rows = await db.selectFrom('permission').select(['id', 'codename', 'name', 'content_type']).orderBy('id').execute();
  return rows.filter((p) => isListedPermission(p.codename) || (options.all === true && isModelPermission(p.codename)));
}

export async function listedPermission(db: Db, id: number): Promise<PermissionRow | undefined> {
  const row = await db.selectFrom('permission').select(['id', 'codename', 'name', 'content_type']).where('id', '=', id).executeTakeFirst();
  // a role's model permissions (view_category, …) link here too
  return row && (isListedPermission(row.codename) || isModelPermission(row.codename)) ? row : undefined;
}

export const listRoles = (db: Db) => rolesWithPermissions(db);

export async function getRole(db: Db, id: number): Promise<RoleWithPermissions | undefined> {
  return (await rolesWithPermissions(db, [id]))[0];
}

async function checkInput(db: Db, input: RoleInput, roleId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.name !== undefined) {
    const taken = await db
      .selectFrom('role')
      .select('id')
      .where(sql<string>`lower(name)`, '=', input.name.trim().toLowerCase())
      .$if(roleId !== undefined, (q) => q.where('id', '!=', roleId!))
      .executeTakeFirst();
    if (taken) errors.name = [ROLE_MESSAGES.nameTaken];
  }
  if (input.permission_ids && input.permission_ids.length > 0) {
    const found = new Set((await db.selectFrom('permission').select('id').where('id', 'in', input.permission_ids).execute()).map((p) => p.id));
    const missing = input.permission_ids.filter((id) => !found.has(id));
    if (missing.length > 0) errors.permission_ids = missing.map(ROLE_MESSAGES.invalidPk);
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

async function setPermissions(db: Db, roleId: number, ids: number[]): Promise<void> {
  await db.deleteFrom('role_permission').where('role_id', '=', roleId).execute();
  const unique = [...new Set(ids)];
  if (unique.length > 0) await db.insertInto('role_permission').values(unique.map((permission_id) => ({ role_id: roleId, permission_id }))).execute();
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** `actor` may add to the role only permissions they hold themselves (grants.ts). */
export async function createRole(db: Db, input: Required<Pick<RoleInput, 'name'>> & RoleInput, actor: Actor): Promise<RoleWithPermissions> {
  await checkRolePermissionGrant(db, actor, input.permission_ids);
  await checkInput(db, input);
  try {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('role').values({ name: input.name.trim() }).returning('id').executeTakeFirstOrThrow();
      await setPermissions(trx, row.id, input.permission_ids ?? []);
      return row.id;
    });
    return (await getRole(db, id))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ name: [ROLE_MESSAGES.nameTaken] });
    throw error;
  }
}

/** undefined when the role does not exist. */
export async function updateRole(db: Db, id: number, input: RoleInput, actor: Actor): Promise<RoleWithPermissions | undefined> {
  const before = await getRole(db, id);
  if (!before) return undefined;
  await checkRolePermissionGrant(db, actor, input.permission_ids, before.permissions.map((p) => p.id));
  await checkInput(db, input, id);
  try {
    await db.transaction().execute(async (trx) => {
      if (input.name !== undefined) await trx.updateTable('role').set({ name: input.name.trim() }).where('id', '=', id).execute();
      if (input.permission_ids !== undefined) await setPermissions(trx, id, input.permission_ids);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ name: [ROLE_MESSAGES.nameTaken] });
    throw error;
  }
  return getRole(db, id);
}

/** False when the role does not exist. Its users lose it (and its permissions). */
export async function deleteRole(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('role').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
