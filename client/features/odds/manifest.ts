import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { odds: '/odds' },
} as const satisfies Manifest;

// Gives this feature's paths and log colours their types in client/paths.ts and client/manifests.ts.
declare module '../../lib/feature' {
  interface Manifests {
    odds: typeof manifest;
  }
}

/** The odds page at one zone's table. */
export const zoneOddsPath = (zone: string) => `/odds#zone-${zone}`;
