import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { market: '/market' },
  logColours: { market: 'bg-teal-600' },
} as const satisfies Manifest;

// Gives this feature's paths and log colours their types in client/paths.ts and client/manifests.ts.
declare module '../../lib/feature' {
  interface Manifests {
    market: typeof manifest;
  }
}

/** The market with the form that lists this item for sale open (an item's details link here). */
export const marketSellPath = (itemId: string) => `/market?sell=${encodeURIComponent(itemId)}`;
