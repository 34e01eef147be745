import type { JSONSchemaType } from 'ajv';
import type { AppConfig } from './types.ts';
import { BRAND_COLOR_TOKENS, HEX_COLOR } from '@meldloket/engine';

const url = { type: 'string', minLength: 1 } as const;
const latLng = {
  type: 'object',
  additionalProperties: false,
  required: ['lat', 'lng'],
  properties: { lat: { type: 'number', minimum: -90, maximum: 90 }, lng: { type: 'number', minimum: -180, maximum: 180 } },
} as const;
const flag = { type: 'boolean' } as const;

/** JSON Schema of the configuration. The TypeScript type checks it stays in step with AppConfig. */
export const CONFIG_SCHEMA: JSONSchemaType<AppConfig> = {
  $id: 'https://meldloket.nl/schema/app-config.json',
  type: 'object',
  additionalProperties: false,
  required: ['municipality', 'siteTitle', 'branding', 'contact', 'links', 'features', 'map', 'endpoints', 'oidc', 'classification', 'retention'],
  properties: {
    municipality: { type: 'string', minLength: 1 },
    siteTitle: { type: 'string', minLength: 1 },
    branding: {
      type: 'object',
      additionalProperties: false,
      required: ['logo', 'logoAlt', 'favicon', 'colors'],
      properties: {
        logo: { type: 'string' },
        logoAlt: { type: 'string' },
        favicon: { type: 'string' },
        colors: {
          type: 'object',
          additionalProperties: false,
          required: [],
          properties: Object.fromEntries(Object.keys(BRAND_COLOR_TOKENS).map((key) => [key, { type: 'string', pattern: HEX_COLOR.source }])),
        } as unknown as JSONSchemaType<AppConfig['branding']['colors']>,
      },
    },
    classification: {
      type: 'object',
      additionalProperties: false,
      required: ['overigSubcategories'],
      properties: {
        overigSubcategories: { type: 'object', required: [], additionalProperties: { type: 'string', pattern: '^[a-z0-9-]+$' } },
      },
    },
    contact: {
      type: 'object',
      additionalProperties: false,
      required: ['phone', 'hours'],
      properties: { phone: { type: 'string', pattern: '^[0-9 ()+-]{3,17}$' }, hours: { type: 'string', minLength: 1 } },
    },
    retention: {
      type: 'object',
      additionalProperties: false,
      required: ['contactDays', 'deleteAfterYears'],
      properties: {
        contactDays: { type: 'integer', minimum: 1, maximum: 36500 },
        deleteAfterYears: { type: 'object', required: [], additionalProperties: { type: 'integer', nullable: true, minimum: 1, maximum: 100 } },
      },
    },
    links: {
      type: 'object',
      additionalProperties: false,
      required: ['home', 'about', 'privacy', 'accessibility', 'appClose', 'help'],
      properties: { home: url, about: url, privacy: url, privacyStatement: { ...url, nullable: true }, accessibility: url, appClose: url, help: { type: 'string' } },
    },
    features: {
      type: 'object',
      additionalProperties: false,
      required: [
        'appMode',
        'showVulaanControls',
        'fetchQuestionsFromBackend',
        'usePredictions',
        'enablePublicIncidentsMap',
        'enablePublicSignalMap',
        'enableMyIncidents',
        'enableForwardIncidentToExternal',
        'showMaintenanceAsProjects',
        'showStandardTextAdminV1',
        'showStandardTextAdminV2',
      ],
      properties: {
        appMode: flag,
        showVulaanControls: flag,
        fetchQuestionsFromBackend: flag,
        usePredictions: flag,
        enablePublicIncidentsMap: flag,
        enablePublicSignalMap: flag,
        enableMyIncidents: flag,
        enableForwardIncidentToExternal: flag,
        showMaintenanceAsProjects: flag,
        showStandardTextAdminV1: flag,
        showStandardTextAdminV2: flag,
      },
    },
    map: {
      type: 'object',
      additionalProperties: false,
      required: ['center', 'zoom', 'minZoom', 'maxZoom', 'bounds', 'tiles', 'municipality'],
      properties: {
        center: latLng,
        zoom: { type: 'integer', minimum: 0, maximum: 20 },
        minZoom: { type: 'integer', minimum: 0, maximum: 20 },
        maxZoom: { type: 'integer', minimum: 0, maximum: 20 },
        bounds: {
          type: 'object',
          additionalProperties: false,
          required: ['south', 'west', 'north', 'east'],
          properties: {
            south: { type: 'number', minimum: -90, maximum: 90 },
            west: { type: 'number', minimum: -180, maximum: 180 },
            north: { type: 'number', minimum: -90, maximum: 90 },
            east: { type: 'number', minimum: -180, maximum: 180 },
          },
        },
        tiles: {
          type: 'object',
          additionalProperties: false,
          required: ['url', 'attribution'],
          properties: { url: { type: 'string', pattern: '\\{z\\}.*\\{x\\}.*\\{y\\}' }, attribution: { type: 'string' } },
        },
        municipality: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
      },
    },
    endpoints: {
      type: 'object',
      additionalProperties: false,
      required: ['api', 'addressSuggest', 'reverseGeocode', 'wfs'],
      properties: {
        api: { type: 'string', pattern: '^(|https?://[^\\s]+[^/]|/[^\\s]*[^/])$' },
        addressSuggest: url,
        reverseGeocode: url,
        wfs: { type: 'object', required: [], additionalProperties: { type: 'string', minLength: 1 } },
      },
    },
    oidc: {
      type: 'object',
      additionalProperties: false,
      required: ['issuer', 'clientId', 'scope'],
      properties: {
        // an absolute http(s) URL or a path on the page's origin, without a trailing slash
        issuer: { type: 'string', pattern: '^(https?://[^\\s/]+(/[^\\s]*[^/\\s])?|/[^\\s]*[^/\\s])$' },
        clientId: { type: 'string', minLength: 1 },
        scope: { type: 'string', pattern: '(^|\\s)openid(\\s|$)' },
      },
    },
  },
};
