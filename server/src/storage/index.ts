/**
 * Where uploaded files live: a folder (DATA_DIR/media by default, or a shared folder by
 * ATTACHMENTS_DIR) or an S3-compatible object store (ATTACHMENTS_S3_BUCKET). Everything
 * that writes, reads, copies or deletes an attachment goes through one `FileStore`, and
 * so does the back-up; file keys are paths with forward slashes (`attachments/2026/…`),
 * the same in every backend, stored in the database as `file_path`.
 * See the README, "Attachments".
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredStream {
  body: Readable;
  size: number;
}

export interface FileStore {
  /** 'folder' or 's3', and where (for the start-up line). */
  readonly description: string;
  /** Writes `data` under `key` (durable before returning). */
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** Moves the local file `localPath` (a received upload) under `key`; the local file is gone afterwards. */
  putFile(key: string, localPath: string): Promise<void>;
  /** The content of `key`, or undefined when it does not exist. */
  get(key: string): Promise<Buffer | undefined>;
  /** A stream of `key` with its size, or undefined when it does not exist. */
  open(key: string): Promise<StoredStream | undefined>;
  /** Copies `from` to `to` inside the store. */
  copy(from: string, to: string): Promise<void>;
  /** Removes `key`; a missing key is no error. */
  remove(key: string): Promise<void>;
  /** Every key in the store. */
  list(): AsyncIterable<string>;
}

export const MIME_BY_EXT: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};

