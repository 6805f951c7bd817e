/**
 * Security headers on every response the Worker writes (/api/*, /dev/*). The SPA and its files get theirs
 * from public/_headers, applied by the assets layer. The chat upgrade is left alone: a 101's headers are
 * immutable (docs/design.md section 4).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';

const COMMON = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  // Turns off a browser's legacy XSS auditor, whose blocking could be turned against the page; the CSP is the defence.
  'X-XSS-Protection': '0',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // Two years, every subdomain: browsers never try plain HTTP again (browsers ignore it on http://localhost).
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
};

/** JSON needs no sources at all; the dev mailbox page only its inline style attributes. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status === 101) return;
  const headers = c.res.headers;
  for (const [name, value] of Object.entries(COMMON)) headers.set(name, value);
  headers.set('Content-Security-Policy', headers.get('Content-Type')?.startsWith('text/html') ? PAGE_CSP : API_CSP);
  // Answers about a player must never be stored by shared caches.
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
};
