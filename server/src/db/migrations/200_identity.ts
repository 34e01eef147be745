/**
 * Staff identity (docs/staff-auth.md): users, roles (Django groups), permissions, role and
 * direct permissions, user profiles with their departments, and the storage of the
 * embedded OpenID Connect provider (its signing keys and its sessions, grants and
 * tokens). Departments and category-department links are in 001_core.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('permission')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('codename', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('role')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('role_permission')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permission.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_permission_pk', ['role_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('staff_user')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_staff', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_superuser', 'boolean', (c) => c.notNull().defaultTo(false))
    /** scrypt hash for the embedded provider's sign-in page; null: signs in elsewhere only. */
    .addColumn('password_hash', 'text')
    .addColumn('note', 'text')
    .addColumn('notification_on_user_assignment', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notification_on_department_assignment', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Usernames are unique regardless of case: the token's email claim is matched case-insensitively.
  await sql`create unique index staff_user_username_idx on staff_user (lower(username))`.execute(db);

  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('staff_user.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('user_permission')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('staff_user.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permission.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_permission_pk', ['user_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('user_department')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('staff_user.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('department.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_department_pk', ['user_id', 'department_id'])
    .execute();

  // Who filed a signal through the private create call (docs/reference/api.md#staff-create: status.user, priority.created_by, …).
  await db.schema.alterTable('signal').addColumn('created_by', 'text').execute();

  // Routing departments of a signal (docs/reference/permissions.md#permissions-and-scoping (b)); filled by the later routing issue.
  await db.schema
    .createTable('signal_routing_department')
    .addColumn('signal_id', 'integer', (c) => c.notNull().references('signal.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('department.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('signal_routing_department_pk', ['signal_id', 'department_id'])
    .execute();

  // Embedded OIDC provider: keys (signing keys as private JWKs, cookie secrets) made once.
  await db.schema
    .createTable('oidc_key')
    .addColumn('slot', 'text', (c) => c.primaryKey())
    .addColumn('use', 'text', (c) => c.notNull())
    .addColumn('key', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Embedded OIDC provider: sessions, interactions, grants, codes and tokens (its adapter).
  await db.schema
    .createTable('oidc_payload')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payload_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payload_grant_idx').on('oidc_payload').column('grant_id').execute();
  await db.schema.createIndex('oidc_payload_uid_idx').on('oidc_payload').column('uid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signal').dropColumn('created_by').execute();
  for (const table of ['oidc_payload', 'oidc_key', 'signal_routing_department', 'user_department', 'user_permission', 'user_role', 'staff_user', 'role_permission', 'role', 'permission']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
