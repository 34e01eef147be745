/** Dutch texts more than one screen shows, once (docs/reference/texts.md#rules). */

/** While a page or a part of it loads. */
export const LOADING_TEXT = 'Bezig met laden…';

/** The back office's overview's heading: its screen's, and drawn while the screen loads (its route's `handle.heading`). */
export const OVERVIEW_HEADING = 'Overzicht meldingen';
