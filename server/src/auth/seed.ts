/**
 * Brings the identity tables up to the catalogue at every start: missing permissions
 * are added, the starting roles are created on a fresh installation, and (with the
 * embedded provider only) the development accounts are created when they are absent.
 * Safe to run from several processes at once.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { PERMISSIONS, ROLES, SEED_ACCOUNTS, type SeedAccount } from './catalogue.ts';
import { hashPassword } from './passwords.ts';

export async function syncPermissions(db: Db): Promise<void> {
  await db
    .insertInto('permission')
    .values(PERMISSIONS.map((p) => ({ codename: p.codename, name: p.name, content_type: p.contentType })))
    .onConflict((oc) => oc.column('codename').doNothing())
    .execute();
}

async function seedRoles(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // One seeding process at a time; a second one finds the roles and stops.
    await sql`select pg_advisory_xact_lock(140014)`.execute(trx);
    if (await trx.selectFrom('role').select('id').limit(1).executeTakeFirst()) return;
    const permissions = new Map((await trx.selectFrom('permission').select(['id', 'codename']).execute()).map((p) => [p.codename, p.id]));
    for (const role of ROLES) {
      const { id } = await trx.insertInto('role').values({ name: role.name }).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('role_permission')
        .values(role.permissions.map((codename) => ({ role_id: id, permission_id: permissions.get(codename)! })))
        .execute();
    }
  });
}

async function seedAccount(db: Db, account: SeedAccount): Promise<void> {
  const exists = await db.selectFrom('staff_user').select('id').where(sql<string>`lower(username)`, '=', account.username.toLowerCase()).executeTakeFirst();
  if (exists) return;
  const password_hash = await hashPassword(account.password);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('staff_user')
      .values({
        username: account.username,
        email: account.username,
        first_name: account.first_name,
        last_name: account.last_name,
        is_active: account.is_active ?? true,
        is_staff: true,
        is_superuser: account.is_superuser ?? false,
        password_hash,
      })
      .onConflict((oc) => oc.expression(sql`lower(username)`).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return;
    if (account.roles.length > 0) {
      const roles = await trx.selectFrom('role').select('id').where('name', 'in', account.roles).execute();
      if (roles.length > 0) await trx.insertInto('user_role').values(roles.map((r) => ({ user_id: row.id, role_id: r.id }))).execute();
    }
    if (account.departments.length > 0) {
      const departments = await trx.selectFrom('department').select('id').where('code', 'in', account.departments).execute();
      if (departments.length > 0) await trx.insertInto('user_department').values(departments.map((d) => ({ user_id: row.id, department_id: d.id }))).execute();
    }
  });
}

/** The configured first administrators: active superusers without a password (they sign in at the external provider). */
async function ensureSuperuser(db: Db, username: string): Promise<void> {
  await db
    .insertInto('staff_user')
    .values({ username, email: username, is_active: true, is_staff: true, is_superuser: true, password_hash: null })
    .onConflict((oc) => oc.expression(sql`lower(username)`).doNothing())
    .execute();
}

export async function seedIdentity(db: Db, options: { accounts: boolean; superusers?: string[] }): Promise<void> {
  await syncPermissions(db);
  await seedRoles(db);
  if (options.accounts) await Promise.all(SEED_ACCOUNTS.map((a) => seedAccount(db, a)));
  for (const username of options.superusers ?? []) await ensureSuperuser(db, username.trim());
}
