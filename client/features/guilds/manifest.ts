import type { Manifest } from '../../lib/feature';

export const manifest = {
  paths: { guilds: '/guilds', guild: '/guilds/:id' },
  logColours: { guild: 'bg-indigo-500' },
} as const satisfies Manifest;

/** A guild's page (the `guild` path with its id). */
export const guildPath = (id: string) => `/guilds/${encodeURIComponent(id)}`;
