/**
 * The external party's page (docs/my-incidents.md, flag enableForwardIncidentToExternal on the app's
 * side). When a handler sets a report to 'forward to external' (`email_override`, text,
 * send_email), the workflow's hook (`app.workflow.setExternalForward`) makes a personal
 * link `/incident/extern/{token}` and mails it to that address. Through the link the
 * party sees the report — number, date, category, description, location and photos, never
 * the reporter's contact details — and answers once with a text and up to 3 photos; the
 * report then moves to 'closure requested' (the workflow: graph, history as 'Signalen
 * systeem' with the answer as its text).
 *
 * - GET  /signals/v1/public/external/{token}  the report and the handler's request
 * - POST /signals/v1/public/external/{token}  multipart: `text` (required, ≤ 3000) and `file` (0–3 images)
 *
 * A link runs out after EXTERNAL_LINK_DAYS, works once (claimed by one conditional
 * UPDATE, so parallel answers and several server processes cannot both pass), and only
 * while the report is still 'forward to external'. Only the token's SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { MultipartFile } from '@fastify/multipart';
import { sql } from 'kysely';
import { ApiError, NOT_FOUND } from '../http/api-error.ts';
import { badRequestSchema, baseUrl, detailSchema } from '../http/hal.ts';
import { multipartReadError } from '../http/multipart.ts';
import type { RoutePlugin } from '../http/typed.ts';
import { checkUpload, IMAGE_TYPES } from '../services/attachments/check.ts';
import { externalForwardMail } from '../followup/mails.ts';
import { amsterdamIso } from '../followup/time.ts';
import { displayId } from '../services/signals/index.ts';
import { API_PATHS, stateName } from '@meldloket/engine';

/** How long a link works. */
export const EXTERNAL_LINK_DAYS = 14;
export const MAX_ANSWER_LENGTH = 3000;
export const MAX_PHOTOS = 3;
export const FORWARDED = 'forward to external';
export const ANSWERED = 'closure requested';

