import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { scavenge: '/scavenge' },
  logColours: { scavenge: 'bg-amber-500', take: 'bg-emerald-500' },
} as const satisfies Manifest;

// Gives this feature's paths and log colours their types in client/paths.ts and client/manifests.ts.
declare module '../../lib/feature' {
  interface Manifests {
    scavenge: typeof manifest;
  }
}
