import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { admin: '/admin' },
} as const satisfies Manifest;

// Gives this feature's paths and log colours their types in client/paths.ts and client/manifests.ts.
declare module '../../lib/feature' {
  interface Manifests {
    moderation: typeof manifest;
  }
}
