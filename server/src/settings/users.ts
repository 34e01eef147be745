/**
 * User management for the settings (docs/settings.md, docs/reference/api.md#private users): the paged list with
 * search and filters, create and change (name, active, roles, departments, note), the
 * username autocomplete, and a history entry for every change. A password can be set
 * only for the embedded development provider (docs/settings.md).
 */
import { sql } from 'kysely';
import { hasEmailShape } from '@meldloket/engine';
import type { Db } from '../db/index.ts';
import { invalid } from '../domain/errors.ts';
import { checkUserWrite, type Actor } from '../auth/grants.ts';
import { hashPassword } from '../auth/passwords.ts';
import { appendHistory, changed, yesNo } from './history.ts';
import { loadStaffUser, type StaffUser } from '../auth/users.ts';

export const USER_MESSAGES = {
  usernameTaken: 'Een gebruiker met die gebruikersnaam bestaat al.',
  usernameInvalid: 'Voer een geldig e-mailadres in.',
  invalidPk: (id: unknown) => `Ongeldige pk "${String(id)}" - object bestaat niet.`,
  selfInactive: 'Je kunt je eigen account niet op inactief zetten.',
  passwordElsewhere: 'Wachtwoorden worden beheerd bij de inlogdienst van de gemeente; hier kan geen wachtwoord worden ingesteld.',
} as const;

export interface UserFilter {
  search?: string;
  username?: string;
  is_active?: boolean;
  role?: string[];
  profile_department_code?: string[];
}

