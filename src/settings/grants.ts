/**
 * What the settings screens offer a staff member, so they are never offered what the
 * server refuses (docs/security.md; the server's rules: server/src/auth/grants.ts, docs/settings.md
 * "Who may grant what"):
 * - only a superuser changes a superuser (its fields, roles, password, deactivation);
 * - only a superuser sets the password of another account (one's own any user manager may);
 * - nobody grants a role or permission they do not hold themselves; what a user or role
 *   already has may stay or be taken away.
 * Where something is withheld the screen says why with docs/reference/texts.md#errors's 403 text.
 */
import { messages } from '@meldloket/engine';
import { userPermissions, type MeForAccess } from '../auth/areas.ts';

/** docs/reference/texts.md#errors's text for a 403, shown where the screen withholds what the server would refuse. */
export const NOT_ALLOWED = messages.status[403];

export type Me = MeForAccess & { id: number };

/** Whether `me` holds every permission of `codenames` (a superuser holds all). */
export function holdsAll(me: Me | null | undefined, codenames: Iterable<string>): boolean {
  if (!me) return false;
  if (me.is_superuser) return true;
  const held = userPermissions(me);
  for (const codename of codenames) if (!held.has(codename)) return false;
  return true;
}

/** Whether `me` may give a role (every one of its permissions held). */
export const mayGrantRole = (me: Me | null | undefined, role: { permissions?: ReadonlyArray<{ codename: string }> }) => holdsAll(me, (role.permissions ?? []).map((p) => p.codename));

/** Whether `me` may change `user` at all (a superuser only by a superuser); a new user (null) always. */
export const mayChangeUser = (me: Me | null | undefined, user: { is_superuser?: boolean } | null) => Boolean(me?.is_superuser) || !user?.is_superuser;

/** Whether `me` may set `user`'s password: a new user's or their own; another's only as a superuser. */
export const maySetPassword = (me: Me | null | undefined, user: { id: number; is_superuser?: boolean } | null) =>
  mayChangeUser(me, user) && (Boolean(me?.is_superuser) || user === null || user.id === me?.id);
