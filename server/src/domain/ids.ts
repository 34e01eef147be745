/** A canonical UUID (8-4-4-4-12 hex): the one check before any uuid column is queried. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A UUID as Python's uuid.UUID reads it (canonical, `urn:uuid:…`, braces, no
 * hyphens), normalised to lower-case canonical form; undefined when it is none.
 */
export function normaliseUuid(value: string): string | undefined {
  const hex = value.trim().replace(/^urn:uuid:/i, '').replace(/^\{(.*)\}$/, '$1').replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) return undefined;
  const h = hex.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
