/**
 * The layout constants of docs/reference/limits.md#constants, in one place. The stylesheet reads them as CSS
 * custom properties set by the page frame (`layoutStyle`); the menu breakpoint is
 * read by script (a media query cannot use a custom property).
 */
import type { CSSProperties } from 'react';

export const LAYOUT = {
  /** Content max width for signed-in staff. */
  contentMaxWidth: 1400,
  /** Unauthenticated visitors get a fixed grid of at most 960 px. */
  anonymousGridMaxWidth: 960,
  headerTall: 116,
  headerShort: 50,
  headerBottomGap: 44,
  /** Top padding under the (fixed) short header; 0 for the tall header. */
  topPadding: 50,
  /** Bottom padding of the page for signed-in staff. */
  bottomPaddingAuthenticated: 20,
  footerHeight: 66,
  /** Below this width the staff menu collapses to a toggle. */
  menuBreakpoint: 1320,
  /** Grid layouts: small up to 540, medium to 1024, big to 1200, large to 1430, xLarge above. */
  grid: { small: 540, medium: 1024, big: 1200, large: 1430 },
} as const;

/** The media query under which the staff menu is a toggle. */
export const COLLAPSED_MENU_QUERY = `(max-width: ${LAYOUT.menuBreakpoint - 0.02}px)`;

/** A phone: the small grid (up to 540 px), where a page shows its content before its tools. */
export const PHONE_QUERY = `(max-width: ${LAYOUT.grid.small}px)`;

const px = (n: number) => `${n}px`;

/** The constants as custom properties on the page frame. */
export function layoutStyle(): CSSProperties {
  return {
    '--ml-content-max-width': px(LAYOUT.contentMaxWidth),
    '--ml-grid-max-width': px(LAYOUT.anonymousGridMaxWidth),
    '--ml-header-tall': px(LAYOUT.headerTall),
    '--ml-header-short': px(LAYOUT.headerShort),
    '--ml-header-bottom-gap': px(LAYOUT.headerBottomGap),
    '--ml-top-padding': px(LAYOUT.topPadding),
    '--ml-bottom-padding-authenticated': px(LAYOUT.bottomPaddingAuthenticated),
    '--ml-footer-height': px(LAYOUT.footerHeight),
  } as CSSProperties;
}
