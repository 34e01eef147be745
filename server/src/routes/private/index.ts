/**
 * The private (back-office) API under /signals/v1/private (contract §11). Every route
 * declares who may call it in its config (`config: { permission: … }`, auth/access.ts); one
 * hook checks the bearer token and those permissions before the body is read: 401 or 403,
 * never a 500. The base rule: GET needs sia_read, writes need sia_write, model writes their
 * own permission as well.
 */
import { loadStaffUser } from '../../auth/users.ts';
import { getDepartment, listDepartments, listPrivateCategories, listSources } from '../../auth/directory.ts';
import { createRole, deleteRole, getRole, listedPermission, listedPermissions, listRoles, updateRole } from '../../auth/roles.ts';
import { ApiError } from '../../http/api-error.ts';
import { badRequestSchema, baseUrl, detailSchema, halListSchema, halPage, pageQuerySchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
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
import { exportRoutes } from './export.ts';
import { filterRoutes } from './filters.ts';
import { searchRoutes } from './search.ts';
import { signaleringRoutes } from './signalering.ts';
import { settingsRoutes } from './settings.ts';
import { signalDetailRoutes } from './signal-detail.ts';
import { signalListRoutes } from './signal-list.ts';
import { staffCreateRoutes } from './signals.ts';
import { relatedRoutes } from './nearby.ts';
import { mergeRoutes } from './merge.ts';
import { statusMessageRoutes } from './status-messages.ts';
import { templateRoutes } from './templates.ts';
import { privateAttachmentRoutes } from './attachments.ts';
import { pdfRoutes } from './pdf.ts';
import { routingRoutes } from './routing.ts';
import { API_PATHS } from '@meldloket/engine';

/** Responses every private route may give besides its own. */
export const AUTH_RESPONSES = { 401: detailSchema, 403: detailSchema } as const;

const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] } as const;
const pageQuery = { type: 'object', properties: pageQuerySchema } as const;
const notFound = (model: string) => ApiError.detail(404, `No ${model} matches the given query.`);

const roleBody = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
    permission_ids: { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  },
} as const;

export interface PrivateRoutesOptions {
  /** API_MAX_UPLOAD_SIZE (contract §3), for staff uploads too. */
  maxUploadBytes?: number;
}

