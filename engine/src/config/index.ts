export { mergeConfig } from './merge.ts';
export { BRAND_COLOR_TOKENS, DEFAULT_BRAND_COLORS, HEX_COLOR, brandingColorProblems, contrastRatio, type BrandColor } from './branding.ts';