export const contentTypeOf = (key: string) => MIME_BY_EXT[path.posix.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** A key is relative, with forward slashes, without '..' or empty segments. */
export function isSafeKey(key: string): boolean {
  if (key === '' || key.startsWith('/') || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

function checkKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Ongeldige bestandsnaam in de opslag: ${JSON.stringify(key)}`);
  return key;
}

/** Files in a folder on disk (one machine, or a shared network folder for several). */
export function folderStore(root: string): FileStore {
  const full = (key: string) => path.join(root, ...checkKey(key).split('/'));
  const missing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT' || (error as NodeJS.ErrnoException)?.code === 'EISDIR';
  return {
    description: describeAttachments({ dir: root }, ''),
    async put(key, data) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flush: true });
    },
    async putFile(key, localPath) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await rename(localPath, file);
      } catch (error) {
        // another file system (a shared folder): copy, then remove the original
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(localPath, file);
        await rm(localPath, { force: true });
      }
    },
    async get(key) {
      if (!isSafeKey(key)) return undefined;
      return readFile(full(key)).catch((error: unknown) => {
        if (missing(error)) return undefined;
        throw error;
      });
    },
    async open(key) {
      if (!isSafeKey(key)) return undefined;
      const info = await stat(full(key)).catch(() => null);
      if (!info?.isFile()) return undefined;
      return { body: createReadStream(full(key)), size: info.size };
    },
    async copy(from, to) {
      const target = full(to);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(full(from), target);
    },
    async remove(key) {
      if (isSafeKey(key)) await rm(full(key), { force: true });
    },
    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if (missing(error)) return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        // tmp/: half-received uploads of older versions, never part of the data
        if (!key.startsWith('tmp/')) yield key;
      }
    },
  };
}

export interface S3Settings {
  bucket: string;
  /** Key prefix inside the bucket ('' or ending in '/'). */
  prefix: string;
  /** Endpoint of an S3-compatible service (MinIO, Ceph, a cloud's S3 API); empty: AWS. */
  endpoint: string;
  region: string;
  /** Path-style addressing (endpoint/bucket/key) instead of bucket.endpoint. */
  forcePathStyle: boolean;
  /** Empty: the SDK's default chain (environment, profile, instance role). */
  accessKeyId: string;
  secretAccessKey: string;
}

/** Files in a bucket of an S3-compatible object store, shared by every server process. */
export async function s3Store(settings: S3Settings): Promise<FileStore> {
  // The pinned SDK (package.json) supports Node 20; its notice that later releases will need
  // Node 22 would be printed on every start. An operator can still turn it on by setting it.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // Loaded only when configured: the SDK is large and most installs keep files in a folder.
  const s3 = await import('@aws-sdk/client-s3');
  const client = new s3.S3Client({
    region: settings.region || 'us-east-1',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores do not know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.accessKeyId ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string) => settings.prefix + checkKey(key);
  const notFound = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
  };
  const open = async (key: string): Promise<StoredStream | undefined> => {
    if (!isSafeKey(key)) return undefined;
    try {
      const answer = await client.send(new s3.GetObjectCommand({ Bucket, Key: objectKey(key) }));
      return { body: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) };
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  };
  return {
    description: describeAttachments({ dir: '', s3: settings }, ''),
    async put(key, data, contentType) {
      await client.send(new s3.PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentType: contentType ?? contentTypeOf(key) }));
    },
    async putFile(key, localPath) {
      const { size } = await stat(localPath);
      await client.send(new s3.PutObjectCommand({ Bucket, Key: objectKey(key), Body: createReadStream(localPath), ContentLength: size, ContentType: contentTypeOf(key) }));
      await rm(localPath, { force: true });
    },
    async get(key) {
      const found = await open(key);
      if (!found) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    open,
    async copy(from, to) {
      const source = `${Bucket}/${objectKey(from).split('/').map(encodeURIComponent).join('/')}`;
      await client.send(new s3.CopyObjectCommand({ Bucket, Key: objectKey(to), CopySource: source }));
    },
    async remove(key) {
      if (!isSafeKey(key)) return;
      try {
        await client.send(new s3.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        if (!notFound(error)) throw error;
      }
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: settings.prefix || undefined, ContinuationToken: token }));
        for (const item of page.Contents ?? []) if (item.Key) yield item.Key.slice(settings.prefix.length);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

export interface AttachmentsConfig {
  /** Folder for uploaded files when no bucket is set (ATTACHMENTS_DIR); '' means DATA_DIR/media. */
  dir: string;
  /** S3 settings when ATTACHMENTS_S3_BUCKET is set, else undefined. */
  s3?: S3Settings;
}

/** The attachment settings from the environment (README, "Attachments"). */
export function readAttachmentsConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): AttachmentsConfig {
  const dir = env.ATTACHMENTS_DIR ? path.resolve(cwd, env.ATTACHMENTS_DIR) : '';
  const bucket = (env.ATTACHMENTS_S3_BUCKET ?? '').trim();
  if (!bucket) return { dir };
  const prefix = (env.ATTACHMENTS_S3_PREFIX ?? '').trim().replace(/^\/+/, '');
  return {
    dir,
    s3: {
      bucket,
      prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
      endpoint: (env.ATTACHMENTS_S3_ENDPOINT ?? '').trim(),
      region: (env.ATTACHMENTS_S3_REGION || env.AWS_REGION || '').trim(),
      forcePathStyle: /^(1|true|yes|on)$/i.test((env.ATTACHMENTS_S3_FORCE_PATH_STYLE ?? '').trim()),
      accessKeyId: (env.ATTACHMENTS_S3_ACCESS_KEY_ID ?? '').trim(),
      secretAccessKey: (env.ATTACHMENTS_S3_SECRET_ACCESS_KEY ?? '').trim(),
    },
  };
}

/** Where these settings keep files, in Dutch (the start-up line). */
export function describeAttachments(config: AttachmentsConfig, dataDir: string): string {
  if (config.s3) return `S3-bucket ${config.s3.bucket}${config.s3.endpoint ? ` op ${config.s3.endpoint}` : ''}`;
  return `map ${config.dir || path.join(dataDir, 'media')}`;
}

/** The store these settings describe; files in a folder default to `<dataDir>/media`. */
export function openFileStore(config: AttachmentsConfig, dataDir: string): Promise<FileStore> {
  return config.s3 ? s3Store(config.s3) : Promise.resolve(folderStore(config.dir || path.join(dataDir, 'media')));
}