export const privateRoutes: RoutePlugin<PrivateRoutesOptions> = async (app, options) => {
  const db = app.db;

  // Me ------------------------------------------------------------------------
  app.get(API_PATHS.me, {
    config: { permission: 'sia_read' },
    schema: { response: { 200: meSchema, ...AUTH_RESPONSES } },
    handler: async (request) => serializeMe(baseUrl(request), request.staff!),
  });

  // A staff member's own mail notifications (issue 34, docs/routing.md): a report routed to one
  // of their departments, a report assigned to them. Any signed-in staff member, for themselves only.
  app.patch(API_PATHS.meNotifications, {
    config: { permission: 'sia_read' },
    schema: {
      body: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: { notification_on_user_assignment: { type: 'boolean' }, notification_on_department_assignment: { type: 'boolean' } },
      },
      response: { 200: meSchema, 400: badRequestSchema, ...AUTH_RESPONSES },
    },
    handler: async (request) => {
      await db.updateTable('staff_user').set(request.body).where('id', '=', request.staff!.id).execute();
      const me = await loadStaffUser(db, request.staff!.id);
      return serializeMe(baseUrl(request), me ?? request.staff!);
    },
  });

  // Permissions ---------------------------------------------------------------
  app.get(API_PATHS.permissions, {
    config: { permission: 'sia_read' },
    schema: {
      querystring: { type: 'object', properties: { ...pageQuerySchema, all: { type: 'boolean' } } },
      response: { 200: halListSchema(permissionSchema), 400: badRequestSchema, ...AUTH_RESPONSES, 404: detailSchema },
    },
    handler: async (request) => {
      const base = baseUrl(request);
      return halPage(request, (await listedPermissions(db, { all: request.query.all })).map((p) => serializePermission(base, p)), request.query);
    },
  });

  app.get(API_PATHS.permission, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: permissionSchema, ...AUTH_RESPONSES, 404: detailSchema } },
    handler: async (request) => {
      const permission = await listedPermission(db, request.params.id);
      if (!permission) throw notFound('Permission');
      return serializePermission(baseUrl(request), permission);
    },
  });

  // Roles ---------------------------------------------------------------------
  app.get(API_PATHS.roles, {
    config: { permission: 'sia_read' },
    schema: { querystring: pageQuery, response: { 200: halListSchema(roleSchema), ...AUTH_RESPONSES, 404: detailSchema } },
    handler: async (request) => {
      const base = baseUrl(request);
      return halPage(request, (await listRoles(db)).map((r) => serializeRole(base, r)), request.query);
    },
  });

  app.post(API_PATHS.roles, {
    config: { permission: 'add_group' },
    schema: { body: { ...roleBody, required: ['name'] }, response: { 201: roleSchema, 400: badRequestSchema, ...AUTH_RESPONSES } },
    handler: async (request, reply) => {
      const role = await createRole(db, request.body, request.staff!);
      return reply.code(201).send(serializeRole(baseUrl(request), role));
    },
  });

  app.get(API_PATHS.role, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: roleSchema, ...AUTH_RESPONSES, 404: detailSchema } },
    handler: async (request) => {
      const role = await getRole(db, request.params.id);
      if (!role) throw notFound('Group');
      return serializeRole(baseUrl(request), role);
    },
  });

  app.patch(API_PATHS.role, {
    config: { permission: 'change_group' },
    schema: { params: idParams, body: roleBody, response: { 200: roleSchema, 400: badRequestSchema, ...AUTH_RESPONSES, 404: detailSchema } },
    handler: async (request) => {
      const role = await updateRole(db, request.params.id, request.body, request.staff!);
      if (!role) throw notFound('Group');
      return serializeRole(baseUrl(request), role);
    },
  });

  app.delete(API_PATHS.role, {
    config: { permission: 'delete_group' },
    schema: { params: idParams, response: { 204: { type: 'null' }, ...AUTH_RESPONSES, 404: detailSchema } },
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
      response: { 200: halListSchema(departmentSchema), 400: badRequestSchema, ...AUTH_RESPONSES, 404: detailSchema },
    },
    handler: async (request) => {
      const base = baseUrl(request);
      const departments = await listDepartments(db, { can_direct: request.query.can_direct });
      return halPage(request, departments.map((d) => serializeDepartment(base, d)), request.query);
    },
  });

  app.get(API_PATHS.department, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: departmentDetailSchema, ...AUTH_RESPONSES, 404: detailSchema } },
    handler: async (request) => {
      const department = await getDepartment(db, request.params.id);
      if (!department) throw notFound('Department');
      return serializeDepartmentDetail(baseUrl(request), department);
    },
  });

  // Sources: any signed-in staff member, even without sia_read (contract §11) --
  app.get(API_PATHS.sources, {
    config: { signedIn: true },
    schema: {
      querystring: { type: 'object', properties: { ...pageQuerySchema, is_active: { type: 'boolean' }, can_be_selected: { type: 'boolean' } } },
      response: { 200: halListSchema(sourceSchema), 400: badRequestSchema, ...AUTH_RESPONSES, 404: detailSchema },
    },
    handler: async (request) => {
      const { is_active, can_be_selected } = request.query;
      return halPage(request, await listSources(db, { is_active, can_be_selected }), request.query);
    },
  });

  // Categories (all, main and sub; not scoped by department) -------------------
  app.get(API_PATHS.privateCategories, {
    config: { permission: 'sia_read' },
    schema: { querystring: pageQuery, response: { 200: halListSchema(privateCategorySchema), ...AUTH_RESPONSES, 404: detailSchema } },
    handler: async (request) => {
      const base = baseUrl(request);
      return halPage(request, (await listPrivateCategories(db)).map((c) => serializePrivateCategory(base, c)), request.query);
    },
  });

  app.get(API_PATHS.privateCategory, {
    config: { permission: 'sia_read' },
    schema: { params: idParams, response: { 200: privateCategorySchema, ...AUTH_RESPONSES, 404: detailSchema } },
    handler: async (request) => {
      const [category] = await listPrivateCategories(db, request.params.id);
      if (!category) throw notFound('Category');
      return serializePrivateCategory(baseUrl(request), category);
    },
  });

  // Signals (staff create) -----------------------------------------------------
  await app.register(staffCreateRoutes);
  await app.register(signalListRoutes);
  await app.register(searchRoutes);
  await app.register(filterRoutes);
  await app.register(exportRoutes);
  await app.register(signaleringRoutes);
  await app.register(settingsRoutes);
  await app.register(signalDetailRoutes);
  await app.register(relatedRoutes);
  await app.register(mergeRoutes);
  await app.register(statusMessageRoutes);
  await app.register(templateRoutes);
  await app.register(pdfRoutes);
  await app.register(routingRoutes); // areas, routing rules, re-routing (issue 34)
  await app.register(privateAttachmentRoutes, { maxUploadBytes: options.maxUploadBytes ?? 20 * 1024 * 1024 });
};
