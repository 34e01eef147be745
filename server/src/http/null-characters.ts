/**
 * PostgreSQL cannot store the NUL character (U+0000) in text or jsonb: an insert or
 * even a lookup with one fails inside the database. A JSON body that holds one, in
 * any string or key, is therefore refused up front as the client's mistake (400 with
 * Django's message), before any route sees it, instead of ending as a 500.
 */
import fp from 'fastify-plugin';
import { ApiError } from './api-error.ts';

/** Django's ProhibitNullCharactersValidator message, in Dutch. */
export const NULL_CHARACTERS = 'Null-tekens zijn niet toegestaan.';

export const hasNul = (text: string) => text.includes('\u0000');

/** The path to the first string or key holding a NUL, or undefined when there is none. */
export function nulPath(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return hasNul(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulPath(value[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasNul(key)) return [...path, key];
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** The DRF-shaped 400: under the top-level field that holds the NUL, else non_field_errors. */
export function nulError(body: unknown): ApiError | undefined {
  const path = nulPath(body);
  if (!path) return undefined;
  const field = typeof path[0] === 'string' && !Array.isArray(body) ? path[0] : 'non_field_errors';
  return new ApiError(400, { [field]: [NULL_CHARACTERS] });
}

export const nullCharactersPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const error = nulError(request.body);
      if (error) throw error;
    });
  },
  { name: 'null-characters' },
);
