/**
 * A tile stand-in for the national background map in RD (EPSG:28992): every
 * `/tiles/{z}/{x}/{y}.png` is drawn on the fly as a 256×256 PNG showing the
 * bundled streets, so the map shows something useful without the internet.
 * The tile grid is that of the PDOK WMTS (origin -285401.92, 903401.92).
 */
import { deflateSync } from 'node:zlib';
import { wgs84ToRd } from '@meldloket/engine';
import { STREETS } from './streets.ts';
import { TILE_SCHEMA } from './schemas.ts';
import type { RoutePlugin } from '../../http/typed.ts';

export const TILE_SIZE = 256;
export const RD_ORIGIN: [number, number] = [-285401.92, 903401.92];
export const RD_RESOLUTIONS = [3440.64, 1720.32, 860.16, 430.08, 215.04, 107.52, 53.76, 26.88, 13.44, 6.72, 3.36, 1.68, 0.84, 0.42, 0.21, 0.105];

const BACKGROUND: [number, number, number] = [238, 234, 226];
const GRID: [number, number, number] = [226, 221, 212];
const STREET: [number, number, number] = [255, 255, 255];
const CASING: [number, number, number] = [196, 188, 176];

type Segment = [number, number, number, number];

const METRES_PER_DEGREE_LAT = 111_320;
const segments: Segment[] = STREETS.map(([, lat, lng, bearing, length]) => {
  const rad = (bearing * Math.PI) / 180;
  const half = length / 2;
  const dLat = (half * Math.cos(rad)) / METRES_PER_DEGREE_LAT;
  const dLng = (half * Math.sin(rad)) / (METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180));
  const a = wgs84ToRd({ lat: lat - dLat, lng: lng - dLng });
  const b = wgs84ToRd({ lat: lat + dLat, lng: lng + dLng });
  return [a.x, a.y, b.x, b.y];
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes RGB pixels (width × height × 3 bytes) as a PNG. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 3 + 1)] = 0;
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

function fill(rgb: Uint8Array, colour: [number, number, number]) {
  for (let i = 0; i < rgb.length; i += 3) rgb.set(colour, i);
}

function dot(rgb: Uint8Array, cx: number, cy: number, radius: number, colour: [number, number, number]) {
  for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y += 1) {
    if (y < 0 || y >= TILE_SIZE) continue;
    for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x += 1) {
      if (x < 0 || x >= TILE_SIZE) continue;
      if ((x - cx) ** 2 + (y - cy) ** 2 <= radius * radius) rgb.set(colour, (y * TILE_SIZE + x) * 3);
    }
  }
}

function line(rgb: Uint8Array, x0: number, y0: number, x1: number, y1: number, width: number, colour: [number, number, number]) {
  const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
  for (let i = 0; i <= steps; i += 1) {
    const t = steps === 0 ? 0 : i / steps;
    dot(rgb, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, width / 2, colour);
  }
}

const cache = new Map<string, Buffer>();

/** Draws tile z/x/y of the RD grid; null when the zoom level does not exist. */
export function renderTile(z: number, x: number, y: number): Buffer | null {
  const resolution = RD_RESOLUTIONS[z];
  if (resolution === undefined || x < 0 || y < 0) return null;
  const key = `${z}/${x}/${y}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const rgb = new Uint8Array(TILE_SIZE * TILE_SIZE * 3);
  fill(rgb, BACKGROUND);
  for (let p = 0; p < TILE_SIZE; p += 64) {
    for (let q = 0; q < TILE_SIZE; q += 1) {
      rgb.set(GRID, (p * TILE_SIZE + q) * 3);
      rgb.set(GRID, (q * TILE_SIZE + p) * 3);
    }
  }
  const minX = RD_ORIGIN[0] + x * TILE_SIZE * resolution;
  const maxY = RD_ORIGIN[1] - y * TILE_SIZE * resolution;
  const width = Math.max(1, Math.min(14, 14 / resolution));
  const margin = 20 * resolution + width;
  for (const [ax, ay, bx, by] of segments) {
    const px0 = (ax - minX) / resolution;
    const py0 = (maxY - ay) / resolution;
    const px1 = (bx - minX) / resolution;
    const py1 = (maxY - by) / resolution;
    if (Math.max(px0, px1) < -margin || Math.min(px0, px1) > TILE_SIZE + margin) continue;
    if (Math.max(py0, py1) < -margin || Math.min(py0, py1) > TILE_SIZE + margin) continue;
    if (width > 3) line(rgb, px0, py0, px1, py1, width + 2, CASING);
    line(rgb, px0, py0, px1, py1, width, width > 3 ? STREET : CASING);
  }
  const png = encodePng(TILE_SIZE, TILE_SIZE, rgb);
  if (cache.size > 2000) cache.clear();
  cache.set(key, png);
  return png;
}

export const tiles: RoutePlugin = async (app) => {
  app.get('/tiles/:z/:x/:y', { schema: TILE_SCHEMA }, async (request, reply) => {
    const z = Number(request.params.z);
    const x = Number(request.params.x);
    const y = Number(request.params.y.replace(/\.png$/, ''));
    const png = [z, x, y].every(Number.isInteger) ? renderTile(z, x, y) : null;
    if (!png) return reply.code(404).send({ detail: 'Niet gevonden.' });
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png as never); // bytes: the schema's 200 is an image/png string
  });
};
