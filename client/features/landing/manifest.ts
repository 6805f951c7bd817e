import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { home: '/' },
} as const satisfies Manifest;

/** The spec's phone width: a visitor narrower than this at `/` goes to /login (home-page.tsx; the router preloads it). */
export const PHONE_QUERY = '(width < 640px)';
