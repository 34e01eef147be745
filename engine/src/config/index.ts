export { mergeConfig } from './merge.ts';
export { BRAND_COLOR_TOKENS, DEFAULT_BRAND_COLORS, HEX_COLOR, brandingColorProblems, contrastRatio, type BrandColor } from './branding.ts';
export { PRODUCT_NAME, DEFAULT_MUNICIPALITY, API_SYSTEM_WHO, mailSignature } from './identity.ts';
export { DEFAULT_RETENTION, type RetentionConfig } from './retention.ts';
