/**
 * PostgreSQL cannot store the NUL character (U+0000) in text or jsonb, nor a lone
 * UTF-16 surrogate (`\ud800` without its partner) in jsonb: an insert or even a
 * lookup with one fails inside the database. Every text input that holds either, in
 * any string or key, is therefore refused up front as the client's mistake (400 under
 * the field or query parameter that holds it), before any route sees it, instead of
 * ending as a 500: the path's parameters, the query string (a `%00` in a list filter,
 * docs/security.md) and a JSON body. The body's depth is capped by the JSON parser
 * (json-body.ts) before this walks it.
 */
import fp from 'fastify-plugin';
import { nulError } from '../domain/text.ts';

export const nullCharactersPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const error = nulError(request.params) ?? nulError(request.query) ?? nulError(request.body);
      if (error) throw error;
    });
  },
  { name: 'null-characters' },
);
