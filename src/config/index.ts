export type { AppConfig, FeatureFlags, Links, MapSettings, Endpoints, LatLng, ConfigOverride, OidcSettings, ClassificationSettings } from './types.ts';
export { DEFAULT_CONFIG } from './defaults.ts';
export { CONFIG_SCHEMA } from './schema.ts';
export { loadConfig, mergeConfig, ConfigError } from './load.ts';
export { configFromWindow } from './window.ts';
export { ConfigProvider, useConfig } from './context.tsx';
export { placeholderValues } from './placeholders.ts';
