import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { guilds: '/guilds', guild: '/guilds/:id' },
  logColours: { guild: 'bg-indigo-500' },
} as const satisfies Manifest;

// Gives this feature's paths and log colours their types in client/paths.ts and client/manifests.ts.
declare module '../../lib/feature' {
  interface Manifests {
    guilds: typeof manifest;
  }
}

/** A guild's page (the `guild` path with its id). */
export const guildPath = (id: string) => `/guilds/${encodeURIComponent(id)}`;