export interface UserInput {
  username?: string;
  first_name?: string;
  last_name?: string;
  is_active?: boolean;
  role_ids?: number[];
  profile?: { note?: string | null; department_ids?: number[] };
  password?: string;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;

/** One page of users ordered by username, with the number of matches. */
export async function listUsers(db: Db, filter: UserFilter, page: { offset: number; limit: number }): Promise<{ count: number; users: StaffUser[] }> {
  let query = db.selectFrom('staff_user as u');
  if (filter.search?.trim()) {
    const pattern = like(filter.search.trim());
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(u.username)`, 'like', pattern),
        eb(sql<string>`lower(u.email)`, 'like', pattern),
        eb(sql<string>`lower(u.first_name || ' ' || u.last_name)`, 'like', pattern),
      ]),
    );
  }
  if (filter.username?.trim()) query = query.where(sql<string>`lower(u.username)`, 'like', like(filter.username.trim()));
  if (filter.is_active !== undefined) query = query.where('u.is_active', '=', filter.is_active);
  if (filter.role?.length) {
    const roles = filter.role;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('user_role as ur').innerJoin('role as r', 'r.id', 'ur.role_id').select('ur.user_id').whereRef('ur.user_id', '=', 'u.id').where('r.name', 'in', roles)),
    );
  }
  if (filter.profile_department_code?.length) {
    const codes = filter.profile_department_code;
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom('user_department as ud').innerJoin('department as d', 'd.id', 'ud.department_id').select('ud.user_id').whereRef('ud.user_id', '=', 'u.id').where('d.code', 'in', codes),
      ),
    );
  }
  const { count } = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const ids = await query.select('u.id').orderBy(sql`lower(u.username)`).orderBy('u.id').offset(page.offset).limit(page.limit).execute();
  const users = await Promise.all(ids.map((r) => loadStaffUser(db, r.id)));
  return { count: Number(count), users: users.filter((u): u is StaffUser => u !== undefined) };
}

/** Active usernames containing `text` (case-insensitive), at most `limit`. */
export async function autocompleteUsernames(db: Db, text: string, limit = 20): Promise<{ username: string }[]> {
  return db
    .selectFrom('staff_user')
    .select('username')
    .where('is_active', '=', true)
    .where(sql<string>`lower(username)`, 'like', like(text.trim()))
    .orderBy(sql`lower(username)`)
    .limit(limit)
    .execute();
}

async function checkReferences(db: Db, input: UserInput, errors: Record<string, unknown>): Promise<void> {
  if (input.role_ids?.length) {
    const found = new Set((await db.selectFrom('role').select('id').where('id', 'in', input.role_ids).execute()).map((r) => r.id));
    const missing = input.role_ids.filter((id) => !found.has(id));
    if (missing.length) errors.role_ids = missing.map(USER_MESSAGES.invalidPk);
  }
  const departmentIds = input.profile?.department_ids;
  if (departmentIds?.length) {
    const found = new Set((await db.selectFrom('department').select('id').where('id', 'in', departmentIds).execute()).map((r) => r.id));
    const missing = departmentIds.filter((id) => !found.has(id));
    if (missing.length) errors.profile = { department_ids: missing.map(USER_MESSAGES.invalidPk) };
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

async function names(db: Db, table: 'role' | 'department', ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom(table).select('name').where('id', 'in', ids).execute()).map((r) => r.name).sort();
}

async function writeLinks(db: Db, userId: number, input: UserInput): Promise<void> {
  if (input.role_ids !== undefined) {
    await db.deleteFrom('user_role').where('user_id', '=', userId).execute();
    const ids = [...new Set(input.role_ids)];
    if (ids.length) await db.insertInto('user_role').values(ids.map((role_id) => ({ user_id: userId, role_id }))).execute();
  }
  const departmentIds = input.profile?.department_ids;
  if (departmentIds !== undefined) {
    await db.deleteFrom('user_department').where('user_id', '=', userId).execute();
    const ids = [...new Set(departmentIds)];
    if (ids.length) await db.insertInto('user_department').values(ids.map((department_id) => ({ user_id: userId, department_id }))).execute();
  }
}

export interface WriteContext {
  /** Username of the staff member who writes. */
  who: string;
  /** Whether the embedded development provider is on (the only place a password is used). */
  passwords: boolean;
  /** The staff member who writes: what they may grant and change (grants.ts). */
  actor: Actor;
}

function checkPassword(input: UserInput, context: WriteContext, errors: Record<string, unknown>) {
  if (input.password !== undefined && !context.passwords) errors.password = [USER_MESSAGES.passwordElsewhere];
}

export async function createUser(db: Db, input: UserInput & { username: string }, context: WriteContext): Promise<StaffUser> {
  await checkUserWrite(db, context.actor, undefined, input);
  const errors: Record<string, unknown> = {};
  const username = input.username.trim();
  if (!hasEmailShape(username)) errors.username = [USER_MESSAGES.usernameInvalid];
  else if (await db.selectFrom('staff_user').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst()) {
    errors.username = [USER_MESSAGES.usernameTaken];
  }
  checkPassword(input, context, errors);
  await checkReferences(db, input, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  const password_hash = input.password ? await hashPassword(input.password) : null;
  try {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('staff_user')
        .values({
          username,
          email: username,
          first_name: input.first_name?.trim() ?? '',
          last_name: input.last_name?.trim() ?? '',
          is_active: input.is_active ?? true,
          is_staff: true,
          note: input.profile?.note?.trim() || null,
          password_hash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeLinks(trx, row.id, input);
      const lines = [
        `Gebruiker aangemaakt: ${username}`,
        ...(input.role_ids?.length ? [`Rollen: ${(await names(trx, 'role', input.role_ids)).join(', ')}`] : []),
        ...(input.profile?.department_ids?.length ? [`Afdelingen: ${(await names(trx, 'department', input.profile.department_ids)).join(', ')}`] : []),
        ...(password_hash ? ['Wachtwoord ingesteld'] : []),
      ];
      await appendHistory(trx, { model: 'user', objectId: row.id, what: 'CREATED_USER', lines, who: context.who });
      return row.id;
    });
    return (await loadStaffUser(db, id))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ username: [USER_MESSAGES.usernameTaken] });
    throw error;
  }
}

/** undefined when the user does not exist. */
export async function updateUser(db: Db, id: number, input: UserInput, context: WriteContext): Promise<StaffUser | undefined> {
  const before = await loadStaffUser(db, id);
  if (!before) return undefined;
  await checkUserWrite(db, context.actor, before, input);
  const errors: Record<string, unknown> = {};
  if (input.username !== undefined && input.username.trim().toLowerCase() !== before.username.toLowerCase()) {
    errors.username = ['De gebruikersnaam kan niet worden gewijzigd.'];
  }
  if (input.is_active === false && id === context.actor.id) errors.is_active = [USER_MESSAGES.selfInactive];
  checkPassword(input, context, errors);
  await checkReferences(db, input, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  const password_hash = input.password ? await hashPassword(input.password) : undefined;
  await db.transaction().execute(async (trx) => {
    const note = input.profile?.note === undefined ? undefined : input.profile.note?.trim() || null;
    await trx
      .updateTable('staff_user')
      .set({
        ...(input.first_name !== undefined ? { first_name: input.first_name.trim() } : {}),
        ...(input.last_name !== undefined ? { last_name: input.last_name.trim() } : {}),
        ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
        ...(note !== undefined ? { note } : {}),
        ...(password_hash ? { password_hash } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    await writeLinks(trx, id, input);
    const lines = [
      ...changed('Voornaam', before.first_name, input.first_name?.trim()),
      ...changed('Achternaam', before.last_name, input.last_name?.trim()),
      ...changed('Actief', before.is_active, input.is_active, yesNo),
      ...(input.role_ids !== undefined ? changed('Rollen', before.roles.map((r) => r.name).sort(), await names(trx, 'role', [...new Set(input.role_ids)])) : []),
      ...(input.profile?.department_ids !== undefined
        ? changed('Afdelingen', before.departments.map((d) => d.name).sort(), await names(trx, 'department', [...new Set(input.profile.department_ids)]))
        : []),
      ...changed('Notitie', before.note, note),
      ...(password_hash ? ['Wachtwoord ingesteld'] : []),
    ];
    await appendHistory(trx, { model: 'user', objectId: id, what: 'UPDATED_USER', lines, who: context.who });
  });
  return loadStaffUser(db, id);
}

/** A staff member's own mail notifications (PATCH /me/notifications/): theirs only. */
export async function setOwnNotifications(db: Db, userId: number, changes: { notification_on_user_assignment?: boolean; notification_on_department_assignment?: boolean }): Promise<StaffUser | undefined> {
  await db.updateTable('staff_user').set(changes).where('id', '=', userId).execute();
  return loadStaffUser(db, userId);
}
