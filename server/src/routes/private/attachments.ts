/**
 * A report's attachments in the back office (docs/reference/api.md#private `sia:attachments`, docs/reference/permissions.md#permissions-and-scoping):
 *
 * - GET    /signals/v1/private/signals/{id}/attachments/        HAL list (sia_read)
 * - GET    /signals/v1/private/signals/{id}/attachments/{aid}   one attachment
 * - POST   /signals/v1/private/signals/{id}/attachments/        multipart `file`: images and PDF (sia_write + sia_add_attachment)
 * - PATCH  /signals/v1/private/signals/{id}/attachments/{aid}   {public?, caption?} (sia_write + sia_change_attachment)
 * - GET    /signals/v1/private/signals/{id}/attachments/{aid}/file   the file itself (sia_read); a staff-only
 *   attachment's `location` (never /signals/media/…, which serves public files only: docs/security.md)
 * - DELETE /signals/v1/private/signals/{id}/attachments/{aid}   Signalen's rules: sia_delete_attachment_of_{normal,parent,child}_signal
 *   by the kind of report, plus _of_anonymous_user for the reporter's files and _of_other_user for a colleague's
 *
 * Every call is scoped by department (403). Uploads and deletions leave a note on the report.
 */
import type { Selectable } from 'kysely';
import { hasPermission, type StaffUser } from '../../auth/users.ts';
import type { AttachmentTable } from '../../db/tables.ts';
import { ApiError } from '../../http/api-error.ts';
import { badRequestSchema, baseUrl, detailSchema, halListSchema, halPage, pageQuerySchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { amsterdamIso } from '../../followup/time.ts';
import { checkUpload, ALLOWED_TYPES } from '../../services/attachments/check.ts';
import { addStaffAttachment, attachmentsOf, changeAttachment, deleteStaffAttachment, findAttachment } from '../../services/attachments/staff.ts';
import { hasChildren } from '../../services/signals/visible.ts';
import { contentTypeOf } from '../../storage/index.ts';
import { receive, NO_FILE } from '../signals/attachments.ts';
import { visibleSignal } from '../../services/signals/visible.ts';
import { apiPath, API_PATHS } from '@meldloket/engine';

export interface PrivateAttachmentOptions {
  maxUploadBytes: number;
}

/** The private URL of an attachment (the detail's `attachments`, a child's `attachments` to copy). */
export const attachmentUrl = (base: string, signalId: number, attachmentId: number) => `${base}${apiPath(API_PATHS.signalAttachment, { id: signalId, aid: attachmentId })}`;

/** Where a staff-only attachment's file is fetched, with the staff member's token. */
export const attachmentFileUrl = (base: string, signalId: number, attachmentId: number) => `${attachmentUrl(base, signalId, attachmentId)}/file`;

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
export const privateAttachmentSchema = {
  type: 'object',
  properties: {
    _display: str,
    _links: { type: 'object', properties: { self: { type: 'object', properties: { href: str } } } },
    location: str,
    is_image: { type: 'boolean' },
    created_at: str,
    created_by: strOrNull,
    public: { type: 'boolean' },
    caption: strOrNull,
  },
} as const;

const AUTH = { 401: detailSchema, 403: detailSchema, 404: detailSchema } as const;
const params = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] } as const;
const itemParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 }, aid: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id', 'aid'],
} as const;

/** Why a staff member may not delete an attachment (Signalen's messages), or null when they may. */
export function deleteRefusal(user: StaffUser, signal: { isParent: boolean; isChild: boolean }, attachment: Pick<Selectable<AttachmentTable>, 'created_by'>): string | null {
  const need = (codename: string) => `Cannot delete attachment need "${codename}" permission.`;
  const kind = signal.isParent ? 'sia_delete_attachment_of_parent_signal' : signal.isChild ? 'sia_delete_attachment_of_child_signal' : 'sia_delete_attachment_of_normal_signal';
  if (!hasPermission(user, kind)) return need(kind);
  if (!attachment.created_by) return hasPermission(user, 'sia_delete_attachment_of_anonymous_user') ? null : need('sia_delete_attachment_of_anonymous_user');
  if (attachment.created_by.toLowerCase() !== user.username.toLowerCase() && !hasPermission(user, 'sia_delete_attachment_of_other_user')) return need('sia_delete_attachment_of_other_user');
  return null;
}

