import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { home: '/' },
} as const satisfies Manifest;

// Gives this feature's paths and log colours their types in client/paths.ts and client/manifests.ts.
declare module '../../lib/feature' {
  interface Manifests {
    landing: typeof manifest;
  }
}

/** The spec's phone width: a visitor narrower than this at `/` goes to /login (home-page.tsx; the router preloads it). */
export const PHONE_QUERY = '(width < 640px)';
