/** A route's `handle`, as the page frame reads it (Layout.tsx). */

/**
 * How the page frame looks on a route: 'map' is the short header over a full-width map; 'tall' the tall
 * header; 'staff' the staff frame whoever is signed in (the sign-in's callback, on its way back to the
 * back office, is drawn in the frame of the page it returns to).
 */
export type LayoutVariant = 'map' | 'tall' | 'staff';
export interface LayoutHandle {
  layout?: LayoutVariant;
}
