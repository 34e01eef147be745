/** The private API's representations of users, roles and permissions (contract §11), with their response schemas. */
import { amsterdamIso } from '../../followup/time.ts';
import type { PermissionRow, RoleWithPermissions, StaffUser } from '../../auth/users.ts';
import { CURIES } from '../../http/hal.ts';

export const PRIVATE = '/signals/v1/private';

const link = { type: 'object', properties: { href: { type: ['string', 'null'] } } } as const;
const selfLinks = { type: 'object', properties: { self: link } } as const;

export function serializePermission(base: string, p: PermissionRow) {
  return {
    _links: { self: { href: `${base}${PRIVATE}/permissions/${p.id}` } },
    _display: `${p.content_type} | ${p.name}`,
    id: p.id,
    name: p.name,
    codename: p.codename,
  };
}

export const permissionSchema = {
  type: 'object',
  properties: { _links: selfLinks, _display: { type: 'string' }, id: { type: 'integer' }, name: { type: 'string' }, codename: { type: 'string' } },
} as const;

export function serializeRole(base: string, r: RoleWithPermissions) {
  return {
    _links: { self: { href: `${base}${PRIVATE}/roles/${r.id}` } },
    _display: r.name,
    id: r.id,
    name: r.name,
    permissions: r.permissions.map((p) => serializePermission(base, p)),
  };
}

export const roleSchema = {
  type: 'object',
  properties: {
    _links: selfLinks,
    _display: { type: 'string' },
    id: { type: 'integer' },
    name: { type: 'string' },
    permissions: { type: 'array', items: permissionSchema },
  },
} as const;

export function serializeMe(base: string, u: StaffUser) {
  return {
    _links: { curies: CURIES(base), self: { href: `${base}${PRIVATE}/users/${u.id}` } },
    _display: u.username,
    id: u.id,
    username: u.username,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    is_active: u.is_active,
    is_staff: u.is_staff,
    is_superuser: u.is_superuser,
    roles: u.roles.map((r) => serializeRole(base, r)),
    permissions: u.permissions.map((p) => serializePermission(base, p)),
    profile: {
      note: u.note,
      departments: u.departments.map((d) => d.name),
      created_at: amsterdamIso(u.created_at),
      updated_at: amsterdamIso(u.updated_at),
      notification_on_user_assignment: u.notification_on_user_assignment,
      notification_on_department_assignment: u.notification_on_department_assignment,
    },
  };
}

export const meSchema = {
  type: 'object',
  properties: {
    _links: {
      type: 'object',
      properties: { curies: { type: 'object', properties: { name: { type: 'string' }, href: { type: 'string' } } }, self: link },
    },
    _display: { type: 'string' },
    id: { type: 'integer' },
    username: { type: 'string' },
    email: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    is_active: { type: 'boolean' },
    is_staff: { type: 'boolean' },
    is_superuser: { type: 'boolean' },
    roles: { type: 'array', items: roleSchema },
    permissions: { type: 'array', items: permissionSchema },
    profile: {
      type: 'object',
      properties: {
        note: { type: ['string', 'null'] },
        departments: { type: 'array', items: { type: 'string' } },
        created_at: { type: 'string' },
        updated_at: { type: 'string' },
        notification_on_user_assignment: { type: 'boolean' },
        notification_on_department_assignment: { type: 'boolean' },
      },
    },
  },
} as const;
