/**
 * 'Mijn meldingen' (my signals) calls, as the reference backend has them:
 *
 *   POST /signals/v1/my/signals/request-auth-token   {email} → 200, a link in the outbox
 *   GET  /signals/v1/my/signals/me                   the address the link belongs to
 *   GET  /signals/v1/my/signals/                     the address's reports of the last months
 *   GET  /signals/v1/my/signals/{uuid}               one of them
 *   GET  /signals/v1/my/signals/{uuid}/history       its public history
 *
 * The link's key is sent back as `Authorization: Token <key>`; it works for
 * TOKEN_SECONDS and only for the address it was mailed to. A request for an address
 * without reports is answered the same as one with reports (no mail is sent), so the
 * call tells nobody whose address made reports.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError, NO_SIGNAL, NOT_FOUND } from '../http/api-error.ts';
import { badRequestSchema, baseUrl, detailSchema, halListSchema, halPage, pageQuerySchema, type PageQuery } from '../http/hal.ts';
import { amsterdamIso } from '../followup/time.ts';
import { myReportsLinkMail } from './mail.ts';
import { apiPath, API_PATHS, hasEmailShape, publicStatus } from '@meldloket/engine';
import { HIDDEN_HISTORY_STATES, statusAction } from './rules.ts';
import type { MySignalsStore, ReportRow } from './store.ts';

export interface MySignalsRoutesOptions {
  store: MySignalsStore;
  /** Base URL of the web app, for the link in the mail. */
  publicUrl: string;
  now?: () => Date;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const statusSchema = { type: 'object', properties: { state: { type: 'string' }, state_display: { type: 'string' } } } as const;
const categorySchema = {
  type: 'object',
  properties: { name: { type: 'string' }, slug: { type: 'string' }, parent: { type: 'object', properties: { name: { type: 'string' }, slug: { type: 'string' } } } },
} as const;
const itemProperties = {
  _links: { type: 'object', properties: { self: { type: 'object', properties: { href: { type: 'string' } } } } },
  _display: { type: 'string' },
  uuid: { type: 'string' },
  id_display: { type: 'string' },
  text: { type: 'string' },
  status: statusSchema,
  category: categorySchema,
  created_at: { type: 'string' },
} as const;
const listItemSchema = { type: 'object', properties: itemProperties } as const;
const detailItemSchema = {
  type: 'object',
  properties: {
    ...itemProperties,
    handling_message: { type: ['string', 'null'] },
    location: {
      type: 'object',
      properties: {
        address_text: { type: ['string', 'null'] },
        geometrie: { type: 'object', properties: { type: { type: 'string' }, coordinates: { type: 'array', items: { type: 'number' } } } },
      },
    },
  },
} as const;
const historySchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { when: { type: 'string' }, what: { type: 'string' }, action: { type: 'string' }, description: { type: ['string', 'null'] }, _signal: { type: 'string' } },
  },
} as const;
const uuidParams = { type: 'object', properties: { uuid: { type: 'string', maxLength: 64 } }, required: ['uuid'] } as const;
const authFailed = { 401: detailSchema } as const;

export const mySignalsRoutes: FastifyPluginAsync<MySignalsRoutesOptions> = async (app, { store, publicUrl, now: clock }) => {
  const now = () => clock?.() ?? new Date();

  /** The address of the link in the Authorization header; 401 without a working one. */
  async function reporter(request: FastifyRequest): Promise<string> {
    const [keyword, key, ...rest] = (request.headers.authorization ?? '').trim().split(/\s+/);
    const headers = { 'WWW-Authenticate': 'Token' };
    if (keyword?.toLowerCase() !== 'token') throw new ApiError(401, { detail: 'No token provided.' }, headers);
    if (!key || rest.length > 0 || key.length > 200) throw new ApiError(401, { detail: 'Invalid token header.' }, headers);
    const found = await store.reporterOf(key, now());
    if (!found) throw new ApiError(401, { detail: 'Invalid token.' }, headers);
    return found.email;
  }

  const item = (request: FastifyRequest, row: ReportRow) => ({
    _links: { self: { href: `${baseUrl(request)}${apiPath(API_PATHS.mySignal, { uuid: row.uuid })}` } },
    _display: `SIG-${row.id}`,
    uuid: row.uuid,
    id_display: `SIG-${row.id}`,
    text: row.text,
    status: publicStatus(row.state),
    category: { name: row.sub_public_name || row.sub_name, slug: row.sub_slug, parent: { name: row.main_public_name || row.main_name, slug: row.main_slug } },
    created_at: amsterdamIso(row.created_at)!,
  });

  async function own(request: FastifyRequest<{ Params: { uuid: string } }>): Promise<ReportRow> {
    const email = await reporter(request);
    if (!UUID_RE.test(request.params.uuid)) throw ApiError.detail(404, NOT_FOUND);
    const row = await store.get(email, request.params.uuid, now());
    if (!row) throw ApiError.detail(404, NO_SIGNAL);
    return row;
  }

  app.post<{ Body: { email: string } }>(API_PATHS.mySignalsRequestToken, {
    schema: {
      body: { type: 'object', properties: { email: { type: 'string', maxLength: 254 } }, required: ['email'] },
      response: { 200: {}, 400: badRequestSchema },
    },
    handler: async (request, reply) => {
      const email = request.body.email.trim();
      if (!hasEmailShape(email)) throw ApiError.field('email', 'Voer een geldig e-mailadres in.');
      const key = await store.createToken(email, now());
      if (key) await app.outbox.send(myReportsLinkMail(email, `${publicUrl}/mijn-meldingen/${key}`));
      return reply.code(200).send();
    },
  });

  app.get(API_PATHS.mySignalsMe, {
    schema: { response: { 200: { type: 'object', properties: { email: { type: 'string' } } }, ...authFailed } },
    handler: async (request) => ({ email: await reporter(request) }),
  });

  app.get<{ Querystring: PageQuery }>(API_PATHS.mySignals, {
    schema: {
      querystring: { type: 'object', properties: pageQuerySchema },
      response: { 200: halListSchema(listItemSchema), 400: badRequestSchema, ...authFailed, 404: detailSchema },
    },
    handler: async (request) => {
      const email = await reporter(request);
      const rows = await store.list(email, now());
      return halPage(request, rows.map((row) => item(request, row)), request.query, 50);
    },
  });

  app.get<{ Params: { uuid: string } }>(API_PATHS.mySignal, {
    schema: { params: uuidParams, response: { 200: detailItemSchema, ...authFailed, 404: detailSchema } },
    handler: async (request) => {
      const row = await own(request);
      return {
        ...item(request, row),
        handling_message: row.handling_message,
        location: { address_text: row.address_text, geometrie: { type: 'Point', coordinates: [row.lng, row.lat] } },
      };
    },
  });

  app.get<{ Params: { uuid: string } }>(API_PATHS.mySignalHistory, {
    schema: { params: uuidParams, response: { 200: historySchema, ...authFailed, 404: detailSchema } },
    handler: async (request) => {
      const row = await own(request);
      const log = await store.statusLog(row.id);
      return log
        .filter((entry) => !HIDDEN_HISTORY_STATES.has(entry.state))
        .map((entry) => ({ when: amsterdamIso(entry.created_at)!, what: 'UPDATE_STATUS', action: statusAction(entry.state), description: entry.text, _signal: row.uuid }))
        .reverse();
    },
  });
};
