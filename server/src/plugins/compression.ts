/**
 * Compression of API responses: brotli or gzip, by the request's Accept-Encoding,
 * for bodies of at least `COMPRESS_THRESHOLD_BYTES` (smaller ones cost more to
 * compress than they save). Answers carry `Vary: Accept-Encoding`.
 *
 * Static files of the build are compressed once at build time (vite.config.ts writes
 * .br and .gz next to each asset); static-app.ts serves those and this plugin leaves
 * a response alone that already has a Content-Encoding.
 */
import { constants } from 'node:zlib';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import { ApiError } from '../http/api-error.ts';

/** Bodies smaller than this go out as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      // on the fly: brotli quality 4 is as small as gzip -9 at a fraction of quality 11's CPU
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      // request bodies are never inflated: a compressed upload is refused (415), no zip bombs
      requestEncodings: ['identity'],
      onUnsupportedRequestEncoding: (encoding) =>
        ApiError.detail(415, `Ongeldige Content-Encoding "${encoding}": stuur de aanvraag ongecomprimeerd.`),
    });
  },
  { name: 'compression' },
);
