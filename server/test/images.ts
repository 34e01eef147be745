/**
 * Test images made with sharp: a camera photo with EXIF (camera, GPS position, orientation),
 * XMP and IPTC, and a PNG, a JPEG and a GIF that pass the upload's content checks (type,
 * extension, end marker) but do not decode: a wrong zlib checksum, a broken Huffman
 * scan, garbage LZW data.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/** The CRC-32 of a PNG chunk (over its type and data). */
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** One PNG chunk: length, type, data and the CRC over type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Noise, so the images are not trivially compressible and every decoder has work to do. */
function noise(width: number, height: number, channels: 3 | 4): Buffer {
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37 + (i >> 7) * 11) % 251;
  return raw;
}

export const CAMERA = { make: 'FaultyCam', model: 'Spion 3000', software: 'GeheimeApp 1.0' };
/** Dam square, as degrees/minutes/seconds the EXIF GPS fields hold. */
export const GPS = { latitude: '52/1 22/1 2316/100', longitude: '4/1 53/1 3696/100' };
export const XMP_MARK = 'geheime-xmp-notitie';
export const IPTC_MARK = 'geheime-iptc-plaats';

/** An IPTC block as cameras and photo apps write it: an APP13 'Photoshop 3.0' segment with an 8BIM resource. */
function iptcSegment(text: string): Buffer {
  const dataset = Buffer.concat([Buffer.from([0x1c, 0x02, 0x5a]), Buffer.from([0, text.length]), Buffer.from(text, 'latin1')]); // 2:90 City
  const resource = Buffer.concat([Buffer.from('8BIM', 'latin1'), Buffer.from([0x04, 0x04, 0, 0]), Buffer.alloc(4), dataset, Buffer.alloc(dataset.length % 2)]);
  resource.writeUInt32BE(dataset.length, 8);
  const body = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
  const head = Buffer.from([0xff, 0xed, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * A 60×30 JPEG as a phone writes it: EXIF with camera, software and GPS position, the
 * orientation 6 (turn 90° clockwise to show: the photo is 30×60 upright), XMP and IPTC.
 */
export async function cameraPhoto(): Promise<Buffer> {
  const jpeg = await sharp(noise(60, 30, 3), { raw: { width: 60, height: 30, channels: 3 } })
    .jpeg()
    .withExif({
      IFD0: { Make: CAMERA.make, Model: CAMERA.model, Software: CAMERA.software },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: GPS.latitude, GPSLongitudeRef: 'E', GPSLongitude: GPS.longitude },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description>${XMP_MARK}</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>`)
    .toBuffer();
  // IPTC right after SOI
  return Buffer.concat([jpeg.subarray(0, 2), iptcSegment(IPTC_MARK), jpeg.subarray(2)]);
}

/** Every trace of the camera's metadata a file can hold, by the bytes it would leave. */
export function metadataTraces(file: Buffer): string[] {
  const text = file.toString('latin1');
  const marks = ['Exif\0\0', CAMERA.make, CAMERA.model, CAMERA.software, XMP_MARK, 'http://ns.adobe.com/xap/1.0/', IPTC_MARK, 'Photoshop 3.0'];
  return marks.filter((m) => text.includes(m));
}

/** A 32×32 RGBA PNG whose zlib stream ends in a wrong Adler-32 (the chunk's CRC is right). */
export async function corruptPng(): Promise<Buffer> {
  const png = Buffer.from(await sharp(noise(32, 32, 4), { raw: { width: 32, height: 32, channels: 4 } }).png().toBuffer());
  let offset = 8;
  while (png.toString('latin1', offset + 4, offset + 8) !== 'IDAT') offset += 12 + png.readUInt32BE(offset);
  const end = offset + 8 + png.readUInt32BE(offset);
  png[end - 1] ^= 0xff;
  png[end - 2] ^= 0xff;
  png.writeUInt32BE(crc32(png.subarray(offset + 4, end)), end);
  return png;
}

/** A 32×32 JPEG whose entropy-coded scan is garbage (it still ends in EOI). */
export async function corruptJpeg(): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp(noise(32, 32, 3), { raw: { width: 32, height: 32, channels: 3 } }).jpeg().toBuffer());
  const sos = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  for (let i = sos + 20; i < jpeg.length - 10; i += 3) jpeg[i] = jpeg[i] === 0xff ? 0xfe : (jpeg[i]! ^ 0x5a) & 0xfe;
  return jpeg;
}

/** A 32×32 GIF whose LZW data is garbage (it still ends in the trailer 0x3B). */
export async function corruptGif(): Promise<Buffer> {
  const gif = Buffer.from(await sharp(noise(32, 32, 4), { raw: { width: 32, height: 32, channels: 4 } }).gif().toBuffer());
  const tableSize = gif[10]! & 0x80 ? 3 * (2 << (gif[10]! & 7)) : 0;
  const descriptor = gif.indexOf(0x2c, 13 + tableSize);
  for (let i = descriptor + 12; i < gif.length - 3; i++) if (i % 7) gif[i] = 0xff;
  return gif;
}

/** The three, with the name and type an upload gives them. */
export async function corruptImages(): Promise<{ filename: string; type: string; data: Buffer }[]> {
  return [
    { filename: 'kapot.png', type: 'image/png', data: await corruptPng() },
    { filename: 'kapot.jpg', type: 'image/jpeg', data: await corruptJpeg() },
    { filename: 'kapot.gif', type: 'image/gif', data: await corruptGif() },
  ];
}

/** A 1-bit PNG of 12,000 × 12,000 pixels (144 megapixels) in about 20 KB: a decompression bomb. */
export function pixelBomb(): Buffer {
  const side = 12_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(side * (1 + side / 8)); // filter byte 0 and all-black pixels
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}
