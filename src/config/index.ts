export type { AppConfig, FeatureFlags, Links, MapSettings, Endpoints, LatLng, ConfigOverride, OidcSettings, ClassificationSettings } from './types.ts';
export { DEFAULT_CONFIG } from './defaults.ts';
export { CONFIG_SCHEMA } from './schema.ts';
// loadConfig, mergeConfig and ConfigError: import them from './load.ts', configFromWindow from './window.ts'. They
// bring the schema validator, which the page loads only for a deployment's override (src/main.tsx).
export { ConfigProvider, useConfig } from './context.tsx';
export { placeholderValues } from './placeholders.ts';
