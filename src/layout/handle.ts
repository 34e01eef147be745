/** A route's `handle`, as the page frame reads it (Layout.tsx). */

/**
 * How the page frame looks on a route: 'map' is the short header over a full-width map; 'tall' the tall
 * header; 'staff' the staff frame whoever is signed in (the sign-in's callback, on its way back to the
 * back office, is drawn in the frame of the page it returns to).
 */
export type LayoutVariant = 'map' | 'tall' | 'staff';
export interface LayoutHandle {
  layout?: LayoutVariant;
  /**
   * The page's heading, known before its screen has loaded (from the route's parameters): drawn
   * with the loading line while the screen's code arrives, by the app (LayoutLoading) and by the
   * server in the frame it sends ahead (src/ahead/entry-server.tsx), so the heading a person reads
   * first stays in its place when the screen comes.
   */
  heading?: (params: Readonly<Record<string, string | undefined>>) => string | undefined;
  /**
   * Whether the page draws the small map of the configured centre as soon as its screen is there (the
   * map step): the frame the server sends ahead then asks for that map's tiles before any script runs
   * (src/ahead/entry-server.tsx), so they are in when the map is drawn.
   */
  introMap?: (params: Readonly<Record<string, string | undefined>>) => boolean;
}

type HandleMatch = { handle?: unknown; params: Readonly<Record<string, string | undefined>> };

/** Whether one of these matches draws the small map at once (`handle.introMap`). */
export function drawsIntroMap(matches: readonly HandleMatch[]): boolean {
  return matches.some((match) => (match.handle as LayoutHandle | undefined)?.introMap?.(match.params) === true);
}

/** The heading of the deepest route that knows one (`handle.heading`), for these matches. */
export function loadingHeading(matches: readonly HandleMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const heading = (matches[i]!.handle as LayoutHandle | undefined)?.heading?.(matches[i]!.params);
    if (heading) return heading;
  }
  return undefined;
}
