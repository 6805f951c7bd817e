import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { arena: '/arena' },
  logColours: { fight: 'bg-rose-500' },
} as const satisfies Manifest;

// Gives this feature's paths and log colours their types in client/paths.ts and client/manifests.ts.
declare module '../../lib/feature' {
  interface Manifests {
    arena: typeof manifest;
  }
}

/** The arena with the opponent list searched for this player, ready to fight them. */
export const arenaFightPath = (username: string) => `/arena?q=${encodeURIComponent(username)}`;
