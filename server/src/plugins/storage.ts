/**
 * Infrastructure: uploaded files in the configured store (a folder, or an S3-compatible
 * bucket: server/src/storage), served read-only at /signals/media/… (the attachment
 * `location` URLs of docs/reference/api.md#attachments). Every process serving the same store serves the same files.
 * A staff-only attachment (`public` false) is never served here: only through the private,
 * department-scoped route (routes/private/attachments.ts; docs/security.md).
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { contentTypeOf, type FileStore } from '../storage/index.ts';
import { API_PREFIX, API_PATHS } from '@meldloket/engine';

export interface StoredFile {
  /** The file's key in the store (a relative path with forward slashes): `file_path` in the database. */
  relativePath: string;
}

export interface Storage {
  /** The store itself (the back-up reads and writes it whole). */
  files: FileStore;
  /** Local folder for uploads still being received and checked (never shared). */
  tmpDir: string;
  /** Writes a file (durable before returning) under `folder` and returns its key. */
  save(folder: string, filename: string, data: Buffer): Promise<StoredFile>;
  /** Copies a stored file to a new key under `folder` (a split report's children get their own). */
  copy(relativePath: string, folder: string, filename: string): Promise<StoredFile>;
  /** The content of a stored file, or undefined when it is gone. */
  read(relativePath: string): Promise<Buffer | undefined>;
  /** Removes a stored file; a missing one is no error. */
  remove(relativePath: string): Promise<void>;
  /** Root-relative URL of a stored file. */
  urlPath(relativePath: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** A file name safe on every file system and in every object store, keeping the extension. */
export function safeName(filename: string): string {
  const base = path.basename(filename).normalize('NFKD').replace(/[^\w.-]+/g, '_').replace(/^\.+/, '');
  return base.slice(-100) || 'bestand';
}

/** A new key under `folder`: folder/YYYY/MM/DD/<random>/<safe name>. */
export function newKey(folder: string, filename: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10).split('-').join('/');
  return path.posix.join(folder, day, randomUUID().slice(0, 8), safeName(filename));
}

export function createStorage(files: FileStore, tmpDir: string): Storage {
  return {
    files,
    tmpDir,
    async save(folder, filename, data) {
      const relativePath = newKey(folder, filename);
      await files.put(relativePath, data, contentTypeOf(relativePath));
      return { relativePath };
    },
    async copy(from, folder, filename) {
      const relativePath = newKey(folder, filename);
      await files.copy(from, relativePath);
      return { relativePath };
    },
    read: (relativePath) => files.get(relativePath),
    remove: (relativePath) => files.remove(relativePath),
    urlPath: (relativePath) => `${API_PREFIX.media}/${relativePath.split('/').map(encodeURIComponent).join('/')}`,
  };
}

export const storagePlugin = fp<{ files: FileStore; tmpDir: string }>(
  async (app, { files, tmpDir }) => {
    await mkdir(tmpDir, { recursive: true });
    const storage = createStorage(files, tmpDir);
    app.decorate('storage', storage);
    const isStaffOnly = async (relativePath: string) =>
      (await app.db.selectFrom('attachment').select('id').where('file_path', '=', relativePath).where('public', '=', false).limit(1).executeTakeFirst()) !== undefined;

    const mediaSchema = {
      params: { type: 'object', properties: { '*': { type: 'string' } } },
      response: {
        // The file itself: a stream, sent as it is.
        200: { type: 'string', contentMediaType: 'application/octet-stream' },
        404: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
      },
    } as const;
    app.get(API_PATHS.media, { schema: mediaSchema }, async (request, reply) => {
      // The router has decoded the path once already; a second decoding fails on a lone '%'.
      let wanted: string;
      try {
        wanted = decodeURIComponent((request.params as { '*': string })['*']);
      } catch {
        return reply.code(404).send({ detail: 'Niet gevonden.' });
      }
      // a staff-only attachment is not public by its URL: 404, as if it did not exist
      if (await isStaffOnly(wanted)) return reply.code(404).send({ detail: 'Niet gevonden.' });
      // open() refuses keys with '..', empty or absolute parts: nothing outside the store.
      const found = await files.open(wanted);
      if (!found) return reply.code(404).send({ detail: 'Niet gevonden.' });
      return reply
        .type(contentTypeOf(wanted))
        .header('content-length', found.size)
        .header('x-content-type-options', 'nosniff')
        .send(found.body);
    });
  },
  { name: 'storage' },
);
