/**
 * A Host header as HTTP allows it: a name or IPv4 address, or an IPv6 address in
 * brackets, with an optional port of at most 65535.
 */
export function isValidHost(host: string): boolean {
  const match = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/.exec(host);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}
