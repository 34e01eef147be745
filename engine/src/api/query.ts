export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/**
 * A query string from an object: arrays repeat the key (`a=1&a=2`), null and
 * undefined are left out. Returns '' or a string starting with '?'.
 */
export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values as QueryValue[]) {
      if (value === null || value === undefined) continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Appends a query to a URL that may already have one. */
export function withQuery(url: string, query: Query | undefined): string {
  const qs = buildQuery(query);
  if (!qs) return url;
  return url.includes('?') ? `${url}&${qs.slice(1)}` : `${url}${qs}`;
}

/** The host (with port) of an absolute URL, or null for a relative one. */
export function hostOf(url: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(url);
  return match ? match[1].toLowerCase() : null;
}
