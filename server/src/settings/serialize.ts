/** The settings' representations (docs/reference/api.md#private): staff members, permissions, roles, departments, sources and categories, with their response schemas. */
import type { DepartmentWithCategories, PrivateCategoryRow } from './directory.ts';
import type { PermissionRow, RoleWithPermissions, StaffUser } from '../auth/users.ts';
import { amsterdamIso } from '../followup/time.ts';
import { CURIES } from '../http/hal.ts';
import { API_PATHS, apiPath, categoryPath } from '@meldloket/engine';

const link = { type: 'object', properties: { href: { type: ['string', 'null'] } } } as const;
const selfLinks = { type: 'object', properties: { self: link } } as const;

export function serializePermission(base: string, p: PermissionRow) {
  return {
    _links: { self: { href: `${base}${apiPath(API_PATHS.permission, { id: p.id })}` } },
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
    _links: { self: { href: `${base}${apiPath(API_PATHS.role, { id: r.id })}` } },
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
    _links: { curies: CURIES(base), self: { href: `${base}${apiPath(API_PATHS.user, { id: u.id })}` } },
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


// Departments ---------------------------------------------------------------


export function serializeDepartment(base: string, d: DepartmentWithCategories) {
  return {
    _links: { self: { href: `${base}${apiPath(API_PATHS.department, { id: d.id })}` } },
    _display: `${d.code} (${d.name})`,
    id: d.id,
    name: d.name,
    code: d.code,
    is_intern: d.is_intern,
    category_names: d.categories.map((c) => c.category_name),
    can_direct: d.can_direct,
  };
}

const departmentFields = {
  _links: selfLinks,
  _display: { type: 'string' },
  id: { type: 'integer' },
  name: { type: 'string' },
  code: { type: 'string' },
  is_intern: { type: 'boolean' },
  can_direct: { type: 'boolean' },
} as const;

export const departmentSchema = {
  type: 'object',
  properties: { ...departmentFields, category_names: { type: 'array', items: { type: 'string' } } },
} as const;

/** The detail replaces category_names with the category links (docs/reference/api.md#private). */
export function serializeDepartmentDetail(base: string, d: DepartmentWithCategories) {
  const { category_names: _, ...rest } = serializeDepartment(base, d);
  return {
    ...rest,
    categories: d.categories.map((c) => ({
      id: c.category_id,
      category: {
        _links: { self: { href: `${base}${apiPath(API_PATHS.privateCategory, { id: c.category_id })}` } },
        _display: c.category_name,
        id: c.category_id,
        name: c.category_name,
      },
      is_responsible: c.is_responsible,
      can_view: c.can_view,
    })),
  };
}

export const departmentDetailSchema = {
  type: 'object',
  properties: {
    ...departmentFields,
    categories: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          category: { type: 'object', properties: { _links: selfLinks, _display: { type: 'string' }, id: { type: 'integer' }, name: { type: 'string' } } },
          is_responsible: { type: 'boolean' },
          can_view: { type: 'boolean' },
        },
      },
    },
  },
} as const;

// Sources -------------------------------------------------------------------

export const sourceSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    description: { type: 'string' },
    is_active: { type: 'boolean' },
    can_be_selected: { type: 'boolean' },
  },
} as const;

// Categories ----------------------------------------------------------------

export function serializePrivateCategory(base: string, c: PrivateCategoryRow) {
  const isSub = c.parent_id !== null && c.parent_slug !== null;
  const publicPath = isSub ? categoryPath(c.parent_slug!, c.slug) : categoryPath(c.slug);
  const templates = isSub ? apiPath(API_PATHS.subTemplates, { slug: c.parent_slug!, sub_slug: c.slug }) : apiPath(API_PATHS.mainTemplates, { slug: c.slug });
  return {
    _links: {
      curies: CURIES(base),
      self: { href: `${base}${apiPath(API_PATHS.privateCategory, { id: c.id })}`, public: `${base}${publicPath}` },
      archives: { href: `${base}${apiPath(API_PATHS.privateCategoryHistory, { id: c.id })}` },
      'sia:status-message-templates': { href: `${base}${templates}` },
      ...(isSub ? { 'sia:parent': { href: `${base}${apiPath(API_PATHS.privateCategory, { id: c.parent_id! })}`, public: `${base}${categoryPath(c.parent_slug!)}` } } : {}),
    },
    _display: isSub ? `${c.name} (${c.parent_name})` : c.name,
    id: c.id,
    name: c.name,
    slug: c.slug,
    is_active: c.is_active,
    description: c.description,
    handling_message: c.handling_message,
    sla: c.sla_n_days === null ? null : { n_days: c.sla_n_days, use_calendar_days: c.sla_use_calendar_days },
    departments: c.departments,
    note: null,
    public_name: c.public_name,
    is_public_accessible: c.is_public_accessible,
    configuration: c.configuration,
    icon: c.icon,
    nearby_radius: c.nearby_radius,
  };
}

const hrefs = { type: 'object', properties: { href: { type: 'string' }, public: { type: 'string' } } } as const;

export const privateCategorySchema = {
  type: 'object',
  properties: {
    _links: {
      type: 'object',
      properties: {
        curies: { type: 'object', properties: { name: { type: 'string' }, href: { type: 'string' } } },
        self: hrefs,
        archives: hrefs,
        'sia:status-message-templates': hrefs,
        'sia:parent': hrefs,
      },
    },
    _display: { type: 'string' },
    id: { type: 'integer' },
    name: { type: 'string' },
    slug: { type: 'string' },
    is_active: { type: 'boolean' },
    description: { type: ['string', 'null'] },
    handling_message: { type: ['string', 'null'] },
    nearby_radius: { type: 'integer' },
    sla: { type: ['object', 'null'], properties: { n_days: { type: 'integer' }, use_calendar_days: { type: 'boolean' } } },
    departments: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          code: { type: 'string' },
          name: { type: 'string' },
          is_intern: { type: 'boolean' },
          is_responsible: { type: 'boolean' },
          can_view: { type: 'boolean' },
        },
      },
    },
    note: { type: ['string', 'null'] },
    public_name: { type: ['string', 'null'] },
    is_public_accessible: { type: 'boolean' },
    configuration: { type: ['object', 'null'], additionalProperties: true },
    icon: { type: ['string', 'null'] },
  },
} as const;
