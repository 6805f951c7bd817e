import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { profile: '/profile' },
  logColours: { swap: 'bg-sky-500', trophy: 'bg-violet-500', delete: 'bg-red-500', upgrade: 'bg-lime-500' },
} as const satisfies Manifest;

// Gives this feature's paths and log colours their types in client/paths.ts and client/manifests.ts.
declare module '../../lib/feature' {
  interface Manifests {
    profile: typeof manifest;
  }
}

/** Location state that opens the profile's Log: the phone's More sheet reaches the Log from any screen. */
export const OPEN_LOG = { open: 'log' } as const;
