/**
 * The one image step of every upload (resident, staff, reply page, external party):
 * an image that passed the content checks (check.ts) is decoded whole with sharp
 * (libvips) and stored as a re-encoded copy of the same type.
 *
 * - An image that does not decode (a wrong checksum, a broken scan, truncated frames)
 *   is refused with `IMAGE_NOT_DECODED`: nothing downstream (the PDF, a browser) ever
 *   gets bytes no decoder accepted. libjpeg reports damaged data only as a warning,
 *   so warnings count as failures (sharp's `failOn: 'warning'`).
 * - The pixel count is bounded (`MAX_IMAGE_PIXELS`, sharp's `limitInputPixels`) against
 *   decompression bombs: a small file that would unpack to gigabytes is refused before
 *   it is decoded.
 * - The copy carries no metadata: sharp writes none unless asked, so EXIF (camera, GPS
 *   position, time), XMP and IPTC are gone. The EXIF orientation is applied to the
 *   pixels first, so the photo stays the right way up.
 */
import type { Sharp, SharpOptions } from 'sharp';
import { messages } from '@meldloket/engine';

/** At most this many pixels (width × height, all frames) per image: 100 megapixels. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** The 400 message at the file field for an image that does not decode (the engine's catalogue: the wizard shows it too). */
export const IMAGE_NOT_DECODED = messages.photoNotDecoded;
/** The 400 message at the file field for an image of more pixels than MAX_IMAGE_PIXELS (which it names). */
export const IMAGE_TOO_MANY_PIXELS = messages.photoTooManyPixels;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif';

export type ReencodeResult = { ok: true; data: Buffer } | { ok: false; message: string };

/** sharp, loaded on the first image rather than at start. */
const loadSharp = async () => (await import('sharp')).default;

const inputOptions = (animated: boolean): SharpOptions => ({ limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning', animated });

/** sharp's own messages for an input over `limitInputPixels`. */
const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Decodes `input` (the bytes, or the path of a local file) as `type` and re-encodes it
 * without metadata. Never throws for bad input: the refusal comes back as a message.
 */
export async function reencodeImage(input: Buffer | string, type: ImageType): Promise<ReencodeResult> {
  const sharp = await loadSharp();
  try {
    // Every frame counts: an animated GIF of many frames, each under the limit, is a bomb too.
    const header = await sharp(input, inputOptions(type === 'image/gif')).metadata();
    const width = header.width ?? 0;
    const frames = Math.max(header.height ?? 0, (header.pageHeight ?? header.height ?? 0) * (header.pages ?? 1));
    if (width * frames > MAX_IMAGE_PIXELS) return { ok: false, message: IMAGE_TOO_MANY_PIXELS };
    // GIFs keep all their frames; a JPEG or PNG is one frame, turned upright by its EXIF orientation.
    const image: Sharp = type === 'image/gif' ? sharp(input, inputOptions(true)) : sharp(input, inputOptions(false)).rotate();
    const output = type === 'image/jpeg' ? image.jpeg({ quality: 85 }) : type === 'image/png' ? image.png() : image.gif();
    return { ok: true, data: await output.toBuffer() };
  } catch (error) {
    return { ok: false, message: isPixelLimit(error) ? IMAGE_TOO_MANY_PIXELS : IMAGE_NOT_DECODED };
  }
}

/**
 * A stored image made safe to embed in a PDF: decoded (bounded as above), flattened on
 * white, at most `maxSide` pixels on its longest side, as a baseline JPEG that pdfkit
 * embeds as it is (it never decodes it). undefined when the stored file does not decode:
 * the PDF shows a placeholder instead.
 */
export async function imageForPdf(data: Buffer, maxSide = 1600): Promise<Buffer | undefined> {
  const sharp = await loadSharp();
  try {
    return await sharp(data, inputOptions(false))
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    return undefined;
  }
}
