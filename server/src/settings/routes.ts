/**
 * The settings of the private API (docs/reference/api.md#private): users (list with search and filters,
 * detail, create, change, history), the username autocomplete, permissions, roles,
 * departments (list, detail, create, change, history), sources, and categories (list,
 * detail, change, history). Each route declares who may call it (auth/access.ts): reading
 * needs `sia_read`, writing `sia_write` plus the model's permissions; the user list also
 * needs one of the `users` area's codenames (docs/reference/permissions.md#roles), since it shows every staff member's
 * address. The handlers call this folder's services (users.ts, roles.ts, directory.ts,
 * categories.ts, history.ts).
 */
import type { FastifyRequest } from 'fastify';
import { updateCategory } from './categories.ts';
import { createDepartment, getDepartment, listDepartments, listPrivateCategories, listSources, updateDepartment } from './directory.ts';
import { readHistory, settingsHistoryEntrySchema } from './history.ts';
import { autocompleteUsernames, createUser, listUsers, updateUser, type UserInput } from './users.ts';
import { loadStaffUser, type StaffUser } from '../auth/users.ts';
import { ApiError } from '../http/api-error.ts';
import { badRequestSchema, baseUrl, detailSchema, halListSchema, halPage, halPageOf, pageOf, pageQuerySchema } from '../http/hal.ts';
import type { RoutePlugin } from '../http/typed.ts';
import type { Permission } from '../auth/catalogue.ts';
import { NEARBY_RADIUS } from '@meldloket/engine';
import { createRole, deleteRole, getRole, listedPermission, listedPermissions, listRoles, updateRole } from './roles.ts';
import {
  departmentDetailSchema,
  departmentSchema,
  meSchema,
  permissionSchema,
  privateCategorySchema,
  roleSchema,
  serializeDepartment,
  serializeDepartmentDetail,
  serializeMe,
  serializePermission,
  serializePrivateCategory,
  serializeRole,
  sourceSchema,
} from './serialize.ts';
import { API_PATHS } from '@meldloket/engine';

const AUTH = { 401: detailSchema, 403: detailSchema } as const;
const pageQuery = { type: 'object', properties: pageQuerySchema } as const;
const roleBody = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
    permission_ids: { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  },
} as const;
const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] } as const;
const notFound = (model: string) => ApiError.detail(404, `No ${model} matches the given query.`);

/** The `users` area of docs/reference/permissions.md#roles. */
const USER_AREA: Permission[] = ['view_user', 'add_user', 'change_user'];

// Users -------------------------------------------------------------------------

function serializeUser(base: string, user: StaffUser) {
  const me = serializeMe(base, user);
  return { ...me, profile: { ...me.profile, department_ids: user.departments.map((d) => d.id) } };
}

const userSchema = {
  ...meSchema,
  properties: {
    ...meSchema.properties,
    profile: {
      ...meSchema.properties.profile,
      properties: { ...meSchema.properties.profile.properties, department_ids: { type: 'array', items: { type: 'integer' } } },
    },
  },
} as const;

const ids = { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1, maximum: 2147483647 } } as const;
const userBody = {
  type: 'object',
  properties: {
    username: { type: 'string', minLength: 3, maxLength: 150, pattern: '\\S' },
    first_name: { type: 'string', maxLength: 150 },
    last_name: { type: 'string', maxLength: 150 },
    is_active: { type: 'boolean' },
    role_ids: ids,
    profile: { type: 'object', properties: { note: { type: ['string', 'null'], maxLength: 3000 }, department_ids: ids } },
    password: { type: 'string', minLength: 8, maxLength: 200 },
  },
} as const;

const userQuery = {
  type: 'object',
  properties: {
    ...pageQuerySchema,
    search: { type: 'string', maxLength: 200 },
    username: { type: 'string', maxLength: 200 },
    is_active: { type: 'boolean' },
    role: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 150 } },
    profile_department_code: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 50 } },
  },
} as const;

const historyList = { type: 'array', items: settingsHistoryEntrySchema } as const;

