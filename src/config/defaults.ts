import type { AppConfig } from './types.ts';

/** Defaults: the embedded server on the same origin and its stand-ins for the outside services. */
export const DEFAULT_CONFIG: AppConfig = {
  municipality: 'Amsterdam', // = the engine's DEFAULT_MUNICIPALITY (config.test.ts; no engine import in the first page's entry)
  siteTitle: 'Meldloket', // = the engine's PRODUCT_NAME (config.test.ts)
  branding: { logo: '', logoAlt: '', favicon: '', colors: {} },
  contact: { phone: '14 020', hours: 'maandag tot en met vrijdag van 08.00 tot 18.00 uur' },
  links: {
    home: '/',
    about: 'https://www.amsterdam.nl/overdezesite/',
    privacy: '/privacy',
    privacyStatement: 'https://www.amsterdam.nl/privacy/',
    accessibility: '/toegankelijkheidsverklaring',
    appClose: '/incident/beschrijf',
    help: '',
  },
  features: {
    appMode: false,
    showVulaanControls: true,
    fetchQuestionsFromBackend: false,
    usePredictions: true,
    enablePublicIncidentsMap: false,
    enablePublicSignalMap: false,
    enableMyIncidents: false,
    enableForwardIncidentToExternal: false,
    showMaintenanceAsProjects: false,
    showStandardTextAdminV1: true,
    showStandardTextAdminV2: false,
  },
  map: {
    center: { lat: 52.3731081, lng: 4.8932945 },
    zoom: 11,
    minZoom: 7,
    maxZoom: 16,
    bounds: { south: 52.25168, west: 4.64034, north: 52.50536, east: 5.10737 },
    tiles: { url: '/stand-ins/tiles/{z}/{x}/{y}.png', attribution: 'Kaartgegevens: Meldloket (stand-in)' },
    municipality: ['Amsterdam'],
  },
  endpoints: {
    api: '',
    addressSuggest: '/stand-ins/locatieserver/v3/suggest',
    reverseGeocode: '/stand-ins/locatieserver/v3/reverse',
    wfs: {
      containers: '/stand-ins/wfs/containers',
      streetlights: '/stand-ins/wfs/streetlights',
      clocks: '/stand-ins/wfs/clocks',
      trees: '/stand-ins/wfs/trees',
      streetTrees: '/stand-ins/wfs/bomen',
    },
  },
  oidc: {
    issuer: '/oidc',
    clientId: 'meldloket',
    scope: 'openid email profile offline_access',
  },
  classification: { overigSubcategories: {} },
  // = the engine's DEFAULT_RETENTION (config.test.ts)
  retention: { contactDays: 365, deleteAfterYears: { o: 5, a: 1, s: 5 } },
};
