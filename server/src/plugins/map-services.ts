/**
 * Which map services the app uses (docs/operations.md): the national ones of PDOK — the
 * background map BRT-Achtergrondkaart (WMTS in EPSG:28992) and the Locatieserver
 * (suggest, reverse) — or the embedded stand-ins under /stand-ins, which speak the same
 * formats, for tests and machines without internet.
 *
 * MAP_SERVICES=national|stand-in|auto (default auto). With auto the server asks both
 * national services once at start, each within a short timeout, and uses them only when
 * both answer. The choice is printed in the start-up line, shown in the map's
 * attribution, added to the Content-Security-Policy (exactly those hosts) and handed
 * to the app by `/app-config.js`.
 */
export type MapServicesSetting = 'national' | 'stand-in' | 'auto';
export type MapServicesChoice = 'national' | 'stand-in';

/** The national services. Tests point them at a local fake that speaks their format. */
export interface NationalServices {
  tiles: string;
  addressSuggest: string;
  reverseGeocode: string;
  /** Asked at start in auto mode: one tile and one suggestion. */
  probes: string[];
}

export const PDOK: NationalServices = {
  tiles: 'https://service.pdok.nl/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:28992/{z}/{x}/{y}.png',
  addressSuggest: 'https://api.pdok.nl/bzk/locatieserver/search/v3_1/suggest',
  reverseGeocode: 'https://api.pdok.nl/bzk/locatieserver/search/v3_1/reverse',
  probes: [
    'https://service.pdok.nl/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:28992/5/16/16.png',
    'https://api.pdok.nl/bzk/locatieserver/search/v3_1/suggest?q=Amstel&rows=1',
  ],
};

export interface MapServices {
  choice: MapServicesChoice;
  /** Why: 'ingesteld' (set explicitly) or what the probe found. */
  reason: string;
  /** What the app's configuration gets laid over its defaults (empty for the stand-ins). */
  appConfig: { map?: { tiles: { url: string; attribution: string } }; endpoints?: { addressSuggest: string; reverseGeocode: string } };
  /** Origins the Content-Security-Policy must allow (img-src and connect-src). */
  origins: string[];
}

export function parseMapServices(value: string | undefined): MapServicesSetting {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'national' || v === 'stand-in' || v === 'auto') return v;
  if (v === '') return 'auto';
  throw new Error(`MAP_SERVICES="${value}" is onbekend: kies national, stand-in of auto.`);
}

/** Whether a URL answers 200 within `timeoutMs`. */
async function answers(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

const origin = (url: string) => new URL(url).origin;

export async function decideMapServices(setting: MapServicesSetting, national: NationalServices = PDOK, timeoutMs = 2500): Promise<MapServices> {
  const standIn = (reason: string): MapServices => ({ choice: 'stand-in', reason, appConfig: {}, origins: [] });
  if (setting === 'stand-in') return standIn('ingesteld met MAP_SERVICES=stand-in');
  if (setting === 'auto') {
    const results = await Promise.all(national.probes.map((url) => answers(url, timeoutMs)));
    if (!results.every(Boolean)) return standIn(`de landelijke kaartdiensten (PDOK) antwoordden niet binnen ${timeoutMs / 1000} s`);
  }
  return {
    choice: 'national',
    reason: setting === 'national' ? 'ingesteld met MAP_SERVICES=national' : 'de landelijke kaartdiensten (PDOK) antwoorden',
    appConfig: {
      map: { tiles: { url: national.tiles, attribution: 'Kaartgegevens © Kadaster (BRT-Achtergrondkaart, PDOK)' } },
      endpoints: { addressSuggest: national.addressSuggest, reverseGeocode: national.reverseGeocode },
    },
    origins: [...new Set([national.tiles, national.addressSuggest, national.reverseGeocode].map(origin))],
  };
}

/** The one line the start-up prints about the map. */
export function describeMapServices(services: MapServices): string {
  return services.choice === 'national'
    ? `kaart en adressen: landelijke diensten van PDOK (${services.reason})`
    : `kaart en adressen: ingebouwde stand-ins, geen echte kaart (${services.reason})`;
}