/** Why a link does not open; `code` lets the page say it in its own words. */
export const LINK_ERRORS = {
  expired: { detail: 'Deze link is verlopen.', code: 'expired' },
  used: { detail: 'Op deze link is al gereageerd.', code: 'used' },
  closed: { detail: 'Deze melding wacht niet meer op uw reactie.', code: 'closed' },
} as const;
export const ANSWER_MESSAGES = {
  required: 'Dit veld mag niet leeg zijn.',
  tooLong: `Zorg ervoor dat dit veld niet meer dan ${MAX_ANSWER_LENGTH} karakters bevat.`,
  tooManyFiles: `U kunt maximaal ${MAX_PHOTOS} foto's meesturen.`,
} as const;

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** The page of a link in the web app. */
export const externalPageUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/incident/extern/${token}`;

export interface ExternalPluginOptions {
  publicUrl: string;
  maxUploadBytes: number;
  now?: () => Date;
}

export const externalPlugin = fp<ExternalPluginOptions>(
  async (app, options) => {
    const now = options.now ?? (() => new Date());
    app.workflow.setExternalForward(async (db, event) => {
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('external_link')
        .values({
          token_hash: hashToken(token),
          signal_id: event.signal.id,
          email: event.email,
          request: event.text,
          created_by: event.who,
          created_at: event.at,
          expires_at: new Date(event.at.getTime() + EXTERNAL_LINK_DAYS * 24 * 3600 * 1000),
        })
        .execute();
      return externalForwardMail(event.followup, event.email, event.text, externalPageUrl(options.publicUrl, token));
    });
    await app.register(externalRoutes, { maxUploadBytes: options.maxUploadBytes, now });
  },
  { name: 'external', dependencies: ['database', 'storage', 'categories', 'workflow'] },
);

const tokenParams = { type: 'object', properties: { token: { type: 'string', maxLength: 200 } }, required: ['token'] } as const;
const goneSchema = { type: 'object', properties: { detail: { type: 'string' }, code: { type: 'string' } }, required: ['detail'] } as const;
const str = { type: 'string' } as const;
const viewSchema = {
  type: 'object',
  properties: {
    signal: {
      type: 'object',
      properties: {
        id_display: str,
        created_at: str,
        text: str,
        status: { type: 'object', properties: { state: str, state_display: str } },
        category: { type: 'object', properties: { main: str, sub: str } },
        location: {
          type: 'object',
          properties: { address_text: { type: ['string', 'null'] }, geometrie: { type: 'object', properties: { type: str, coordinates: { type: 'array', items: { type: 'number' } } } } },
        },
        attachments: { type: 'array', items: { type: 'object', properties: { location: str, is_image: { type: 'boolean' }, created_at: str } } },
      },
    },
    request: { type: 'object', properties: { text: str, created_at: str, expires_at: str } },
  },
} as const;

const externalRoutes: RoutePlugin<{ maxUploadBytes: number; now: () => Date }> = async (app, { maxUploadBytes, now }) => {
  const db = app.db;
  const url = API_PATHS.external;

  /** The link of a token, or the refusal: 404 unknown, 410 used / expired / report moved on. */
  async function openLink(token: string) {
    if (!TOKEN_RE.test(token)) throw ApiError.detail(404, NOT_FOUND);
    const link = await db
      .selectFrom('external_link as l')
      .innerJoin('signal as s', 's.id', 'l.signal_id')
      .select(['l.id', 'l.request', 'l.created_at', 'l.expires_at', 'l.used_at', 'l.email', 's.id as signal_id', 's.uuid', 's.state'])
      .where('l.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!link) throw ApiError.detail(404, NOT_FOUND);
    if (link.used_at !== null) throw new ApiError(410, LINK_ERRORS.used);
    if (new Date(link.expires_at).getTime() <= now().getTime()) throw new ApiError(410, LINK_ERRORS.expired);
    if (link.state !== FORWARDED) throw new ApiError(410, LINK_ERRORS.closed);
    return link;
  }

  app.get(url, {
    schema: { params: tokenParams, response: { 200: viewSchema, 404: detailSchema, 410: goneSchema } },
    handler: async (request, reply) => {
      const link = await openLink(request.params.token);
      const signal = await db.selectFrom('signal').selectAll().where('id', '=', link.signal_id).executeTakeFirstOrThrow();
      const tree = await app.categories.tree();
      const main = tree.find((m) => m.sub_categories.some((s) => s.id === signal.category_id));
      const sub = main?.sub_categories.find((s) => s.id === signal.category_id);
      const files = await db.selectFrom('attachment').select(['file_path', 'is_image', 'created_at']).where('signal_id', '=', signal.id).where('is_image', '=', true).where('public', '=', true).orderBy('created_at').orderBy('id').execute();
      const base = baseUrl(request);
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      return {
        signal: {
          id_display: displayId(signal.id),
          created_at: amsterdamIso(signal.created_at)!,
          text: signal.text,
          status: { state: signal.state, state_display: stateName(signal.state) },
          category: { main: main?.public_name || main?.name || '', sub: sub?.public_name || sub?.name || '' },
          location: { address_text: signal.address_text, geometrie: { type: 'Point', coordinates: [signal.lng, signal.lat] } },
          attachments: files.map((f) => ({ location: base + app.storage.urlPath(f.file_path), is_image: f.is_image, created_at: amsterdamIso(f.created_at)! })),
        },
        request: { text: link.request, created_at: amsterdamIso(link.created_at)!, expires_at: amsterdamIso(link.expires_at)! },
      };
    },
  });

  app.post(url, {
    schema: { params: tokenParams, response: { 201: { type: 'object', properties: { state: str, state_display: str } }, 400: badRequestSchema, 404: detailSchema, 410: goneSchema } },
    handler: async (request, reply) => {
      const link = await openLink(request.params.token);
      if (!request.isMultipart()) throw ApiError.field('text', ANSWER_MESSAGES.required);

      // Read the whole form first: the text and the photos, each photo checked by its content.
      let text = '';
      const photos: { filename: string; data: Buffer; type: string; size: number }[] = [];
      const errors: Record<string, string[]> = {};
      try {
        for await (const part of request.parts({ limits: { fileSize: maxUploadBytes, files: MAX_PHOTOS + 1 } })) {
          if (part.type === 'field') {
            if (part.fieldname === 'text' && typeof part.value === 'string') text = part.value;
            continue;
          }
          const file = part as MultipartFile;
          const data = await file.toBuffer();
          if (file.fieldname !== 'file') continue;
          if (photos.length >= MAX_PHOTOS) {
            errors.file = [ANSWER_MESSAGES.tooManyFiles];
            continue;
          }
          const check = await checkUpload(data, file.filename, data.length, maxUploadBytes, IMAGE_TYPES);
          if (check.errors.length) (errors.file ??= []).push(...check.errors);
          else photos.push({ filename: file.filename, data: check.data, type: check.type, size: check.data.length }); // re-encoded without metadata
        }
      } catch (error) {
        throw multipartReadError(error);
      }
      text = text.trim();
      if (!text) errors.text = [ANSWER_MESSAGES.required];
      else if (text.length > MAX_ANSWER_LENGTH) errors.text = [ANSWER_MESSAGES.tooLong];
      if (Object.keys(errors).length) throw new ApiError(400, errors);

      // One answer per link: the first conditional update wins, every other request sees it used.
      const claimed = await db
        .updateTable('external_link')
        .set({ used_at: now() })
        .where('id', '=', link.id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now())
        .returning('id')
        .executeTakeFirst();
      if (!claimed) throw new ApiError(410, LINK_ERRORS.used);
      try {
        await app.workflow.systemStatus(link.uuid, ANSWERED, text);
      } catch (error) {
        // The report moved on (a handler was quicker): the link stays unused, the answer is refused.
        await db.updateTable('external_link').set({ used_at: null }).where('id', '=', link.id).execute();
        app.log.info({ err: error, signal: link.signal_id }, 'external answer refused by the workflow');
        throw new ApiError(410, LINK_ERRORS.closed);
      }

      const written: string[] = [];
      try {
        const stored: ((typeof photos)[number] & { path: string })[] = [];
        for (const photo of photos) {
          const saved = await app.storage.save('attachments', photo.filename, photo.data);
          written.push(saved.relativePath);
          stored.push({ ...photo, path: saved.relativePath });
        }
        await db.transaction().execute(async (trx) => {
          for (const photo of stored) {
            await trx
              .insertInto('attachment')
              .values({ signal_id: link.signal_id, file_path: photo.path, original_filename: photo.filename, mime_type: photo.type, size: photo.size, is_image: true, public: false, created_by: link.email })
              .execute();
            await trx.insertInto('signal_note').values({ signal_id: link.signal_id, text: `Bijlage toegevoegd door externe partij (${link.email}): ${photo.filename}`, created_by: null }).execute();
          }
          await trx.updateTable('signal').set({ updated_at: sql<Date>`now()` }).where('id', '=', link.signal_id).execute();
        });
      } catch (error) {
        await Promise.all(written.map((file) => app.storage.remove(file)));
        throw error;
      }
      return reply.code(201).send({ state: ANSWERED, state_display: stateName(ANSWERED) });
    },
  });
};
