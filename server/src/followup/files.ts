/**
 * Checks on an uploaded reply photo as contract §3 describes them for the public
 * endpoint (type by content, extension match, integrity, size), and storage on disk.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

export const MAX_UPLOAD_SIZE = 20 * 1024 * 1024;
const ALLOWED = ['image/jpeg', 'image/png', 'image/gif'];
const BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};

export async function checkImage(filename: string, data: Buffer): Promise<string[]> {
  const errors: string[] = [];
  const sniffed = await fileTypeFromBuffer(data.subarray(0, 4100));
  const mime = sniffed?.mime ?? 'application/octet-stream';
  if (!ALLOWED.includes(mime)) errors.push(`Files of type '${mime}' are not allowed!`);
  else if (BY_EXTENSION[path.extname(filename).toLowerCase()] !== mime) errors.push(`'${mime}' does not match filename extension!`);
  if (data.length > MAX_UPLOAD_SIZE) errors.push(`File size of ${data.length} is more than the allowed size ${MAX_UPLOAD_SIZE}!`);
  if (ALLOWED.includes(mime) && !looksComplete(mime, data)) errors.push('File is not valid!');
  return errors;
}

/** The type of a stored photo by its content. */
export async function mimeOf(data: Buffer): Promise<string> {
  return (await fileTypeFromBuffer(data.subarray(0, 4100)))?.mime ?? 'application/octet-stream';
}

/** A truncated image is refused: JPEG must end in EOI, PNG in IEND, GIF in its trailer. */
function looksComplete(mime: string, data: Buffer): boolean {
  const tail = data.subarray(Math.max(0, data.length - 16));
  if (mime === 'image/jpeg') return tail.includes(Buffer.from([0xff, 0xd9]));
  if (mime === 'image/png') return tail.includes(Buffer.from('IEND'));
  return tail.includes(Buffer.from([0x3b]));
}

/** Stores the file under mediaDir/qa/YYYY/MM/DD and returns its path relative to mediaDir. */
export async function storeFile(mediaDir: string, filename: string, data: Buffer, now: Date): Promise<string> {
  const day = now.toISOString().slice(0, 10).split('-');
  const safe = path.basename(filename).replace(/[^\w.-]+/g, '_');
  const relative = path.posix.join('qa', ...day, `${randomUUID().slice(0, 8)}-${safe}`);
  await mkdir(path.join(mediaDir, path.dirname(relative)), { recursive: true });
  await writeFile(path.join(mediaDir, relative), data);
  return relative;
}
