/**
 * POST /signals/v1/public/signals/{uuid}/attachments/ (docs/reference/api.md#attachments): one file per
 * call in the multipart field `file`; its type decided by its content; images only;
 * only while the report accepts uploads. GET on the URL is 405.
 */
import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../../http/typed.ts';
import type { MultipartFile } from '@fastify/multipart';
import { ApiError, NO_SIGNAL, NOT_FOUND } from '../../http/api-error.ts';
import { methodNotAllowed } from '../../http/error-handler.ts';
import { badRequestSchema, baseUrl, detailSchema } from '../../http/hal.ts';
import { checkUpload, IMAGE_TYPES } from '../../services/attachments/check.ts';
import { multipartReadError } from '../../http/multipart.ts';
import { UUID_PATTERN } from '../../services/signals/index.ts';
import { amsterdamIso } from '../../followup/index.ts';
import { apiPath, API_PATHS } from '@meldloket/engine';

export interface AttachmentRouteOptions {
  maxUploadBytes: number;
}

export const NO_FILE = 'Er is geen bestand verstuurd. Controleer het coderingstype van het formulier.';

/** Reads at most `keep` bytes of the upload into memory and counts the rest. */
async function readUpload(file: MultipartFile, keep: number): Promise<{ data: Buffer; size: number }> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let size = 0;
  for await (const chunk of file.file) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (kept < keep) {
      const part = buf.subarray(0, keep - kept);
      chunks.push(part);
      kept += part.length;
    }
  }
  return { data: Buffer.concat(chunks), size };
}

/**
 * The one file of the request. A body that does not parse as multipart is the
 * client's mistake (400), never a server error.
 */
export async function receive(request: FastifyRequest, maxUploadBytes: number) {
  try {
    // Hard cap on what is read at all; anything up to it gets its exact size reported.
    const file = await request.file({ limits: { fileSize: maxUploadBytes * 4, files: 1 } });
    if (!file || file.fieldname !== 'file') {
      if (file) await readUpload(file, 0);
      throw ApiError.field('file', NO_FILE);
    }
    const { data, size } = await readUpload(file, maxUploadBytes);
    return { file, data, size };
  } catch (error) {
    throw multipartReadError(error);
  }
}

const uuidParams = { type: 'object', properties: { uuid: { type: 'string' } }, required: ['uuid'] } as const;

const responseSchema = {
  type: 'object',
  properties: {
    _display: { type: 'string' },
    _links: { type: 'object', properties: { self: { type: 'object', properties: { href: { type: 'string' } } } } },
    location: { type: 'string' },
    is_image: { type: 'boolean' },
    created_at: { type: 'string' },
  },
} as const;

export const attachmentRoutes: RoutePlugin<AttachmentRouteOptions> = async (app, { maxUploadBytes }) => {
  const url = API_PATHS.publicSignalAttachments;

  app.post(url, {
    schema: {
      params: uuidParams,
      // multipart/form-data with one file in `file`: streamed and checked in the handler, so no body schema.
      response: { 201: responseSchema, 400: badRequestSchema, 404: detailSchema },
    },
    handler: async (request, reply) => {
      const { uuid } = request.params;
      if (!UUID_PATTERN.test(uuid)) throw ApiError.detail(404, NOT_FOUND);
      const signal = await app.signals.byUuid(uuid);
      if (!signal) throw ApiError.detail(404, NO_SIGNAL);
      if (!request.isMultipart()) throw ApiError.field('file', NO_FILE);

      const { file, data, size } = await receive(request, maxUploadBytes);
      const check = await checkUpload(data, file.filename, size, maxUploadBytes, IMAGE_TYPES);
      if (check.errors.length > 0) throw ApiError.field('file', ...check.errors);

      // check.data: the re-encoded copy without metadata (services/attachments/image.ts)
      const row = await app.signals.addAttachment(signal, { filename: file.filename, data: check.data, mimeType: check.type, size: check.data.length });
      const base = baseUrl(request);
      return reply.code(201).send({
        _display: `Attachment object (${row.id})`,
        _links: { self: { href: `${base}${apiPath(API_PATHS.publicSignal, { uuid: signal.uuid })}/attachments` } },
        location: base + app.storage.urlPath(row.file_path),
        is_image: row.is_image,
        created_at: amsterdamIso(row.created_at),
      });
    },
  });

  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url,
    schema: { params: uuidParams, response: { 405: detailSchema } },
    handler: async (request) => {
      throw methodNotAllowed(request.method);
    },
  });
};
