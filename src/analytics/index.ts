export { AnalyticsProvider, useAnalytics, usePageView, dataLayerAnalytics } from './analytics.tsx';
export type { Analytics, PageView } from './analytics.tsx';
