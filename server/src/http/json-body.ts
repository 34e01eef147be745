/**
 * The JSON body parser for the whole API. Before anything walks a body its nesting
 * depth is measured on the raw text (one linear pass, no recursion), so a body nested
 * thousands deep is a quick 400 instead of a stall and megabytes per request. Keys
 * like `__proto__` and `constructor` are plain data (JSON.parse makes them own
 * properties, never the prototype), as in any JSON document.
 */
import fp from 'fastify-plugin';
import { ApiError } from './api-error.ts';

/** Deep enough for every body of the contract (free QA answers included), far below a stall. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays/objects in a JSON text (strings skipped). */
export function jsonDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth += 1;
      if (depth > max) {
        max = depth;
        if (max > stopAt) return max;
      }
    } else if (c === 125 || c === 93) depth -= 1;
  }
  return max;
}

const invalidJson = (message: string) => Object.assign(new Error(message), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });

/** Parses a JSON body; undefined for an empty one when `allowEmpty`. Throws the error handler's 400s. */
export function parseJsonBody(text: string, allowEmpty = false): unknown {
  if (text.trim() === '') {
    if (allowEmpty) return undefined;
    throw Object.assign(new Error('empty'), { statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' });
  }
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new ApiError(400, { detail: `JSON parse error - De JSON is dieper genest dan ${MAX_JSON_DEPTH} niveaus.` });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw invalidJson((error as Error).message);
  }
}

/** Methods whose body is empty by nature: an empty body with `Content-Type: application/json` is no body, not a parse error. */
const BODYLESS_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS']);

export const jsonBodyPlugin = fp(
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      try {
        // A DELETE carries no body; a client that still names JSON as its type is not refused for that.
        done(null, parseJsonBody(String(body), BODYLESS_METHODS.has(request.method)));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
  },
  { name: 'json-body' },
);
