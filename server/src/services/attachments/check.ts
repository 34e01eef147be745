/**
 * Checks of an uploaded attachment (docs/reference/api.md#attachments), all decided by the content:
 * the type sniffed from the bytes (file-type) must be an allowed one and agree with
 * the file name's extension, the content must be a whole image or PDF, and the size
 * must be within the limit. Several messages can come back together. An image that
 * passes is then decoded and re-encoded without metadata (image.ts): what does not
 * decode is refused, and only the clean copy is stored.
 */
import path from 'node:path';
import { hasNul, NULL_CHARACTERS } from '../../domain/text.ts';
import { reencodeImage, type ImageType } from './image.ts';

/** The file's type by its content (file-type, loaded on the first upload rather than at start). */
export const fileTypeOf = async (data: Uint8Array) => (await import('file-type')).fileTypeFromBuffer(data);

export const ALLOWED_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'] as const;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

const TYPE_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.jpe': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};

/** Does the content hold together as the sniffed type (the end marker is where it should be)? */
function isWhole(type: string, data: Buffer): boolean {
  const tail = data.subarray(Math.max(0, data.length - 64));
  switch (type) {
    case 'image/png':
      return data.length > 57 && data.subarray(12, 16).toString('latin1') === 'IHDR' && tail.includes(Buffer.from('IEND', 'latin1'));
    case 'image/jpeg':
      return data.length > 4 && tail.includes(Buffer.from([0xff, 0xd9]));
    case 'image/gif':
      return data.length > 13 && tail.includes(0x3b);
    case 'application/pdf':
      return tail.includes(Buffer.from('%%EOF', 'latin1'));
    default:
      return false;
  }
}

export interface UploadCheck {
  /** The sniffed MIME type ('application/octet-stream' when unknown). */
  type: string;
  errors: string[];
  /**
   * What to store when there are no errors: an image's re-encoded copy without metadata
   * (image.ts), any other allowed file (a staff member's PDF) as it came.
   */
  data: Buffer;
}

/**
 * `data` holds at most the first maxBytes of the file; `size` is the real size.
 * `allowed` narrows the accepted types (the public endpoint takes images only).
 */
export async function checkUpload(
  data: Buffer,
  filename: string,
  size: number,
  maxBytes: number,
  allowed: readonly string[] = ALLOWED_TYPES,
): Promise<UploadCheck> {
  const sniffed = (await fileTypeOf(data))?.mime ?? (data.length === 0 ? 'application/x-empty' : 'application/octet-stream');
  const errors: string[] = [];
  if (!(ALLOWED_TYPES as readonly string[]).includes(sniffed)) {
    errors.push(`Files of type '${sniffed}' are not allowed!`);
  } else {
    const byName = TYPE_BY_EXTENSION[path.extname(filename).toLowerCase()];
    if (byName !== sniffed) errors.push(`'${sniffed}' does not match filename extension!`);
    if (size <= maxBytes && !isWhole(sniffed, data)) errors.push('File is not valid!');
  }
  if (size > maxBytes) errors.push(`File size of ${size} is more than the allowed size ${maxBytes}!`);
  // The name is stored with the attachment, and the database cannot hold a NUL.
  if (hasNul(filename)) errors.push(NULL_CHARACTERS);
  if (errors.length === 0 && !allowed.includes(sniffed)) errors.push(`Files of type '${sniffed}' are not allowed!`);
  if (errors.length > 0 || !isImageType(sniffed)) return { type: sniffed, errors, data };
  const image = await reencodeImage(data, sniffed);
  return image.ok ? { type: sniffed, errors, data: image.data } : { type: sniffed, errors: [image.message], data };
}

export const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);
