/**
 * Who may grant what (docs/security.md, docs/settings.md "Who may grant what"). The route's own
 * permission (`change_user`, `change_group`, …) lets a staff member reach a write; these
 * rules then decide, per object and per field, whether the write may happen:
 *
 * - only a superuser changes a superuser (any field, including deactivating it);
 * - only a superuser sets the password of another account (embedded provider; one's own
 *   password any user manager may set);
 * - nobody grants a permission they do not hold themselves: a role given to a user, and a
 *   permission added to a role, must carry only permissions the writer holds (through
 *   their roles or directly). Taking a role or a permission away is not granting.
 *
 * A refusal is the contract's 403 (`{"detail": …}`), the answer to any permission failure.
 */
import type { Db } from '../db/index.ts';
import { forbidden } from '../domain/errors.ts';
import { permissionCodenames, type StaffUser } from './users.ts';
import { AUTH_MESSAGES } from './verify.ts';

export type Actor = Pick<StaffUser, 'id' | 'is_superuser' | 'roles' | 'permissions'>;

const refused = () => forbidden(AUTH_MESSAGES.forbidden);

/** The codenames of `permissionIds` the actor does not hold (none for a superuser). */
async function notHeld(db: Db, actor: Actor, permissionIds: number[]): Promise<string[]> {
  if (actor.is_superuser || permissionIds.length === 0) return [];
  const rows = await db.selectFrom('permission').select('codename').where('id', 'in', [...new Set(permissionIds)]).execute();
  const held = permissionCodenames(actor);
  return rows.map((r) => r.codename).filter((codename) => !held.has(codename));
}

/** Refuses (403) when a permission added to a role is one the actor does not hold. */
export async function checkRolePermissionGrant(db: Db, actor: Actor, permissionIds: number[] | undefined, currentIds: number[] = []): Promise<void> {
  if (!permissionIds) return;
  const current = new Set(currentIds);
  if ((await notHeld(db, actor, permissionIds.filter((id) => !current.has(id)))).length > 0) throw refused();
}

export interface UserWrite {
  role_ids?: number[];
  password?: string;
  is_active?: boolean;
}

/**
 * Refuses (403) a user write the actor may not make: `target` undefined for a new user.
 * Runs before the write's own validation, so a refusal says nothing about the input.
 */
export async function checkUserWrite(db: Db, actor: Actor, target: Pick<StaffUser, 'id' | 'is_superuser' | 'roles'> | undefined, input: UserWrite): Promise<void> {
  if (actor.is_superuser) return;
  if (target?.is_superuser) throw refused();
  if (target && target.id !== actor.id && input.password !== undefined) throw refused();
  if (input.role_ids?.length) {
    const current = new Set(target?.roles.map((r) => r.id) ?? []);
    const added = [...new Set(input.role_ids)].filter((id) => !current.has(id));
    if (added.length === 0) return;
    const links = await db.selectFrom('role_permission').select('permission_id').where('role_id', 'in', added).execute();
    if ((await notHeld(db, actor, links.map((l) => l.permission_id))).length > 0) throw refused();
  }
}

