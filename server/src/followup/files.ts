/**
 * Checks on an uploaded reply photo as docs/reference/api.md#attachments describes them for the public
 * endpoint (type by content, extension match, integrity, size, and the shared image
 * step: decoded whole and re-encoded without metadata), and storage.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { contentTypeOf, type FileStore } from '../storage/index.ts';
import { fileTypeOf, IMAGE_TYPES, isImageType } from '../services/attachments/check.ts';
import { reencodeImage } from '../services/attachments/image.ts';

/** A reply photo received on disk (not in memory): where it is and what the checks need of it. */
export interface ReceivedFile {
  filename: string;
  tmpPath: string;
  size: number;
  /** The first bytes (type by content) and the last ones (complete image?). */
  head: Buffer;
  tail: Buffer;
  /** More than the upload limit was sent (the stream was cut off there). */
  truncated: boolean;
}

/** Streams an uploaded file to a temporary file in the local folder `dir`. */
export async function receiveToDisk(dir: string, filename: string, stream: Readable & { truncated?: boolean }): Promise<ReceivedFile> {
  await mkdir(dir, { recursive: true });
  const tmpPath = path.join(dir, randomUUID());
  await pipeline(stream, createWriteStream(tmpPath));
  const handle = await open(tmpPath, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 4100));
    await handle.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(size, 16));
    await handle.read(tail, 0, tail.length, size - tail.length);
    return { filename, tmpPath, size, head, tail, truncated: stream.truncated === true };
  } finally {
    await handle.close();
  }
}

/** Removes the temporary files of a request that did not store them. */
export async function discard(files: ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f.tmpPath, { force: true })));
}
const ALLOWED: readonly string[] = IMAGE_TYPES;
const BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};

/** A checked reply photo: its type and the re-encoded copy to store (image.ts), or the refusals. */
export type CheckedImage = { errors: string[]; type: string; data?: Buffer };

export async function checkImage(file: ReceivedFile, maxBytes: number): Promise<CheckedImage> {
  const errors: string[] = [];
  const sniffed = await fileTypeOf(file.head);
  const mime = sniffed?.mime ?? 'application/octet-stream';
  if (!ALLOWED.includes(mime)) errors.push(`Files of type '${mime}' are not allowed!`);
  else if (BY_EXTENSION[path.extname(file.filename).toLowerCase()] !== mime) errors.push(`'${mime}' does not match filename extension!`);
  if (file.size > maxBytes) errors.push(`File size of ${file.size} is more than the allowed size ${maxBytes}!`);
  if (ALLOWED.includes(mime) && !looksComplete(mime, file.tail)) errors.push('File is not valid!');
  if (errors.length > 0 || !isImageType(mime)) return { errors, type: mime };
  // decoded whole from the temporary file, stored as a copy without metadata
  const image = await reencodeImage(file.tmpPath, mime);
  return image.ok ? { errors, type: mime, data: image.data } : { errors: [image.message], type: mime };
}

/** A truncated image is refused: JPEG must end in EOI, PNG in IEND, GIF in its trailer. */
function looksComplete(mime: string, tail: Buffer): boolean {
  if (mime === 'image/jpeg') return tail.includes(Buffer.from([0xff, 0xd9]));
  if (mime === 'image/png') return tail.includes(Buffer.from('IEND'));
  return tail.includes(Buffer.from([0x3b]));
}

/** Writes a checked photo's re-encoded copy into the store under qa/YYYY/MM/DD and returns its key. */
export async function storeFile(files: FileStore, filename: string, data: Buffer, now: Date): Promise<string> {
  const day = now.toISOString().slice(0, 10).split('-');
  const safe = path.basename(filename).replace(/[^\w.-]+/g, '_');
  const key = path.posix.join('qa', ...day, `${randomUUID().slice(0, 8)}-${safe}`);
  await files.put(key, data, contentTypeOf(key));
  return key;
}
