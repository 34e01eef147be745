export { Layout, LayoutLoading, PageFrame } from './Layout.tsx';
export { Header } from './Header.tsx';
export { Footer } from './Footer.tsx';
export { ScrollToTop } from './ScrollToTop.tsx';
export { usePageTitle } from './usePageTitle.ts';
export { useHealthCheck, MAINTENANCE_PATH } from './useHealthCheck.ts';
export { PageLoading } from './PageLoading.tsx';
export type { LayoutHandle, LayoutVariant } from './handle.ts';
