/** Dutch texts more than one screen shows, once (docs/reference/texts.md#rules). */

/** While a page or a part of it loads. */
export const LOADING_TEXT = 'Bezig met laden…';
