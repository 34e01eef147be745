/**
 * Query, path and per-status response schemas of the stand-ins. They answer in the
 * outside services' own formats (PDOK Locatieserver, WFS GeoJSON, PNG tiles), so the
 * schemas name what the app sends and reads and let every other key through: the real
 * services take many more parameters than these, in several spellings.
 */
const text = { type: 'string' } as const;
const textOrList = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } as const;
const open = { type: 'object', additionalProperties: true } as const;

/** `{"response": {"numFound", "start", "maxScore", "numFoundExact", "docs"}}`. */
const locatieserverResponse = {
  type: 'object',
  properties: {
    response: {
      type: 'object',
      additionalProperties: true,
      properties: {
        numFound: { type: 'integer' },
        start: { type: 'integer' },
        maxScore: { type: 'number' },
        numFoundExact: { type: 'boolean' },
        docs: { type: 'array', items: open },
      },
    },
  },
} as const;

export const SUGGEST_SCHEMA = {
  querystring: { type: 'object', additionalProperties: true, properties: { q: text, fq: textOrList, rows: text } },
  response: { 200: locatieserverResponse },
} as const;

export const REVERSE_SCHEMA = {
  querystring: {
    type: 'object',
    additionalProperties: true,
    properties: { X: text, Y: text, x: text, y: text, lat: text, lon: text, distance: text, rows: text, type: text, fq: textOrList },
  },
  response: { 200: locatieserverResponse, 400: { type: 'object', properties: { error: text } } },
} as const;

export const LOOKUP_SCHEMA = {
  querystring: { type: 'object', additionalProperties: true, properties: { id: text } },
  response: { 200: locatieserverResponse },
} as const;

const wfsError = { type: 'object', properties: { error: { type: 'object', properties: { message: text } } } } as const;

export const WFS_SCHEMA = {
  params: { type: 'object', properties: { layer: text } },
  querystring: {
    type: 'object',
    additionalProperties: true,
    properties: { typeName: text, typename: text, typeNames: text, typenames: text, TYPENAME: text, bbox: text, BBOX: text, Filter: text, filter: text, FILTER: text, count: text, fail: text },
  },
  response: {
    200: {
      type: 'object',
      properties: { type: text, numberReturned: { type: 'integer' }, crs: open, features: { type: 'array', items: open } },
    },
    400: wfsError,
    // Only on request (fail=1), to show the map's message for a layer that is down.
    500: wfsError,
  },
} as const;

export const TILE_SCHEMA = {
  params: { type: 'object', properties: { z: text, x: text, y: text }, required: ['z', 'x', 'y'] },
  response: {
    // The PNG itself, sent as bytes.
    200: { type: 'string', contentMediaType: 'image/png' },
    404: { type: 'object', properties: { detail: text } },
  },
} as const;
