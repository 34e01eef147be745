/** HAL conventions of the contract: absolute links, page/page_size lists. */
import { API_PREFIX } from '@meldloket/engine';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';
import { isValidHost } from './host.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where links point: PUBLIC_URL, and whether forwarded headers of a trusted proxy may override it. */
    linkBase: { publicUrl: string; trustForwarded: boolean };
  }
}

/**
 * The base of every absolute link: PUBLIC_URL. The Host header is never copied into
 * a link; only behind a configured proxy (TRUST_PROXY) do its X-Forwarded-Proto and
 * X-Forwarded-Host count, and then only when they are well formed.
 */
export function baseUrl(request: FastifyRequest): string {
  const { publicUrl, trustForwarded } = request.server.linkBase;
  if (trustForwarded && request.headers['x-forwarded-host'] !== undefined && isValidHost(request.host) && /^https?$/.test(request.protocol)) {
    return `${request.protocol}://${request.host}`;
  }
  return publicUrl;
}

export const CURIES = (base: string) => ({ name: 'sia', href: `${base}${API_PREFIX.relations}` });

export interface PageQuery {
  page?: number;
  page_size?: number;
}

/**
 * The largest page a list gives (docs/security.md). The contract sets no maximum, so a larger
 * `page_size` is not refused but clamped, as DRF's `max_page_size` does: the answer holds
 * at most this many items and its `next` link leads on. The back office asks 1000 at most
 * (categories, users, saved filters), so no screen sees the difference; the CSV export is
 * the bulk path and streams.
 */
export const MAX_PAGE_SIZE = 1000;

/** The largest whole number JavaScript holds exactly: above it a page number or size is no number a list can use. */
const PAGE_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * A page number (`page`, `geopage`): a whole number from 1. ajv reads `Infinity` (and
 * `1e400`) as a number that passes `integer`; the maximum refuses it with the contract's
 * field message instead of letting it reach the database as an offset.
 */
export const pageNumberSchema = { type: 'integer', minimum: 1, maximum: PAGE_LIMIT } as const;

export const pageQuerySchema = {
  page: pageNumberSchema,
  page_size: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT },
} as const;

/** One page of `items` in the contract's HAL list shape; an out-of-range page is a 404. */
export function halPage<T>(request: FastifyRequest, items: T[], query: PageQuery, defaultSize = 100) {
  const { page, size } = pageOf(query, defaultSize);
  return halPageOf(request, items.slice((page - 1) * size, page * size), items.length, query, defaultSize);
}

/** The page number and size a query asks for, the size clamped to MAX_PAGE_SIZE. */
export const pageOf = (query: PageQuery, defaultSize = 100) => ({ page: query.page ?? 1, size: Math.min(query.page_size ?? defaultSize, MAX_PAGE_SIZE) });

/** A page the database already cut (`results`), of `count` matches in all, in the HAL list shape; an out-of-range page is a 404. */
export function halPageOf<T>(request: FastifyRequest, results: T[], count: number, query: PageQuery, defaultSize = 100) {
  const { page, size } = pageOf(query, defaultSize);
  const pages = Math.max(1, Math.ceil(count / size));
  if (page > pages) throw ApiError.detail(404, 'Ongeldige pagina.');
  const url = new URL(request.url, baseUrl(request));
  const link = (p: number) => {
    const u = new URL(url);
    if (p === 1) u.searchParams.delete('page');
    else u.searchParams.set('page', String(p));
    return u.href;
  };
  return {
    _links: {
      self: { href: url.href },
      next: { href: page < pages ? link(page + 1) : null },
      previous: { href: page > 1 ? link(page - 1) : null },
    },
    count,
    results,
  };
}

/**
 * Response schema of a list answered whole as `{count, results}` (items following `item`), with
 * `extra` properties beside them (e.g. a page number, or what a report's followers list adds).
 */
export function countedListSchema<const E extends Record<string, object> = Record<never, never>>(item: object, extra?: E) {
  return { type: 'object', properties: { ...(extra as E), count: { type: 'integer' }, results: { type: 'array', items: item } } } as const;
}

/** Response schema of a list answered whole as `{results}` alone (items following `item`), without a count. */
export function resultsListSchema(item: object) {
  return { type: 'object', properties: { results: { type: 'array', items: item } } } as const;
}

/** Response schema of a HAL list whose items follow `item`. */
export function halListSchema(item: object) {
  return countedListSchema(item, {
    _links: {
      type: 'object',
      properties: {
        self: { type: 'object', properties: { href: { type: 'string' } } },
        next: { type: 'object', properties: { href: { type: ['string', 'null'] } } },
        previous: { type: 'object', properties: { href: { type: ['string', 'null'] } } },
      },
    },
  });
}

export const detailSchema = { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] } as const;
/** Any of the 400 bodies (field dict, nested dict, non_field_errors, list). */
export const badRequestSchema = {} as const;