export const settingsRoutes: RoutePlugin = async (app) => {
  const db = app.db;
  const who = (request: FastifyRequest) => request.staff!.username;

  // Permissions ---------------------------------------------------------------
  app.get(API_PATHS.permissions, {
    config: { permission: 'sia_read' },
    schema: {
      querystring: { type: 'object', properties: { ...pageQuerySchema, all: { type: 'boolean' } } },
      response: { 200: halListSchema(permissionSchema), 400: badRequestSchema, ...AUTH, 404: detailSchema },
    },
    handler: async (request) => {
      const base = baseUrl(request);
      return halPage(request, (await listedPermissions(db, { all: request.query.all })).map((p) => serializePermission(base, p)), request.query);
    },
  });

  app.get(API_PATHS.permission, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: permissionSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const permission = await listedPermission(db, request.params.id);
      if (!permission) throw notFound('Permission');
      return serializePermission(baseUrl(request), permission);
    },
  });

  // Roles ---------------------------------------------------------------------
  app.get(API_PATHS.roles, {
    config: { permission: 'sia_read' },
    schema: { querystring: pageQuery, response: { 200: halListSchema(roleSchema), ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const base = baseUrl(request);
      return halPage(request, (await listRoles(db)).map((r) => serializeRole(base, r)), request.query);
    },
  });

  app.post(API_PATHS.roles, {
    config: { permission: 'add_group' },
    schema: { body: { ...roleBody, required: ['name'] }, response: { 201: roleSchema, 400: badRequestSchema, ...AUTH } },
    handler: async (request, reply) => {
      const role = await createRole(db, request.body, request.staff!);
      return reply.code(201).send(serializeRole(baseUrl(request), role));
    },
  });

  app.get(API_PATHS.role, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: roleSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const role = await getRole(db, request.params.id);
      if (!role) throw notFound('Group');
      return serializeRole(baseUrl(request), role);
    },
  });

  app.patch(API_PATHS.role, {
    config: { permission: 'change_group' },
    schema: { params: idParams, body: roleBody, response: { 200: roleSchema, 400: badRequestSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const role = await updateRole(db, request.params.id, request.body, request.staff!);
      if (!role) throw notFound('Group');
      return serializeRole(baseUrl(request), role);
    },
  });

  app.delete(API_PATHS.role, {
    config: { permission: 'delete_group' },
    schema: { params: idParams, response: { 204: { type: 'null' }, ...AUTH, 404: detailSchema } },
    handler: async (request, reply) => {
      if (!(await deleteRole(db, request.params.id))) throw notFound('Group');
      return reply.code(204).send(null);
    },
  });

  // Departments ---------------------------------------------------------------
  app.get(API_PATHS.departments, {
    config: { permission: 'sia_read' },
    schema: {
      querystring: { type: 'object', properties: { ...pageQuerySchema, can_direct: { type: 'boolean' } } },
      response: { 200: halListSchema(departmentSchema), 400: badRequestSchema, ...AUTH, 404: detailSchema },
    },
    handler: async (request) => {
      const base = baseUrl(request);
      const departments = await listDepartments(db, { can_direct: request.query.can_direct });
      return halPage(request, departments.map((d) => serializeDepartment(base, d)), request.query);
    },
  });

  app.get(API_PATHS.department, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: departmentDetailSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const department = await getDepartment(db, request.params.id);
      if (!department) throw notFound('Department');
      return serializeDepartmentDetail(baseUrl(request), department);
    },
  });

  // Sources: any signed-in staff member, even without sia_read (docs/reference/api.md#private) --
  app.get(API_PATHS.sources, {
    config: { signedIn: true },
    schema: {
      querystring: { type: 'object', properties: { ...pageQuerySchema, is_active: { type: 'boolean' }, can_be_selected: { type: 'boolean' } } },
      response: { 200: halListSchema(sourceSchema), 400: badRequestSchema, ...AUTH, 404: detailSchema },
    },
    handler: async (request) => {
      const { is_active, can_be_selected } = request.query;
      return halPage(request, await listSources(db, { is_active, can_be_selected }), request.query);
    },
  });

  // Categories (all, main and sub; not scoped by department) -------------------
  app.get(API_PATHS.privateCategories, {
    config: { permission: 'sia_read' },
    schema: { querystring: pageQuery, response: { 200: halListSchema(privateCategorySchema), ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const base = baseUrl(request);
      return halPage(request, (await listPrivateCategories(db)).map((c) => serializePrivateCategory(base, c)), request.query);
    },
  });

  app.get(API_PATHS.privateCategory, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: privateCategorySchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const [category] = await listPrivateCategories(db, request.params.id);
      if (!category) throw notFound('Category');
      return serializePrivateCategory(baseUrl(request), category);
    },
  });


  app.get(API_PATHS.users, {
    config: { permissions: USER_AREA, any: true },
    schema: { querystring: userQuery, response: { 200: halListSchema(userSchema), 400: badRequestSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const { page, size } = pageOf(request.query, 50);
      const { count, users } = await listUsers(db, request.query, { offset: (page - 1) * size, limit: size });
      const base = baseUrl(request);
      return halPageOf(request, users.map((u) => serializeUser(base, u)), count, request.query, 50);
    },
  });

  app.post(API_PATHS.users, {
    config: { permission: 'add_user' },
    schema: { body: { ...userBody, required: ['username'] }, response: { 201: userSchema, 400: badRequestSchema, ...AUTH } },
    handler: async (request, reply) => {
      const user = await createUser(db, request.body as UserInput & { username: string }, { who: who(request), passwords: app.auth.embedded, actor: request.staff! });
      return reply.code(201).send(serializeUser(baseUrl(request), user));
    },
  });

  app.get(API_PATHS.user, {
    config: { permissions: USER_AREA, any: true },
    schema: { params: idParams, response: { 200: userSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const user = await loadStaffUser(db, request.params.id);
      if (!user) throw notFound('User');
      return serializeUser(baseUrl(request), user);
    },
  });

  app.patch(API_PATHS.user, {
    config: { permission: 'change_user' },
    schema: { params: idParams, body: userBody, response: { 200: userSchema, 400: badRequestSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const user = await updateUser(db, request.params.id, request.body as UserInput, { who: who(request), passwords: app.auth.embedded, actor: request.staff! });
      if (!user) throw notFound('User');
      return serializeUser(baseUrl(request), user);
    },
  });

  app.get(API_PATHS.userHistory, {
    config: { permissions: USER_AREA, any: true },
    schema: { params: idParams, response: { 200: historyList, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      if (!(await loadStaffUser(db, request.params.id))) throw notFound('User');
      return readHistory(db, 'user', request.params.id);
    },
  });

  // Usernames for pickers (assigning a report): any reader, active users only.
  app.get(API_PATHS.usernameAutocomplete, {
    config: { permission: 'sia_read' },
    schema: {
      querystring: { type: 'object', properties: { ...pageQuerySchema, username: { type: 'string', maxLength: 200 } } },
      response: { 200: halListSchema({ type: 'object', properties: { username: { type: 'string' } } }), 400: badRequestSchema, ...AUTH, 404: detailSchema },
    },
    handler: async (request) => halPage(request, await autocompleteUsernames(db, request.query.username ?? '', 100), request.query, 20),
  });

  // Departments ---------------------------------------------------------------------

  const departmentBody = {
    type: 'object',
    properties: {
      code: { type: 'string', minLength: 1, maxLength: 10, pattern: '^\\S+$' },
      name: { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S' },
      is_intern: { type: 'boolean' },
      can_direct: { type: 'boolean' },
      categories: {
        type: 'array',
        maxItems: 2000,
        items: {
          type: 'object',
          properties: { category_id: { type: 'integer', minimum: 1, maximum: 2147483647 }, is_responsible: { type: 'boolean' }, can_view: { type: 'boolean' } },
          required: ['category_id'],
        },
      },
    },
  } as const;

  app.post(API_PATHS.departments, {
    config: { permissions: ['sia_department_write', 'add_department'] },
    schema: { body: { ...departmentBody, required: ['code', 'name'] }, response: { 201: departmentDetailSchema, 400: badRequestSchema, ...AUTH } },
    handler: async (request, reply) => {
      const department = await createDepartment(db, request.body as Parameters<typeof createDepartment>[1], who(request));
      app.categories.invalidate();
      return reply.code(201).send(serializeDepartmentDetail(baseUrl(request), department));
    },
  });

  app.patch(API_PATHS.department, {
    config: { permissions: ['sia_department_write', 'change_department'] },
    schema: { params: idParams, body: departmentBody, response: { 200: departmentDetailSchema, 400: badRequestSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      const department = await updateDepartment(db, request.params.id, request.body, who(request));
      if (!department) throw notFound('Department');
      app.categories.invalidate();
      return serializeDepartmentDetail(baseUrl(request), department);
    },
  });

  app.get(API_PATHS.departmentHistory, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: historyList, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      if (!(await getDepartment(db, request.params.id))) throw notFound('Department');
      return readHistory(db, 'department', request.params.id);
    },
  });

  // Categories ------------------------------------------------------------------------

  const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
  const categoryBody = {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S' },
      public_name: text(255),
      description: text(3000),
      handling_message: text(3000),
      new_sla: {
        type: 'object',
        properties: { n_days: { type: 'integer', minimum: 1, maximum: 3650 }, use_calendar_days: { type: 'boolean' } },
        required: ['n_days', 'use_calendar_days'],
      },
      is_active: { type: 'boolean' },
      is_public_accessible: { type: 'boolean' },
      nearby_radius: { type: 'integer', minimum: NEARBY_RADIUS.min, maximum: NEARBY_RADIUS.max },
      note: text(3000),
    },
  } as const;

  app.patch(API_PATHS.privateCategory, {
    config: { permissions: ['sia_category_write', 'change_category'] },
    schema: { params: idParams, body: categoryBody, response: { 200: privateCategorySchema, 400: badRequestSchema, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      if (!(await updateCategory(db, request.params.id, request.body, who(request)))) throw notFound('Category');
      app.categories.invalidate();
      const [category] = await listPrivateCategories(db, request.params.id);
      return serializePrivateCategory(baseUrl(request), category!);
    },
  });

  app.get(API_PATHS.privateCategoryHistory, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: historyList, ...AUTH, 404: detailSchema } },
    handler: async (request) => {
      if ((await listPrivateCategories(db, request.params.id)).length === 0) throw notFound('Category');
      return readHistory(db, 'category', request.params.id);
    },
  });
};
