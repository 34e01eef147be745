/**
 * The app's configuration: one typed object, validated by JSON Schema at start
 * (see schema.ts and docs/configuration.md). The defaults (defaults.ts) run
 * against the embedded server on the same origin.
 */
import type { BrandColor } from '@meldloket/engine';

/** The feature flags of the spec (docs/reference/README.md#product). */
export interface FeatureFlags {
  /** App mode: only a next button, no footer, a close-window prompt on the thank-you page, source 'app'. */
  appMode: boolean;
  /** Show the previous/next buttons on step 2 ('vulaan'). */
  showVulaanControls: boolean;
  /** Fetch a category's questions from the server instead of the bundled question sets. */
  fetchQuestionsFromBackend: boolean;
  /** Ask the server for a classification when the description field is left. */
  usePredictions: boolean;
  enablePublicIncidentsMap: boolean;
  enablePublicSignalMap: boolean;
  enableMyIncidents: boolean;
  enableForwardIncidentToExternal: boolean;
  /** Show type MAI as 'Projecten' instead of 'Groot onderhoud'. */
  showMaintenanceAsProjects: boolean;
  /** Staff menu: 'Standaard teksten' of the first generation (/manage/v1/standaardteksten). */
  showStandardTextAdminV1: boolean;
  /** Staff menu: 'Standaard teksten' of the second generation (/manage/v2/standaardteksten). */
  showStandardTextAdminV2: boolean;
}

export interface Links {
  /** Home page of the municipality (logo link). */
  home: string;
  about: string;
  privacy: string;
  /** The municipality's full privacy statement, linked from the privacy page (optional). */
  privacyStatement?: string;
  /** The accessibility statement; the app's own page by default. */
  accessibility: string;
  /** Where 'Sluit venster' goes in app mode when the window cannot be closed. */
  appClose: string;
  /** The staff menu's 'Help' (an external page); empty: no Help item. */
  help: string;
}

export interface LatLng {
  lat: number;
  lng: number;
}

export interface MapSettings {
  /** Default centre when no valid lat/lng query parameters are given. */
  center: LatLng;
  zoom: number;
  minZoom: number;
  maxZoom: number;
  /** A point must lie strictly inside these bounds (WGS84). */
  bounds: { south: number; west: number; north: number; east: number };
  /** Tile URL template ({z}/{x}/{y}) and its attribution. */
  tiles: { url: string; attribution: string };
  /** Municipality name(s) the address search filters on. */
  municipality: string[];
}

/** Where the app finds its services; relative paths are on the app's own origin. */
export interface Endpoints {
  /** Base of the Signalen API ('' = same origin); every API path starts with /signals/. */
  api: string;
  /** PDOK Locatieserver style suggest service. */
  addressSuggest: string;
  /** PDOK Locatieserver style reverse geocoder. */
  reverseGeocode: string;
  /** WFS-style layers by name (containers, streetlights, clocks, trees: the oaks, streetTrees: all street trees). */
  wfs: Record<string, string>;
}

/** Staff sign-in through an OpenID Connect provider (authorization code flow with PKCE). */
export interface OidcSettings {
  /** The issuer; a path ('/oidc') is relative to the page's origin. Discovery: `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  /** The public client registered for this app (no secret). */
  clientId: string;
  /** Scopes asked for; `offline_access` gives the refresh token the app renews its access token with. */
  scope: string;
}

/** The municipality's look (docs/configuration.md, "Branding"). */
export interface Branding {
  /** The logo in the header: a path on this site or an https URL ('' = the name as text). */
  logo: string;
  /** The logo's text alternative: what it says, e.g. 'Gemeente Utrecht'. */
  logoAlt: string;
  /** The site icon ('' = the built-in pin). */
  favicon: string;
  /** Design token overrides (#rrggbb); the server refuses a pair below WCAG AA contrast. */
  colors: Partial<Record<BrandColor, string>>;
}

export interface AppConfig {
  /** Name of the municipality, shown in the header and page titles. */
  municipality: string;
  branding: Branding;
  /** Title of the site, appended to page titles. */
  siteTitle: string;
  /** Public contact phone number and its hours (docs/reference/limits.md#constants). */
  contact: { phone: string; hours: string };
  links: Links;
  features: FeatureFlags;
  map: MapSettings;
  endpoints: Endpoints;
  oidc: OidcSettings;
  classification: ClassificationSettings;
  /**
   * How long reporters' data is kept (docs/privacy.md): the server fills it from the municipality's
   * `privacy.retention`; the privacy and accessibility pages state it. Defaults = the engine's
   * DEFAULT_RETENTION (config.test.ts).
   */
  retention: { contactDays: number; deleteAfterYears: Record<string, number | null> };
}

export interface ClassificationSettings {
  /**
   * Main category slug → the subcategory a prediction at the main level falls back to
   * (docs/reference/limits.md#validation). Without an entry: `{main}-overig`, or Signalen's `overig-{main}` where
   * that is the slug the category tree has.
   */
  overigSubcategories: Record<string, string>;
}

/** A partial configuration to lay over the defaults (any depth). */
export type ConfigOverride = { [K in keyof AppConfig]?: AppConfig[K] extends object ? Partial<AppConfig[K]> : AppConfig[K] };
