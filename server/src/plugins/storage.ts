/**
 * Infrastructure: files on disk under `<dataDir>/media`, served read-only at
 * /signals/media/… (the attachment `location` URLs of contract §3).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';

export interface StoredFile {
  /** Path relative to the media folder, with forward slashes. */
  relativePath: string;
}

export interface Storage {
  mediaDir: string;
  /** Writes a file (flushed before returning) and returns its relative path. */
  save(folder: string, filename: string, data: Buffer): Promise<StoredFile>;
  /** Root-relative URL of a stored file. */
  urlPath(relativePath: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

const MIME_BY_EXT: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};

/** A file name safe on every file system, keeping the extension. */
function safeName(filename: string): string {
  const base = path.basename(filename).normalize('NFKD').replace(/[^\w.-]+/g, '_').replace(/^\.+/, '');
  return base.slice(-100) || 'bestand';
}

export const storagePlugin = fp<{ mediaDir: string }>(
  async (app, { mediaDir }) => {
    await mkdir(mediaDir, { recursive: true });
    const storage: Storage = {
      mediaDir,
      async save(folder, filename, data) {
        const day = new Date().toISOString().slice(0, 10).split('-').join('/');
        const relativeDir = path.posix.join(folder, day, randomUUID().slice(0, 8));
        await mkdir(path.join(mediaDir, relativeDir), { recursive: true });
        const relativePath = path.posix.join(relativeDir, safeName(filename));
        await writeFile(path.join(mediaDir, relativePath), data, { flush: true });
        return { relativePath };
      },
      urlPath: (relativePath) => `/signals/media/${relativePath.split('/').map(encodeURIComponent).join('/')}`,
    };
    app.decorate('storage', storage);

    const mediaSchema = {
      params: { type: 'object', properties: { '*': { type: 'string' } } },
      response: {
        // The file itself: a stream, sent as it is.
        200: { type: 'string', contentMediaType: 'application/octet-stream' },
        404: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
      },
    } as const;
    app.get('/signals/media/*', { schema: mediaSchema }, async (request, reply) => {
      // The router has decoded the path once already; a second decoding fails on a lone '%'.
      let wanted: string;
      try {
        wanted = decodeURIComponent((request.params as { '*': string })['*']);
      } catch {
        return reply.code(404).send({ detail: 'Niet gevonden.' });
      }
      const full = path.resolve(mediaDir, wanted);
      if (!full.startsWith(mediaDir + path.sep)) return reply.code(404).send({ detail: 'Niet gevonden.' });
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) return reply.code(404).send({ detail: 'Niet gevonden.' });
      return reply
        .type(MIME_BY_EXT[path.extname(full).toLowerCase()] ?? 'application/octet-stream')
        .header('content-length', info.size)
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(full));
    });
  },
  { name: 'storage' },
);
