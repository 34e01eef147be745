/** Privacy by design (docs/privacy.md): retention, its job and the privacy officer's API. */
export { privacyPlugin, type PrivacyService, type PrivacyPluginOptions } from './plugin.ts';
export { privacyRoutes, PRIVACY_PERMISSION } from './routes.ts';
export { readRetention, DEFAULT_RETENTION, type RetentionConfig } from './config.ts';
export { reporterRightsRoutes, REPORTER_RIGHTS_PERMISSION } from './reporter-routes.ts';
