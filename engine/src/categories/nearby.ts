/**
 * The radius of a (sub)category's open reports nearby (docs/duplicates.md, 'Is dit hetzelfde probleem?'):
 * metres around a point, a setting of the category; the default and the bounds the settings
 * screen and the API accept.
 */
export const NEARBY_RADIUS = { default: 50, min: 10, max: 500 } as const;