export const privateAttachmentRoutes: RoutePlugin<PrivateAttachmentOptions> = async (app, { maxUploadBytes }) => {
  const db = app.db;
  const url = API_PATHS.signalAttachments;
  const serialize = (base: string, a: Selectable<AttachmentTable>) => ({
    _display: `Attachment object (${a.id})`,
    _links: { self: { href: attachmentUrl(base, a.signal_id, a.id) } },
    location: a.public ? base + app.storage.urlPath(a.file_path) : attachmentFileUrl(base, a.signal_id, a.id),
    is_image: a.is_image,
    created_at: amsterdamIso(a.created_at)!,
    created_by: a.created_by,
    public: a.public,
    caption: a.caption,
  });
  const find = (signalId: number, id: number) => findAttachment(db, signalId, id);

  app.get(url, {
    config: { permission: 'sia_read' },
    schema: { params, querystring: { type: 'object', properties: pageQuerySchema }, response: { 200: halListSchema(privateAttachmentSchema), ...AUTH } },
    handler: async (request) => {
      const signal = await visibleSignal(db, request.staff!, request.params.id);
      const rows = await attachmentsOf(db, signal.id);
      const base = baseUrl(request);
      return halPage(request, rows.map((a) => serialize(base, a)), request.query);
    },
  });

  app.get(API_PATHS.signalAttachment, {
    config: { permission: 'sia_read' },
    schema: { params: itemParams, response: { 200: privateAttachmentSchema, ...AUTH } },
    handler: async (request) => {
      const signal = await visibleSignal(db, request.staff!, request.params.id);
      return serialize(baseUrl(request), await find(signal.id, request.params.aid));
    },
  });

  // The file, for staff who may see the report (public or not): the store's stream, never cached
  // by a shared cache, never sniffed, offered inline (an image) or to save.
  app.get(API_PATHS.signalAttachmentFile, {
    config: { permission: 'sia_read' },
    schema: { params: itemParams, response: { 200: { type: 'string', contentMediaType: 'application/octet-stream' }, ...AUTH } },
    handler: async (request, reply) => {
      const signal = await visibleSignal(db, request.staff!, request.params.id);
      const attachment = await find(signal.id, request.params.aid);
      const found = await app.storage.files.open(attachment.file_path);
      if (!found) throw ApiError.detail(404, 'No Attachment matches the given query.');
      const name = attachment.original_filename.replace(/["\\\r\n]/g, '_');
      return reply
        .type(attachment.mime_type || contentTypeOf(attachment.file_path))
        .header('content-length', found.size)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${attachment.is_image ? 'inline' : 'attachment'}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(attachment.original_filename)}`)
        .send(found.body as never); // a stream, sent as it is
    },
  });

  app.post(url, {
    config: { permission: 'sia_add_attachment' },
    schema: { params, response: { 201: privateAttachmentSchema, 400: badRequestSchema, ...AUTH } },
    handler: async (request, reply) => {
      const staff = request.staff!;
      const signal = await visibleSignal(db, staff, request.params.id);
      if (!request.isMultipart()) throw ApiError.field('file', NO_FILE);
      const { file, data, size } = await receive(request, maxUploadBytes);
      const check = await checkUpload(data, file.filename, size, maxUploadBytes, ALLOWED_TYPES);
      if (check.errors.length > 0) throw ApiError.field('file', ...check.errors);
      const stored = await app.storage.save('attachments', file.filename, check.data); // an image re-encoded without metadata
      try {
        const row = await addStaffAttachment(db, signal.id, { filePath: stored.relativePath, filename: file.filename, mimeType: check.type, size: check.data.length }, staff.username);
        return reply.code(201).send(serialize(baseUrl(request), row));
      } catch (error) {
        await app.storage.remove(stored.relativePath);
        throw error;
      }
    },
  });

  app.patch(API_PATHS.signalAttachment, {
    config: { permission: 'sia_change_attachment' },
    schema: {
      params: itemParams,
      body: { type: 'object', properties: { public: { type: 'boolean' }, caption: { type: ['string', 'null'], maxLength: 1000 } } },
      response: { 200: privateAttachmentSchema, 400: badRequestSchema, ...AUTH },
    },
    handler: async (request) => {
      const signal = await visibleSignal(db, request.staff!, request.params.id);
      const current = await find(signal.id, request.params.aid);
      const { public: isPublic, caption } = request.body;
      const changes = { ...(isPublic === undefined ? {} : { public: isPublic }), ...(caption === undefined ? {} : { caption }) };
      const row = await changeAttachment(db, current, changes);
      return serialize(baseUrl(request), row);
    },
  });

  app.delete(API_PATHS.signalAttachment, {
    config: { permission: 'sia_write' },
    schema: { params: itemParams, response: { 204: { type: 'null' }, ...AUTH } },
    handler: async (request, reply) => {
      const staff = request.staff!;
      const signal = await visibleSignal(db, staff, request.params.id);
      const attachment = await find(signal.id, request.params.aid);
      const isParent = await hasChildren(db, signal.id);
      const refusal = deleteRefusal(staff, { isParent, isChild: signal.parent_id !== null }, attachment);
      if (refusal) throw ApiError.detail(403, refusal);
      await deleteStaffAttachment(db, signal.id, attachment, staff.username);
      // the file goes once its row is gone (a copy for a child report is a file of its own)
      await app.storage.remove(attachment.file_path);
      return reply.code(204).send(null);
    },
  });
};
