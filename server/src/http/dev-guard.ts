/**
 * The development pages (/dev/…: the outbox with reporters' e-mail addresses and links, the
 * follow-up triggers) answer only this machine and PUBLIC_URL, never another web site:
 *
 * - DNS rebinding: a page on evil.example whose name is made to point at 127.0.0.1 reaches the
 *   server from the developer's browser as same-origin, but with `Host: evil.example`. Only the
 *   loopback names (localhost, 127.0.0.0/8, [::1]) and PUBLIC_URL's host name are accepted.
 * - Cross-site writes: a form on another site may post to /dev/followup/… (a "simple" request
 *   needs no CORS preflight). A write whose `Origin` is not the server's own, or whose
 *   `Sec-Fetch-Site` says another site sent it, is refused.
 *
 * Both refusals are 403 in the contract's `{"detail": …}` shape. See docs/security.md.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from './api-error.ts';
import { isLoopback } from '../config.ts';

export const DEV_PREFIX = '/dev';
export const DEV_HOST_REFUSED = "De ontwikkelpagina's zijn alleen bereikbaar via localhost of PUBLIC_URL.";
export const DEV_CROSS_SITE_REFUSED = "De ontwikkelpagina's nemen geen formulieren van andere websites aan.";

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host name of a Host header ('localhost:8080' → 'localhost', '[::1]:80' → '::1'), lower case. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  return h.replace(/:\d*$/, '').replace(/\.$/, '');
}

const isDevPath = (url: string) => url === DEV_PREFIX || url.startsWith(`${DEV_PREFIX}/`) || url.startsWith(`${DEV_PREFIX}?`);

/** The onRequest hook guarding /dev/… (registered only when the development pages are on). */
export function devPagesGuard(publicUrl: string): onRequestAsyncHookHandler {
  let publicHost = '';
  try {
    publicHost = new URL(publicUrl).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    // no public host: the loopback names only
  }
  const allowedName = (name: string) => isLoopback(name) || (publicHost !== '' && name === publicHost);
  const sameOrigin = (request: FastifyRequest, origin: string) => {
    try {
      const url = new URL(origin);
      return allowedName(url.hostname.toLowerCase().replace(/^\[|\]$/g, '')) && url.host === (request.headers.host ?? '').toLowerCase();
    } catch {
      return false; // 'null' (a sandboxed frame, a file) or garbage
    }
  };
  return async (request) => {
    if (!isDevPath(request.url)) return;
    if (!allowedName(hostName(request.headers.host ?? ''))) throw ApiError.detail(403, DEV_HOST_REFUSED);
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (typeof site === 'string') {
      if (site !== 'same-origin' && site !== 'none') throw ApiError.detail(403, DEV_CROSS_SITE_REFUSED);
      // the browser itself says the form is this site's (no page can set this header); its Origin is
      // 'null' when the page's Referrer-Policy is no-referrer, so it is not read then
      return;
    }
    const origin = request.headers.origin;
    if (typeof origin === 'string' && !sameOrigin(request, origin)) throw ApiError.detail(403, DEV_CROSS_SITE_REFUSED);
  };
}
