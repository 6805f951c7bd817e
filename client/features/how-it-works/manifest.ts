import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { howItWorks: '/how-it-works' },
} as const satisfies Manifest;

// Gives this feature's paths and log colours their types in client/paths.ts and client/manifests.ts.
declare module '../../lib/feature' {
  interface Manifests {
    'how-it-works': typeof manifest;
  }
}
